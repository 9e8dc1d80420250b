/**
 * Which local database holds an admin's replica. Each admin has their own: an admin who signs out
 * with changes still waiting keeps them on the device (engine-store.ts `disposable`), and the next
 * admin to sign in on it must neither see them nor push them as their own. The first admin on a
 * device takes the plain name (what every admin shared before, so that what an earlier version
 * kept there still goes to the admin who made it); the device remembers whose it is until it is
 * wiped, and any other admin gets a database named after their user id. The device also remembers
 * who has such a database until it is wiped: that admin finds it again, with whatever waits in it,
 * even after the plain name has been freed.
 */
const PLAIN_NAME = 'cdo-admin';
const OWNER_KEY = 'cdo-admin-owner';
const NAMED_KEY = 'cdo-admin-named';

type OwnerStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const ownName = (userId: string) => `${PLAIN_NAME}-${userId}`;

/** The users who have a database named after them on this device. */
function namedOnes(storage: OwnerStore): string[] {
  try {
    const stored = JSON.parse(storage.getItem(NAMED_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function setNamedOnes(ids: readonly string[], storage: OwnerStore): void {
  if (ids.length === 0) storage.removeItem(NAMED_KEY);
  else storage.setItem(NAMED_KEY, JSON.stringify(ids));
}

/** The database name of `userId`'s replica (the plain one when the user is not known). */
export function adminReplicaName(userId: string | null | undefined, storage: OwnerStore): string {
  if (!userId) return PLAIN_NAME;
  const named = namedOnes(storage);
  if (named.includes(userId)) return ownName(userId);
  const owner = storage.getItem(OWNER_KEY);
  if (owner === null) {
    storage.setItem(OWNER_KEY, userId);
    return PLAIN_NAME;
  }
  if (owner === userId) return PLAIN_NAME;
  setNamedOnes([...named, userId], storage);
  return ownName(userId);
}

/** The database `name` was wiped: the plain name is free for the next admin, or a named one is gone. */
export function adminReplicaWiped(name: string, storage: OwnerStore): void {
  if (name === PLAIN_NAME) {
    storage.removeItem(OWNER_KEY);
    return;
  }
  const named = namedOnes(storage);
  const left = named.filter((id) => ownName(id) !== name);
  if (left.length !== named.length) setNamedOnes(left, storage);
}
