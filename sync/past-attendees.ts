/**
 * The order past highlights lists past attendees in, shared by the first-paint read
 * (first-paint.ts) and the replica's read (src/data/replica.ts). A module of its own, so that the
 * replica, which runs in a worker, does not bring the first-paint reads and their zod schemas along.
 */

/** Attendees each once, newest registration first, then by name: the order past highlights shows. */
export function distinctAttendees<T extends { id: string; name: string; registered_at: string }>(rows: T[]): T[] {
  const byId = new Map<string, T>();
  for (const row of rows) byId.set(row.id, row);
  return [...byId.values()].sort(
    (a, b) => Date.parse(b.registered_at) - Date.parse(a.registered_at) || a.name.localeCompare(b.name),
  );
}
