/**
 * The pull checkpoint: the (`_modified`, `id`) of the last row pulled. The server stamps `_modified`
 * so that a row that commits later always has a later stamp (the change clock of
 * docs/decisions/001-soft-deletes.md), so "every row after my checkpoint, in (`_modified`, `id`)
 * order" misses nothing, not even a row written by a slow transaction. `id` breaks ties between rows
 * of one statement, which share nothing but still get distinct stamps; it keeps the order total.
 */

export interface PullCheckpoint {
  /** The last pulled row's `_modified`, canonical (sync/replication/documents.ts). */
  modified: string;
  id: string;
}

/** A PostgREST filter value, double-quoted so that `,` `.` `:` `(` `)` inside it are literal. */
function quoted(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * The `or` filter (without its parentheses, as supabase-js `.or()` takes it) for rows after the
 * checkpoint: `_modified > m OR (_modified = m AND id > i)`.
 */
export function rowsAfterFilter(checkpoint: PullCheckpoint): string {
  const modified = quoted(checkpoint.modified);
  return `_modified.gt.${modified},and(_modified.eq.${modified},id.gt.${quoted(checkpoint.id)})`;
}

/** The checkpoint after a batch of pulled documents (local form: `modified`), or the previous one. */
export function checkpointAfter(
  documents: readonly { id: string; modified?: string }[],
  previous: PullCheckpoint | undefined,
): PullCheckpoint | undefined {
  const last = documents.at(-1);
  if (!last?.modified) return previous;
  return { modified: last.modified, id: last.id };
}
