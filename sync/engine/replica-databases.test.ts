/**
 * The databases RxDB's Dexie storage keeps for a replica: found by the replica's name, deleted on a
 * wipe, and left (with their first-pull flags) by a visitor's replica that moved to the write log.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { dexieDatabasesOf, leaveDexieReplica } from './replica-databases.ts';

async function create(name: string): Promise<void> {
  const request = indexedDB.open(name);
  request.onupgradeneeded = () => request.result.createObjectStore('docs');
  await new Promise((resolve) => (request.onsuccess = resolve));
  request.result.close();
}
const names = async () => (await indexedDB.databases()).map((database) => database.name);

it("finds a replica's databases by its name, and no other replica's", async () => {
  await create('rxdb-dexie-cdo-admin--4--events');
  await create('rxdb-dexie-cdo-admin-7f3a--4--events');
  await create('cdo-admin-meta');
  expect(await dexieDatabasesOf('cdo-admin')).toEqual(['rxdb-dexie-cdo-admin--4--events']);
  expect(await dexieDatabasesOf('cdo-admin-7f3a')).toEqual(['rxdb-dexie-cdo-admin-7f3a--4--events']);
});

it("leaving a visitor's Dexie replica deletes its databases and clears its first-pull flags, once", async () => {
  await create('rxdb-dexie-visitor--4--events');
  await create('rxdb-dexie-visitor--0--_rxdb_internal');
  await create('rxdb-dexie-visitor-admin--4--events');
  let cleared = 0;
  const clearFlags = async () => {
    cleared += 1;
  };
  await leaveDexieReplica('visitor', clearFlags);
  expect(cleared).toBe(1);
  expect(await names()).not.toContain('rxdb-dexie-visitor--4--events');
  expect(await names()).not.toContain('rxdb-dexie-visitor--0--_rxdb_internal');
  expect(await names()).toContain('rxdb-dexie-visitor-admin--4--events');

  await leaveDexieReplica('visitor', clearFlags);
  expect(cleared).toBe(1);
});
