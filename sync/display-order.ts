/**
 * The order of lists an admin arranges (display_order), the same wherever a page reads them: the
 * server's reads (`order=display_order.asc,id.asc`) and the replica's. Rows that share a place (new
 * ones all start at 0) are ordered by id, so a page does not swap them when the replica takes over.
 */

/** Ids in the order PostgreSQL sorts uuids (byte by byte, as their lower-case text sorts). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rows by display order, rows of the same place by id. */
export function byDisplayOrder<T extends { display_order: number; id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.display_order - b.display_order || compareIds(a.id, b.id));
}

/**
 * An agenda's order: by start, then end, then id, so that parallel sessions (two tracks at 10:00)
 * keep one order in the server's reads and the replica's, whatever order the rows come in.
 */
export function bySessionTime<T extends { start_time: string; end_time: string; id: string }>(
  sessions: readonly T[],
): T[] {
  const at = (time: string) => Date.parse(time);
  return [...sessions].sort(
    (a, b) => at(a.start_time) - at(b.start_time) || at(a.end_time) - at(b.end_time) || compareIds(a.id, b.id),
  );
}

/**
 * Rows by name as a reader sorts them (case and accents aside: 'dbt Labs' by 'Databricks', 'Élan'
 * by 'Elan'), then by id. The server's own order depends on its database's collation (byte order
 * on a C locale), so a page sorts what it read with this, as the replica does.
 */
export function byName<T extends { name: string; id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => compareNames(a.name, b.name) || compareIds(a.id, b.id));
}

/**
 * Two names as an English collation at base strength orders them. Making a collator loads the
 * browser's collation data, a task of 20-30 ms on a phone-class CPU, on every page that merely
 * imports this module; so names of plain letters, digits and spaces once case and accents are set
 * aside (where that collation's order is the order of the characters' codes) are compared as they
 * are, and a collator is made only for a name with anything else in it.
 */
export function compareNames(a: string, b: string): number {
  const plainA = folded(a);
  const plainB = folded(b);
  if (PLAIN.test(plainA) && PLAIN.test(plainB)) return plainA < plainB ? -1 : plainA > plainB ? 1 : 0;
  nameOrder ??= new Intl.Collator('en', { sensitivity: 'base' });
  return nameOrder.compare(a, b);
}

/** Characters whose order at base strength is their codes' order (space, digits, then letters). */
const PLAIN = /^[0-9a-z ]*$/;

/** A name without accents and in lower case ('Élan' is 'elan'). */
function folded(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** One collation for the server's render and the browser's, so a page hydrates in the same order. */
let nameOrder: Intl.Collator | undefined;
