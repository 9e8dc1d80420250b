/**
 * Which local database holds an admin's replica. Each admin has their own: an admin who signs out
 * with changes still waiting keeps them on the device (engine-store.ts `disposable`), and the next
 * admin to sign in on it must neither see them nor push them as their own. The first admin on a
 * device takes the plain name (what every admin shared before, so that what an earlier version
 * kept there still goes to the admin who made it); the device remembers whose it is until it is
 * wiped, and any other admin gets a database named after their user id. An admin whose own named
 * database is on the device goes on with it, even once the plain name is free again: it may hold
 * work kept at a sign-out, which the plain one would strand for good. (A wipe deletes a replica's
 * databases: an admin whose named one was wiped takes the plain name when it is free.)
 */
const PLAIN_NAME = 'cdo-admin';
const OWNER_KEY = 'cdo-admin-owner';

type OwnerStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The names of the IndexedDB databases this browser holds for the site. */
export type DatabaseNames = () => Promise<readonly string[]>;

/** This browser's databases; none where it cannot list them (then no named replica is found again). */
export const browserDatabaseNames: DatabaseNames = async () => {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  try {
    return (await indexedDB.databases()).map((database) => database.name ?? '');
  } catch {
    return [];
  }
};

/** Whether the replica `name` has a database here: RxDB's Dexie storage names each `rxdb-dexie-<name>--…`. */
async function held(name: string, databases: DatabaseNames): Promise<boolean> {
  const prefix = `rxdb-dexie-${name}--`;
  return (await databases()).some((database) => database.startsWith(prefix));
}

/** The database name of `userId`'s replica (the plain one when the user is not known). */
export async function adminReplicaName(
  userId: string | null | undefined,
  storage: OwnerStore,
  databases: DatabaseNames = browserDatabaseNames,
): Promise<string> {
  if (!userId) return PLAIN_NAME;
  const owner = storage.getItem(OWNER_KEY);
  if (owner === userId) return PLAIN_NAME;
  const own = `${PLAIN_NAME}-${userId}`;
  if (owner !== null || (await held(own, databases))) return own;
  storage.setItem(OWNER_KEY, userId);
  return PLAIN_NAME;
}

/** The database `name` was wiped: the plain name is free for the next admin. */
export function adminReplicaWiped(name: string, storage: OwnerStore): void {
  if (name === PLAIN_NAME) storage.removeItem(OWNER_KEY);
}
