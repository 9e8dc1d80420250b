/**
 * A replica's IndexedDB databases, found and deleted. RxDB's Dexie storage keeps one per collection
 * and per replication's records, each named `rxdb-dexie-<replica>--<schema version>--<collection>`;
 * its `remove()` empties them and leaves them, so a wipe deletes them (an admin's carry the admin's
 * user id in their names). A visitor's replica left them when it moved to the write log (decision
 * 039), whose own databases its `remove()` deletes.
 */

/** The databases of the replica `name` that RxDB's Dexie storage made in this browser. */
export async function dexieDatabasesOf(name: string): Promise<string[]> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  const prefix = `rxdb-dexie-${name}--`;
  return (await indexedDB.databases()).flatMap((database) =>
    database.name?.startsWith(prefix) ? [database.name] : [],
  );
}

/**
 * Deletes a database. Resolves once it is gone, or once the other tabs holding it open have been
 * asked to close it (Dexie closes on that; the deletion ends when they have).
 */
export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onblocked = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/**
 * A visitor's replica kept by RxDB's Dexie storage before the write log (a record per document) is
 * left behind: its databases are deleted and its tables' first-pull flags cleared (`clearFlags`), so
 * the pages wait for the tables to be pulled in full into the write log instead of reading an empty
 * one.
 */
export async function leaveDexieReplica(name: string, clearFlags: () => Promise<void>): Promise<void> {
  const names = await dexieDatabasesOf(name);
  if (names.length === 0) return;
  await clearFlags();
  await Promise.all(names.map(deleteDatabase));
}
