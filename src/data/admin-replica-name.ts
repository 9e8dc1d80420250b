/**
 * Which local database holds an admin's replica. Each admin has their own: an admin who signs out
 * with changes still waiting keeps them on the device (engine-store.ts `disposable`), and the next
 * admin to sign in on it must neither see them nor push them as their own. The first admin on a
 * device takes the plain name (what every admin shared before, so that what an earlier version
 * kept there still goes to the admin who made it); the device remembers whose it is until it is
 * wiped, and any other admin gets a database named after their user id.
 */
const PLAIN_NAME = 'cdo-admin';
const OWNER_KEY = 'cdo-admin-owner';

type OwnerStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The database name of `userId`'s replica (the plain one when the user is not known). */
export function adminReplicaName(userId: string | null | undefined, storage: OwnerStore): string {
  if (!userId) return PLAIN_NAME;
  const owner = storage.getItem(OWNER_KEY);
  if (owner === null) {
    storage.setItem(OWNER_KEY, userId);
    return PLAIN_NAME;
  }
  return owner === userId ? PLAIN_NAME : `${PLAIN_NAME}-${userId}`;
}

/** The database `name` was wiped: the plain name is free for the next admin. */
export function adminReplicaWiped(name: string, storage: OwnerStore): void {
  if (name === PLAIN_NAME) storage.removeItem(OWNER_KEY);
}
