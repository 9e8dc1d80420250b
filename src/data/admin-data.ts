/**
 * The back office's data: live lists from the admin's local replica and the writes that change it
 * (queued locally, pushed by the sync engine, kept when they lose a conflict), plus image uploads
 * through the file outbox so that a file picked offline shows at once and uploads later.
 *
 * Only admin routes import this module (they are split from the public bundle). The admin replica
 * is opened by the auth layer once an admin has signed in (`requestReplica('admin', client)`).
 */
import { useEffect, useMemo, useState } from 'react';
import type {
  DocPatch,
  NewDoc,
  OutboxItem,
  SyncConflict,
  SyncDoc,
  SyncEngine,
  SyncErrorEntry,
  TableName,
} from '../../sync/index.ts';
// Values from the engine-free part only: a page importing this module must not wait for RxDB.
import {
  BUCKET_OF_KIND,
  BUCKET_SIZE_LIMITS,
  isLocalUrl,
  objectPath,
  randomObjectName,
  resizeImage,
  type ImageKind,
} from '../../sync/without-engine.ts';
import { useAuth } from './auth.ts';
import { keepRows, useKeptRows } from './kept-admin-rows.ts';
import { useReplicaState } from './engine-store.ts';

/** What an admin form may write to a table (zod, from the migrations): forms refuse what the server would. */
export { isTimestampColumn, writeSchemaOf } from '../../sync/without-engine.ts';

export type {
  DocPatch,
  NewDoc,
  OutboxItem,
  SyncConflict,
  SyncDoc,
  SyncErrorEntry,
  TableName,
} from '../../sync/index.ts';

/** The admin's sync engine once the admin replica is open, else null. */
export function useAdminEngine(): SyncEngine | null {
  const state = useReplicaState();
  return state.status === 'ready' && state.mode === 'admin' ? state.replica.engine : null;
}

/** Subscribes to an observable of the engine, as React state keyed by the engine. */
function useEngineValue<V>(
  engine: SyncEngine | null,
  source: (engine: SyncEngine) => { subscribe(next: (value: V) => void): { unsubscribe(): void } },
  deps: unknown[] = [],
): V | undefined {
  const [latest, setLatest] = useState<{ engine: SyncEngine; deps: unknown[]; value: V } | null>(null);
  useEffect(() => {
    if (!engine) return undefined;
    const subscription = source(engine).subscribe((value) => setLatest({ engine, deps, value }));
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the source is named by its deps
  }, [engine, ...deps]);
  const sameDeps = latest !== null && latest.deps.length === deps.length && latest.deps.every((d, i) => d === deps[i]);
  return latest && latest.engine === engine && sameDeps ? latest.value : undefined;
}

/** A source that gives `value` at once, for an engine without the part a hook reads (no outbox). */
function only<V>(value: V): { subscribe(next: (value: V) => void): { unsubscribe(): void } } {
  return { subscribe: (next) => (next(value), { unsubscribe() {} }) };
}

/**
 * A signed-in user without admin rights. The back office still renders for them (spec section 2,
 * beside its warning), with nothing to manage: no admin replica opens, lists are empty, not loading.
 */
function useWithoutAdminRights(): boolean {
  const { loading, user, isAdmin } = useAuth();
  return !loading && user !== null && !isAdmin;
}

/** The signed-in admin's id; null for anyone else. */
function useAdminId(): string | null {
  const { user, isAdmin } = useAuth();
  return isAdmin && user ? user.id : null;
}

const NO_ROWS: never[] = [];

/**
 * Every live row of a table in the admin replica, sorted with `compare`, as React state that follows
 * local writes and pulled changes. Until the replica has answered, the rows this list last showed on
 * this device (kept-admin-rows.ts); undefined when there are none. Empty for a user without admin
 * rights. Pass a comparator defined outside the component (a new function each render re-sorts each
 * render).
 */
export function useAdminRows<T extends TableName>(
  table: T,
  compare?: (a: SyncDoc<T>, b: SyncDoc<T>) => number,
): SyncDoc<T>[] | undefined {
  const engine = useAdminEngine();
  const adminId = useAdminId();
  const rows = useEngineValue<SyncDoc<T>[]>(
    engine,
    (e) => {
      const query = e.collections[table].find();
      return {
        subscribe: (next) =>
          query.$.subscribe((docs) => next(docs.map((doc) => doc.toJSON() as unknown as SyncDoc<T>))),
      };
    },
    [table],
  );
  const kept = useKeptRows(table, rows === undefined ? adminId : null);
  useEffect(() => {
    if (rows && adminId) keepRows(adminId, table, rows);
  }, [rows, adminId, table]);
  const shown = rows ?? kept;
  const sorted = useMemo(() => (shown && compare ? [...shown].sort(compare) : shown), [shown, compare]);
  return useWithoutAdminRights() ? NO_ROWS : sorted;
}

/**
 * True once the admin replica holds a full pull of `table` (lists show 'Loading...' until then), and
 * for a user without admin rights, who has nothing to wait for. Until the replica answers, true when
 * this device kept what the list last showed (useAdminRows shows that meanwhile).
 */
export function useAdminTablePulled(table: TableName): boolean {
  const engine = useAdminEngine();
  const adminId = useAdminId();
  const pulled = useEngineValue<boolean>(engine, (e) => e.initialPull$(table), [table]);
  const kept = useKeptRows(table, pulled === undefined ? adminId : null);
  return useWithoutAdminRights() || (pulled ?? kept !== undefined);
}

/**
 * The rows of `table` once the admin replica holds a full pull of it (or this device kept them), and
 * undefined before: a list says 'Loading...' rather than 'No sponsors in library yet' while its rows
 * are still arriving on a new device, and a rule built from them (a sponsor in use, a tier in use)
 * is not decided on part of them.
 */
export function useAdminRowsPulled<T extends TableName>(
  table: T,
  compare?: (a: SyncDoc<T>, b: SyncDoc<T>) => number,
): SyncDoc<T>[] | undefined {
  const rows = useAdminRows(table, compare);
  return useAdminTablePulled(table) ? rows : undefined;
}

/** Lost local versions waiting for the admin to re-apply or dismiss them. */
export function useConflicts(): SyncConflict[] {
  return useEngineValue<SyncConflict[]>(useAdminEngine(), (e) => e.conflicts.list$) ?? [];
}

/** Refused writes (kept with their data) and current sync problems. */
export function useSyncErrors(): SyncErrorEntry[] {
  return useEngineValue<SyncErrorEntry[]>(useAdminEngine(), (e) => e.errors.list$) ?? [];
}

const NO_UPLOADS: OutboxItem[] = [];

/** Files the server refused to store: they wait for the admin to try again or discard them. */
export function useFailedUploads(): OutboxItem[] {
  return (
    useEngineValue<OutboxItem[]>(useAdminEngine(), (e) => (e.outbox ? e.outbox.failures$ : only(NO_UPLOADS))) ??
    NO_UPLOADS
  );
}

/** How many local changes of `table` the server has not accepted yet; 0 until the replica is open. */
export function usePendingCount(table: TableName): number {
  return useEngineValue<number>(useAdminEngine(), (e) => e.pendingCount$(table), [table]) ?? 0;
}

function requireEngine(engine: SyncEngine | null): SyncEngine {
  if (!engine) throw new Error('The back office is still opening its local data; try again in a moment.');
  return engine;
}

/** Longest side, in pixels, an image of each kind is reduced to before it is stored or uploaded. */
const IMAGE_BOUNDS: Record<ImageKind, number> = {
  'event-image': 2000,
  'gallery-image': 2000,
  'attendee-photo': 800,
  'company-logo': 512,
  'sponsor-logo': 512,
};

/**
 * The writes of the back office. Each resolves once the local replica has the change (at once,
 * online or not); the engine pushes it. They throw when the replica is not open yet.
 */
export function useAdminActions() {
  const engine = useAdminEngine();
  return {
    ready: engine !== null,
    insert: <T extends TableName>(table: T, doc: NewDoc<T>) => requireEngine(engine).insert(table, doc),
    patch: <T extends TableName>(table: T, id: string, patch: DocPatch<T>) =>
      requireEngine(engine).patch(table, id, patch),
    /** Patches many rows of one table in one local write; resolves with the ids of those that are gone. */
    patchMany: <T extends TableName>(table: T, patches: readonly { id: string; patch: DocPatch<T> }[]) =>
      requireEngine(engine).patchMany(table, patches),
    remove: (table: TableName, id: string) => requireEngine(engine).remove(table, id),
    reapplyConflict: (key: string) => requireEngine(engine).conflicts.reapply(key),
    dismissConflict: (key: string) => requireEngine(engine).conflicts.dismiss(key),
    dismissError: (key: string) => requireEngine(engine).errors.dismiss(key),
    /** Sends a file the server refused once more (after the cause is fixed elsewhere). */
    retryUpload: async (id: string) => requireEngine(engine).outbox?.retry(id),
    /** Gives up a file the server refused, and takes it out of its record. */
    discardUpload: (item: OutboxItem) => requireEngine(engine).discardUpload(item),
    /**
     * Stores an image in the outbox (reduced in size first, GIFs aside) and returns the placeholder
     * URL to write into `target.column` of the record in the same save. The outbox uploads it when
     * online and then swaps in the public URL. Throws for a file that is not an image.
     */
    async queueImage(
      file: File,
      options: { kind: ImageKind; eventId?: string | null; target: { table: TableName; id: string; column: string } },
    ): Promise<string> {
      const outbox = requireEngine(engine).outbox;
      if (!outbox) throw new Error('Uploads are not available in this session.');
      if (!file.type.startsWith('image/')) throw new Error(`${file.name} is not an image`);
      const side = IMAGE_BOUNDS[options.kind];
      const image = await resizeImage(file, { maxWidth: side, maxHeight: side });
      const bucket = BUCKET_OF_KIND[options.kind];
      // Storage refuses a larger file for good, long after the form said saved (a GIF is kept as it is).
      if (image.size > BUCKET_SIZE_LIMITS[bucket]) {
        throw new Error(`${file.name} is too large: at most ${BUCKET_SIZE_LIMITS[bucket] / (1024 * 1024)} MB`);
      }
      const fileName = randomObjectName(file.name, image.type);
      const path = objectPath({ kind: options.kind, eventId: options.eventId ?? null, fileName });
      const { localUrl } = await outbox.enqueue(image, {
        bucket,
        path,
        target: options.target,
      });
      return localUrl;
    },
  };
}

/**
 * The URL to show for an image column: public URLs as they are; an outbox placeholder becomes the
 * local copy's object URL on the device that holds it, or null while it is uploading elsewhere.
 */
export function useImageUrl(url: string | null | undefined): string | null {
  const engine = useAdminEngine();
  const local = isLocalUrl(url);
  const resolved = useEngineValue<string | null>(
    local ? engine : null,
    (e) => e.outbox?.resolveUrl$(url ?? '') ?? only(null),
    [url],
  );
  if (!url) return null;
  return local ? (resolved ?? null) : url;
}
