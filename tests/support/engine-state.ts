/**
 * What a page's sync engine keeps in the `state` store of its `<name>-meta` database
 * (sync/meta-store.ts), read from the page the way a test or benchmark needs it.
 *
 * Read without making anything: a plain `indexedDB.open(name)` of a database that does not exist yet
 * creates an empty one at version 1, and that connection then blocks the engine's own creation of
 * it (Dexie waits for it to close), so the replica never opens. A first visit can be offline-ready
 * before its replica has made its database (the service worker keeps every public row), so a test
 * that looks early does meet a database that is not there.
 */
import type { Page } from 'playwright-core';

/** The engine's `state` records, key -> value; empty when the database or its store is not made yet. */
export function engineState(page: Pick<Page, 'evaluate'>, database: string): Promise<Record<string, unknown>> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const open = indexedDB.open(name);
        // Not there: abandon the creation this open would make (the open then fails).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve({});
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('state')) {
            db.close();
            resolve({});
            return;
          }
          const read = db.transaction('state', 'readonly').objectStore('state').getAll();
          read.onsuccess = () => {
            db.close();
            const records = read.result as { key: string; value: unknown }[];
            resolve(Object.fromEntries(records.map((record) => [record.key, record.value])));
          };
          read.onerror = () => {
            db.close();
            resolve({});
          };
        };
      }),
    database,
  );
}

/** The engine's first-full-pull flags: table -> when its last first full pull ended (ISO). */
export async function firstPullFlags(
  page: Pick<Page, 'evaluate'>,
  mode: 'public' | 'admin',
  database = `cdo-${mode}-meta`,
): Promise<Record<string, string>> {
  const prefix = `initialPull:${mode}:`;
  const flags: Record<string, string> = {};
  for (const [key, value] of Object.entries(await engineState(page, database))) {
    if (key.startsWith(prefix) && typeof value === 'string') flags[key.slice(prefix.length)] = value;
  }
  return flags;
}
