/**
 * Writing many rows of one table into the admin replica, as the back office's bulk edits do (a CSV
 * import, an invite list, a decision on many requests): patches go many to a local write
 * (`patchMany`: one IndexedDB transaction and one update of the lists on screen for each chunk, so
 * 200 rows cost a few writes instead of 200 re-renders of the page), new rows one by one (the engine
 * has no write that inserts many). Every row gets an outcome, so a report can say what was written,
 * what needed no write and what failed and why; the others go on past a failure. No React here: the
 * hook that holds the progress and the report is use-batch-write.ts.
 */
import { errorMessage } from '../lib/error-message.ts';
import type { DocPatch, NewDoc, TableName } from './admin-data.ts';

/** How many rows are written together. */
export const WRITES_TOGETHER = 100;

/** One row's change: a new row, a patch of an existing one, or null when it needs no write. */
export type RowChange<T extends TableName> = { insert: NewDoc<T> } | { id: string; patch: DocPatch<T> } | null;

export interface BatchItem<T extends TableName, S> {
  /** What the report names the row by (a CSV row, a request). */
  subject: S;
  change: RowChange<T>;
}

/** What became of one row. */
export type BatchResult<S> =
  { subject: S; outcome: 'inserted' | 'patched' | 'unchanged' } | { subject: S; outcome: 'failed'; message: string };

/** The writes a batch needs: the admin replica's (useAdminActions), or a test's. */
export interface BatchWriter {
  insert<T extends TableName>(table: T, doc: NewDoc<T>): Promise<unknown>;
  patchMany<T extends TableName>(
    table: T,
    patches: readonly { id: string; patch: DocPatch<T> }[],
  ): Promise<{ missing: string[] }>;
}

export interface BatchOptions {
  /** The reason given for a row to patch that is gone (deleted meanwhile). */
  missing: string;
  /** Called with how many rows are done, after each write. */
  onProgress(done: number): void;
  /** Rows written together (WRITES_TOGETHER unless a test says otherwise). */
  size?: number;
}

type PatchItem<T extends TableName, S> = BatchItem<T, S> & { change: { id: string; patch: DocPatch<T> } };

const isPatch = <T extends TableName, S>(item: BatchItem<T, S>): item is PatchItem<T, S> =>
  item.change !== null && 'patch' in item.change;

/** The outcome of a row whose write threw. */
const failed = <S>(subject: S, error: unknown): BatchResult<S> => ({
  subject,
  outcome: 'failed',
  message: errorMessage(error),
});

/** `items` in runs of `size`, in order. */
export function chunksOf<I>(items: readonly I[], size: number): I[][] {
  const chunks: I[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Writes `items` to `table` a chunk at a time: in each, the patches together, then the new rows one
 * by one. Resolves with each row's outcome, in the order of `items`; it does not throw.
 */
export async function writeInBatches<T extends TableName, S>(
  writer: BatchWriter,
  table: T,
  items: readonly BatchItem<T, S>[],
  { missing, onProgress, size = WRITES_TOGETHER }: BatchOptions,
): Promise<BatchResult<S>[]> {
  /** Patches rows in one local write; the outcome of each, in the order given. */
  async function patchTogether(patches: readonly PatchItem<T, S>[]): Promise<BatchResult<S>[]> {
    const written = await writer.patchMany(
      table,
      patches.map(({ change }) => change),
    );
    const gone = new Set(written.missing);
    return patches.map(({ subject, change }) =>
      gone.has(change.id) ? { subject, outcome: 'failed', message: missing } : { subject, outcome: 'patched' },
    );
  }

  async function patchChunk(patches: readonly PatchItem<T, S>[]): Promise<BatchResult<S>[]> {
    if (patches.length === 0) return [];
    try {
      return await patchTogether(patches);
    } catch {
      // One row the replica refuses fails the whole write: again one by one, so that the report names
      // the rows that fail and the others are written (patching a row twice to the same values is harmless).
      const results: BatchResult<S>[] = [];
      for (const item of patches) {
        results.push(...(await patchTogether([item]).catch((error: unknown) => [failed(item.subject, error)])));
      }
      return results;
    }
  }

  async function insertOne(subject: S, doc: NewDoc<T>): Promise<BatchResult<S>> {
    try {
      await writer.insert(table, doc);
      return { subject, outcome: 'inserted' };
    } catch (error) {
      return failed(subject, error);
    }
  }

  // By position in `items`; how many rows are done is how many have an outcome.
  const results = new Map<number, BatchResult<S>>();
  for (const chunk of chunksOf([...items.keys()], size)) {
    const patches = chunk.flatMap((at) => {
      const item = items[at]!;
      return isPatch(item) ? [{ at, item }] : [];
    });
    const patched = await patchChunk(patches.map(({ item }) => item));
    patches.forEach(({ at }, index) => results.set(at, patched[index]!));
    for (const at of chunk) {
      const { subject, change } = items[at]!;
      if (change === null) results.set(at, { subject, outcome: 'unchanged' });
    }
    onProgress(results.size);
    for (const at of chunk) {
      const { subject, change } = items[at]!;
      if (change === null || !('insert' in change)) continue;
      results.set(at, await insertOne(subject, change.insert));
      onProgress(results.size);
    }
  }
  return items.map((_, at) => results.get(at)!);
}
