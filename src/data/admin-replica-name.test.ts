import { describe, expect, it } from 'vitest';
import { adminReplicaName, adminReplicaWiped, type DatabaseNames } from './admin-replica-name.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const ADA = '0b0b0b0b-0000-4000-8000-00000000000a';
const GRACE = '0b0b0b0b-0000-4000-8000-00000000000b';

/** A browser holding the databases of these replicas, as RxDB's Dexie storage names them. */
function holding(...replicas: string[]): DatabaseNames {
  return async () =>
    replicas.flatMap((name) => [`rxdb-dexie-${name}--0--_rxdb_internal`, `rxdb-dexie-${name}--4--events`]);
}

describe("an admin's replica database", () => {
  it("is each admin's own on a shared device: the first takes the plain name, the next one their own", async () => {
    const storage = memoryStorage();
    expect(await adminReplicaName(ADA, storage, holding())).toBe('cdo-admin');
    expect(await adminReplicaName(GRACE, storage, holding('cdo-admin'))).toBe(`cdo-admin-${GRACE}`);
    // Signed in again, each finds their own, with whatever still waits in it.
    const both = holding('cdo-admin', `cdo-admin-${GRACE}`);
    expect(await adminReplicaName(ADA, storage, both)).toBe('cdo-admin');
    expect(await adminReplicaName(GRACE, storage, both)).toBe(`cdo-admin-${GRACE}`);
  });

  it('frees the plain name once its database is wiped (signed out with nothing waiting)', async () => {
    const storage = memoryStorage();
    expect(await adminReplicaName(ADA, storage, holding())).toBe('cdo-admin');
    adminReplicaWiped(`cdo-admin-${GRACE}`, storage);
    expect(await adminReplicaName(GRACE, storage, holding('cdo-admin'))).toBe(`cdo-admin-${GRACE}`);
    adminReplicaWiped('cdo-admin', storage);
    expect(await adminReplicaName(GRACE, storage, holding())).toBe('cdo-admin');
    expect(await adminReplicaName(ADA, storage, holding('cdo-admin'))).toBe(`cdo-admin-${ADA}`);
  });

  it('keeps an admin on their own database, kept with work waiting, once the plain name is free again', async () => {
    const storage = memoryStorage();
    expect(await adminReplicaName(ADA, storage, holding())).toBe('cdo-admin');
    expect(await adminReplicaName(GRACE, storage, holding('cdo-admin'))).toBe(`cdo-admin-${GRACE}`);
    // Grace signed out with a change waiting (her database stays); Ada signed out with nothing waiting.
    adminReplicaWiped('cdo-admin', storage);
    expect(await adminReplicaName(GRACE, storage, holding(`cdo-admin-${GRACE}`))).toBe(`cdo-admin-${GRACE}`);
    // Once the browser holds none of her databases (its site data cleared), the plain name is hers.
    expect(await adminReplicaName(GRACE, storage, holding())).toBe('cdo-admin');
  });

  it('takes the plain name when the browser cannot list its databases', async () => {
    const storage = memoryStorage();
    const unlisted: DatabaseNames = async () => [];
    expect(await adminReplicaName(GRACE, storage, unlisted)).toBe('cdo-admin');
  });
});
