/**
 * For the tests of the replica's storages (changed-since.test.ts, without-live-queries.test.ts,
 * write-log-storage.test.ts): a storage instance of plain documents, an id and a number, opened as
 * RxDB opens a collection's.
 */
import { fillWithDefaultSettings, type RxStorage, type RxStorageInstance } from 'rxdb';

export interface TestDoc {
  id: string;
  n: number;
}

const schema = fillWithDefaultSettings<TestDoc>({
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40 }, n: { type: 'number' } },
  required: ['id', 'n'],
});

export type TestInstance = RxStorageInstance<TestDoc, unknown, unknown, { lwt: number; id: string } | undefined>;

/** Opens the collection `docs` of the database `databaseName` in `storage`. */
export async function openTestInstance(
  storage: RxStorage<unknown, unknown>,
  databaseName: string,
  multiInstance = false,
): Promise<TestInstance> {
  return (await storage.createStorageInstance<TestDoc>({
    databaseInstanceToken: 'token',
    databaseName,
    collectionName: 'docs',
    schema,
    options: {},
    multiInstance,
    devMode: false,
  })) as TestInstance;
}
