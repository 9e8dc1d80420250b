/**
 * A page that goes into the browser's back-forward cache keeps its IndexedDB connections and
 * transactions, frozen. In WebKit (Safari, and WebKitGTK 2.50 here) a transaction frozen that way
 * never ends: every later open of those databases waits behind it, in every tab, for the rest of the
 * browser's session. An admin who signed in and, while the back office was still creating its
 * replica's databases, reloaded or opened it by its address got a back office that said
 * 'Syncing...' and 'Loading...' for good (docs/decisions/017-three-browser-engines.md).
 *
 * So when the page is put into that cache (`pagehide` with `persisted`), every transaction it still
 * runs is aborted and every connection closed, at once: an aborted transaction wrote nothing, and a
 * write not yet committed was not yet confirmed to anyone. A page brought back from the cache with
 * its connections closed is loaded afresh.
 */

const transactions = new Set<IDBTransaction>();
const connections = new Set<IDBDatabase>();
let released = false;
let installed = false;

function follow(transaction: IDBTransaction): void {
  transactions.add(transaction);
  const done = () => transactions.delete(transaction);
  transaction.addEventListener('complete', done);
  transaction.addEventListener('abort', done);
  transaction.addEventListener('error', done);
}

function release(): void {
  if (transactions.size > 0 || connections.size > 0) released = true;
  for (const transaction of [...transactions]) {
    try {
      transaction.abort();
    } catch {
      // Finished in the meantime.
    }
  }
  transactions.clear();
  for (const connection of [...connections]) connection.close();
  connections.clear();
}

/** Follows this page's IndexedDB connections and transactions from now on. Once per page. */
export function releaseStorageOnPageHide(): void {
  if (installed || typeof indexedDB === 'undefined' || typeof IDBFactory === 'undefined') return;
  installed = true;

  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    const request = version === undefined ? open.call(this, name) : open.call(this, name, version);
    // The upgrade that creates or changes a database runs in a transaction of its own.
    request.addEventListener('upgradeneeded', () => {
      if (request.transaction) follow(request.transaction);
    });
    request.addEventListener('success', () => {
      const connection = request.result;
      connections.add(connection);
      connection.addEventListener('close', () => connections.delete(connection));
    });
    return request;
  };
  const close = IDBDatabase.prototype.close;
  IDBDatabase.prototype.close = function (this: IDBDatabase) {
    connections.delete(this);
    close.call(this);
  };
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const started = transaction.apply(this, args);
    follow(started);
    return started;
  };

  window.addEventListener('pagehide', (event) => {
    if (event.persisted) release();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && released) window.location.reload();
  });
}
