/**
 * A page that goes into the browser's back-forward cache keeps its IndexedDB connections and
 * transactions, frozen. In WebKit (Safari, and WebKitGTK 2.50 here) a transaction frozen that way
 * never ends: every later open of those databases waits behind it, in every tab, for the rest of the
 * browser's session. An admin who signed in and, while the back office was still creating its
 * replica's databases, reloaded or opened it by its address got a back office that said
 * 'Syncing...' and 'Loading...' for good (docs/decisions/017-three-browser-engines.md).
 *
 * The same holds for the Web Locks a frozen page holds: the replica's leader election holds one for
 * as long as the replica is open, and a page opened next (a link followed, not the back button)
 * waited behind it and never replicated (tests/engines: the replica evicted, then refilled).
 *
 * So when the page is put into that cache (`pagehide` with `persisted`), every transaction it still
 * runs is aborted, every connection closed and every Web Lock it holds let go, at once, and the
 * page's workers that hold storage are ended (`onPageFrozen`): an aborted transaction wrote nothing,
 * and a write not yet committed was not yet confirmed to anyone. A page brought back from the cache
 * after that is loaded afresh.
 *
 * That is enough for what the page itself holds, but not for a worker's storage in WebKit: the page
 * can only ask its worker to end, and WebKit freezes the worker with the page before it has. A write
 * the worker had under way stays open, and the next page's replica waits behind it on 'Loading...'
 * for as long as the frozen page is kept (seen 1 visit in 20 in tests/engines, the replica's
 * storage evicted then refilled: the next page's `_rxdb_internal` or `-meta` database never
 * answered). Where that is so (`workersKeepStorageWhenFrozen`), the replica runs in the page.
 */

const transactions = new Set<IDBTransaction>();
const connections = new Set<IDBDatabase>();
/** Lets go of a Web Lock this page holds, each. */
const heldLocks = new Set<() => void>();
/** What else lets go of storage when the page is frozen (`onPageFrozen`). */
const onFrozen = new Set<() => void>();
let released = false;
let installed = false;

/**
 * Whether a dedicated worker's IndexedDB writes outlive its page frozen in the back-forward cache
 * (see above): in WebKit, the engine of Safari, of every browser on iOS, and of WebKitGTK. Read from
 * the user agent, as no feature tells it: Blink's and Gecko's agents name their own engines.
 */
export function workersKeepStorageWhenFrozen(userAgent = navigator.userAgent): boolean {
  return /AppleWebKit\//.test(userAgent) && !/(Chrome|Chromium|Edg|OPR)\//.test(userAgent);
}

/**
 * Calls `release` when the page goes into the back-forward cache (a worker of the page that holds
 * databases or locks ends itself with it); the page is then loaded afresh if it comes back. Returns
 * a function that forgets `release` (the worker ended anyway).
 */
export function onPageFrozen(release: () => void): () => void {
  onFrozen.add(release);
  return () => onFrozen.delete(release);
}

function follow(transaction: IDBTransaction): void {
  transactions.add(transaction);
  const done = () => transactions.delete(transaction);
  transaction.addEventListener('complete', done);
  transaction.addEventListener('abort', done);
  transaction.addEventListener('error', done);
}

function release(): void {
  if (transactions.size > 0 || connections.size > 0 || heldLocks.size > 0 || onFrozen.size > 0) released = true;
  for (const letGo of [...heldLocks]) letGo();
  heldLocks.clear();
  for (const releaseMore of [...onFrozen]) releaseMore();
  onFrozen.clear();
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

  if (typeof LockManager !== 'undefined') {
    const request = LockManager.prototype.request as (
      this: LockManager,
      name: string,
      ...rest: unknown[]
    ) => Promise<unknown>;
    // A lock is held until the promise its callback returned settles: that promise now also settles
    // when the page is frozen.
    LockManager.prototype.request = function (this: LockManager, name: string, ...rest: unknown[]) {
      const callback = rest.pop() as LockGrantedCallback<unknown>;
      const held = (lock: Lock | null) =>
        new Promise((resolve, reject) => {
          const letGo = () => resolve(undefined);
          heldLocks.add(letGo);
          Promise.resolve()
            .then(() => callback(lock))
            .then(resolve, reject)
            .finally(() => heldLocks.delete(letGo));
        });
      return request.call(this, name, ...rest, held);
    } as LockManager['request'];
  }

  window.addEventListener('pagehide', (event) => {
    if (event.persisted) release();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && released) window.location.reload();
  });
}
