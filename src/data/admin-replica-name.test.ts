import { describe, expect, it } from 'vitest';
import { adminReplicaName, adminReplicaWiped } from './admin-replica-name.ts';

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

describe("an admin's replica database", () => {
  it("is each admin's own on a shared device: the first takes the plain name, the next one their own", () => {
    const storage = memoryStorage();
    expect(adminReplicaName(ADA, storage)).toBe('cdo-admin');
    expect(adminReplicaName(GRACE, storage)).toBe(`cdo-admin-${GRACE}`);
    // Signed in again, each finds their own, with whatever still waits in it.
    expect(adminReplicaName(ADA, storage)).toBe('cdo-admin');
    expect(adminReplicaName(GRACE, storage)).toBe(`cdo-admin-${GRACE}`);
  });

  it('frees the plain name once its database is wiped (signed out with nothing waiting)', () => {
    const storage = memoryStorage();
    expect(adminReplicaName(ADA, storage)).toBe('cdo-admin');
    adminReplicaWiped(`cdo-admin-${GRACE}`, storage);
    expect(adminReplicaName(GRACE, storage)).toBe(`cdo-admin-${GRACE}`);
    adminReplicaWiped('cdo-admin', storage);
    expect(adminReplicaName(GRACE, storage)).toBe('cdo-admin');
    expect(adminReplicaName(ADA, storage)).toBe(`cdo-admin-${ADA}`);
  });
});
