/**
 * Admin data that is in no replica (the admin's opens the open-core RxDB's 13 collections already,
 * docs/decisions/023-reminders-and-feedback.md), read online as User Management reads the admin
 * accounts: again on coming back online and whenever the data is said to have changed. What a read
 * last returned stays on screen offline while the page is open, marked as not current.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../lib/error-message.ts';

export type OnlineRead<T> =
  | { status: 'loading' }
  /** No connection: `kept` is what this page read last, if anything. */
  | { status: 'offline'; kept: T | null }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/** A request that never reached the server (postgrest-js answers status 0). */
export class OfflineError extends Error {}

export type Answer = { data: unknown; error: { message: string } | null; status: number };

export function dataOf(answer: Answer): unknown {
  if (answer.error) {
    if (answer.status === 0) throw new OfflineError(answer.error.message);
    throw new Error(answer.error.message);
  }
  return answer.data;
}

/** What each read last returned on this page, by its key: shown offline. */
const lastRead = new Map<string, unknown>();

/**
 * `fetch` read online, again on `reload()`, on coming back online, and whenever `follow` says the
 * data changed (it returns its unsubscribe).
 */
export function useOnlineRead<T>(
  key: string,
  fetch: () => Promise<T>,
  follow?: (changed: () => void) => Promise<() => void>,
): { state: OnlineRead<T>; reload: () => void } {
  const [state, setState] = useState<OnlineRead<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let cancelled = false;
    const offline = () => setState({ status: 'offline', kept: (lastRead.get(key) as T | undefined) ?? null });
    if (!navigator.onLine) queueMicrotask(() => !cancelled && offline());
    else {
      fetch().then(
        (data) => {
          lastRead.set(key, data);
          if (!cancelled) setState({ status: 'ready', data });
        },
        (error: unknown) => {
          if (cancelled) return;
          if (error instanceof OfflineError || !navigator.onLine) offline();
          else setState({ status: 'error', message: errorMessage(error) });
        },
      );
    }
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fetch` is named by `key`
  }, [key, version]);

  useEffect(() => {
    window.addEventListener('online', reload);
    window.addEventListener('offline', reload);
    let stop: (() => void) | null = null;
    let stopped = false;
    void follow?.(reload).then((unsubscribe) => {
      if (stopped) unsubscribe();
      else stop = unsubscribe;
    });
    return () => {
      stopped = true;
      stop?.();
      window.removeEventListener('online', reload);
      window.removeEventListener('offline', reload);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `follow` is named by `key`
  }, [key, reload]);

  return { state, reload };
}
