import { describe, expect, it } from 'vitest';
import { BehaviorSubject, firstValueFrom, of } from 'rxjs';
import { TABLE_NAMES } from '../schema/types.ts';
import { initialPullKey, isOfflineReady, syncStatus$ } from './status.ts';

/** The meta store's live values, in memory. */
function metaState(values: Record<string, unknown>, pending = 0, conflicts = 0) {
  return {
    state$: <T>(key: string) => of(values[key] as T | undefined),
    stateKeys$: (prefix: string) => of(Object.keys(values).filter((key) => key.startsWith(prefix))),
    pendingCount$: () => of(pending),
    conflicts$: () => of(Array.from({ length: conflicts }, () => ({}) as never)),
  };
}

describe('the sync status', () => {
  it('the leading tab shows its own syncing state; the others, what the leader wrote', async () => {
    const isLeader = new BehaviorSubject(true);
    const syncing = new BehaviorSubject(true);
    const meta = metaState({ syncing: false, lastSyncedAt: '2026-11-24T10:00:00.000Z' }, 3, 1);
    const status$ = syncStatus$({
      mode: 'admin',
      meta,
      leadership: { isLeader, syncing },
      outbox: null,
      errors$: of([]),
    });
    expect(await firstValueFrom(status$)).toMatchObject({
      mode: 'admin',
      leader: true,
      syncing: true,
      lastSyncedAt: '2026-11-24T10:00:00.000Z',
      pendingChanges: 3,
      pendingUploads: 0,
      conflicts: 1,
      errors: [],
    });
    isLeader.next(false);
    expect(await firstValueFrom(status$)).toMatchObject({ leader: false, syncing: false });
  });

  it('a public replica counts no pending changes', async () => {
    const status$ = syncStatus$({
      mode: 'public',
      meta: metaState({}, 5),
      leadership: { isLeader: new BehaviorSubject(false), syncing: new BehaviorSubject(false) },
      outbox: null,
      errors$: of([]),
    });
    expect(await firstValueFrom(status$)).toMatchObject({ pendingChanges: 0, lastSyncedAt: null });
  });

  it("a visitor's replica is offline-ready once every table has had its first full pull", async () => {
    const flags = (tables: readonly string[]) =>
      Object.fromEntries(tables.map((table) => [initialPullKey('public', table), '2026-11-24T10:00:00.000Z']));
    const statusWith = (values: Record<string, unknown>) =>
      firstValueFrom(
        syncStatus$({
          mode: 'public',
          meta: metaState(values),
          leadership: { isLeader: new BehaviorSubject(true), syncing: new BehaviorSubject(false) },
          outbox: null,
          errors$: of([]),
        }),
      );
    expect(await statusWith({})).toMatchObject({ offlineReady: false });
    expect(await statusWith(flags(TABLE_NAMES.slice(1)))).toMatchObject({ offlineReady: false });
    expect(await statusWith(flags(TABLE_NAMES))).toMatchObject({ offlineReady: true });
    // The admin replica's flags say nothing about the visitor's.
    expect(
      isOfflineReady(
        'public',
        Object.keys(flags(TABLE_NAMES)).map((key) => key.replace('public', 'admin')),
      ),
    ).toBe(false);
  });
});
