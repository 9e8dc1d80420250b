/**
 * The outbox's background work (uploads, live queries, loading local copies) has no caller to throw
 * to: its errors are reported as uncaught errors would be, loudly, and the work goes on.
 */
import { liveQuery } from 'dexie';
import { Observable } from 'rxjs';

/** Reports an error of background work (`reportError`, else an uncaught throw). */
export function report(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}

/** A Dexie live query as an rxjs Observable. */
export function fromLiveQuery<T>(query: () => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => subscriber.next(value),
      error: (error: unknown) => subscriber.error(error),
    });
    return () => subscription.unsubscribe();
  });
}
