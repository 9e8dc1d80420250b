/**
 * The local copies of queued files in one tab: an object URL per stored file, made when the file is
 * queued here or first asked for (read from IndexedDB), and revoked when the file is gone. This is
 * how a record's placeholder URL shows the picked image at once, even after a reload.
 */
import { Observable, Subject, defer, distinctUntilChanged, filter, map, merge, of } from 'rxjs';
import { report } from './background.ts';
import { outboxIdOf } from './local-url.ts';
import { blobOfFile, type OutboxDatabase } from './outbox-database.ts';

export interface LocalCopies {
  /** Makes the object URL of a file just stored (once per id). */
  remember(id: string, blob: Blob): void;
  /** Revokes the object URL of a file that is gone. */
  forget(id: string): void;
  /** Revokes every object URL of this tab. */
  forgetAll(): void;
  /** See `FileOutbox.resolveUrl`. */
  resolveUrl(url: string): string;
  /** See `FileOutbox.resolveUrl$`. */
  resolveUrl$(url: string): Observable<string | null>;
}

export function createLocalCopies(files: OutboxDatabase['files']): LocalCopies {
  // Object URLs of stored files, by item id, for this tab.
  const objectUrls = new Map<string, string>();
  const loading = new Map<string, Promise<void>>();
  const objectUrlChanged$ = new Subject<string>();

  function remember(id: string, blob: Blob): void {
    if (objectUrls.has(id)) return;
    objectUrls.set(id, URL.createObjectURL(blob));
    objectUrlChanged$.next(id);
  }

  function forget(id: string): void {
    const url = objectUrls.get(id);
    if (url === undefined) return;
    objectUrls.delete(id);
    URL.revokeObjectURL(url);
    objectUrlChanged$.next(id);
  }

  function load(id: string): Promise<void> {
    if (objectUrls.has(id)) return Promise.resolve();
    let pending = loading.get(id);
    if (!pending) {
      pending = files
        .get(id)
        .then((file) => {
          if (file) remember(id, blobOfFile(file));
        })
        .finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  function resolveUrl(url: string): string {
    const id = outboxIdOf(url);
    if (id === null) return url;
    const objectUrl = objectUrls.get(id);
    if (objectUrl !== undefined) return objectUrl;
    load(id).catch(report);
    return url;
  }

  function resolveUrl$(url: string): Observable<string | null> {
    const id = outboxIdOf(url);
    if (id === null) return of(url);
    return defer(() => {
      const current = () => objectUrls.get(id) ?? null;
      const loaded$ = defer(() =>
        load(id).catch((error: unknown) => {
          // Show the stand-in rather than break the page; the failure is still reported.
          report(error);
        }),
      ).pipe(map(current));
      const changes$ = objectUrlChanged$.pipe(
        filter((changed) => changed === id),
        map(current),
      );
      return merge(loaded$, changes$).pipe(distinctUntilChanged());
    });
  }

  function forgetAll(): void {
    for (const id of [...objectUrls.keys()]) forget(id);
  }

  return { remember, forget, forgetAll, resolveUrl, resolveUrl$ };
}
