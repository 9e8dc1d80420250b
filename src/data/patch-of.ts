/**
 * What a save writes: only the fields a form (or an import row) changes. Writing the whole record
 * would overwrite what another admin changed meanwhile in the fields this one never touched; a patch
 * of the changed fields lets the sync engine merge both edits. A form's changes are measured from
 * the record as the form opened on it (`opened` in ui/list-page.tsx, the forms' own copy), not as it
 * is when saved: a field changed elsewhere meanwhile would otherwise count as changed back.
 */

/** A timestamp as Postgres, the replica or `toISOString` print it. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

function sameValue(before: unknown, after: unknown): boolean {
  if ((before ?? null) === (after ?? null)) return true;
  if (Array.isArray(before) && Array.isArray(after)) {
    return before.length === after.length && before.every((item, i) => item === after[i]);
  }
  // The replica and the server may print one instant differently ('...:00.000000Z', '...:00+00:00').
  if (typeof before === 'string' && typeof after === 'string' && TIMESTAMP.test(before) && TIMESTAMP.test(after)) {
    return Date.parse(before) === Date.parse(after);
  }
  return false;
}

/**
 * The fields of `next` whose values differ from `current`. Undefined in `next` means "not written";
 * null and a missing field are the same; arrays are equal item by item; two timestamps are equal when
 * they name the same instant.
 */
export function patchOf<N extends object>(current: { [K in keyof N]?: unknown }, next: N): Partial<N> {
  const patch: Partial<N> = {};
  for (const key of Object.keys(next) as (keyof N & string)[]) {
    const value = next[key];
    if (value !== undefined && !sameValue(current[key], value)) patch[key] = value;
  }
  return patch;
}
