/**
 * What keeps a device's outbox moving (the invite requests of ./invite-requests.ts, the feedback
 * answers of ./guest-feedback.ts): one tab at a time sends (a Web Lock named after the outbox's
 * storage key, where the browser has Web Locks), and it sends what is due when the outbox says so
 * (a timer), when the browser comes online (everything waiting is due then), when the page comes
 * back into view, and at the start of the page. Another tab's change to the outbox (a 'storage'
 * event on its key) is shown and rescheduled. The outbox itself (what waits, when each is due,
 * what an answer does to it) stays with its owner.
 */

export interface OutboxRunnerOptions {
  /** The outbox's localStorage key: the name of its lock, and the key of the other tabs' 'storage' events. */
  key: string;
  /** When the next waiting item is due (milliseconds since the epoch), or null when none waits. */
  nextAttemptAt(): number | null;
  /** Sends what is due now, one after another. Runs under the lock. */
  sendDue(): Promise<void>;
  /** Makes every waiting item due at once: a new page or a connection back is a new chance. */
  allDueNow(): void;
  /** The outbox changed in another tab: what this page shows must be read again. */
  changedElsewhere(): void;
}

/** Where the runner listens and locks: the page's own, unless a test gives others. */
export interface OutboxRunnerHost {
  window: Pick<EventTarget, 'addEventListener'>;
  document: Pick<EventTarget, 'addEventListener'> & { readonly visibilityState: DocumentVisibilityState };
  locks: LockManager | undefined;
}

export interface OutboxRunner {
  /** Runs `work` in one tab at a time, where the browser can say so: two tabs never send the same item at once. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Sets the timer for the next item due (replacing the one set before). */
  schedule(): void;
  /** Sends what is due, under the lock; a flush asked for while one runs is that one. Reschedules after. */
  flush(): Promise<void>;
  /** Starts listening and sends everything waiting, once per page: true then, false on later calls. */
  start(): boolean;
}

function pageHost(): OutboxRunnerHost {
  return {
    window,
    document,
    locks: (navigator as Navigator & { locks?: LockManager }).locks,
  };
}

export function createOutboxRunner(
  options: OutboxRunnerOptions,
  host: () => OutboxRunnerHost = pageHost,
): OutboxRunner {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | null = null;
  let started = false;

  /**
   * New chances so far (the browser online, the page's start). One that comes while a send is under
   * way is taken again once it ends: that send may fail for the connection that is now back, and
   * would put its item off for a retry's wait.
   */
  let chances = 0;

  const locked = <T>(work: () => Promise<T>): Promise<T> => {
    const locks = host().locks;
    return locks ? locks.request(options.key, work) : work();
  };

  const schedule = (): void => {
    clearTimeout(timer);
    const at = options.nextAttemptAt();
    if (at !== null) timer = setTimeout(() => void flush(), Math.max(0, at - Date.now()));
  };

  const flush = (): Promise<void> => {
    flushing ??= (async () => {
      const seen = chances;
      try {
        await locked(options.sendDue);
      } finally {
        flushing = null;
        if (chances === seen) schedule();
        else allDue();
      }
    })();
    return flushing;
  };

  const allDue = (): void => {
    options.allDueNow();
    void flush();
  };

  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const seen = chances;
    try {
      return await locked(work);
    } finally {
      if (chances !== seen) allDue();
    }
  };

  const start = (): boolean => {
    if (started) return false;
    started = true;
    const { window: page, document: view } = host();
    const newChance = () => {
      chances += 1;
      allDue();
    };
    page.addEventListener('online', newChance);
    view.addEventListener('visibilitychange', () => {
      if (view.visibilityState === 'visible') void flush();
    });
    page.addEventListener('storage', (event) => {
      if ((event as StorageEvent).key !== options.key) return;
      options.changedElsewhere();
      schedule();
    });
    newChance();
    return true;
  };

  return { exclusive, schedule, flush, start };
}
