import { describe, expect, it } from 'vitest';
import { BehaviorSubject, firstValueFrom } from 'rxjs';
import type { RefusalRecord } from '../meta-store.ts';
import { SyncRequestError } from '../replication/errors.ts';
import { ProblemLog } from './problems.ts';

/** The refusals side table, in memory: what the problem log reads and deletes. */
function refusalStore(initial: RefusalRecord[] = []) {
  const records = new BehaviorSubject(initial);
  return {
    records,
    refusals$: () => records.asObservable(),
    async deleteRefusal(key: string) {
      records.next(records.value.filter((record) => record.key !== key));
    },
    async clearRefusals() {
      records.next([]);
    },
  };
}

const refused: RefusalRecord = {
  key: 'events:e1:abc',
  table: 'events',
  docId: 'e1',
  code: '23514',
  message: 'new row violates check constraint',
  local: { id: 'e1', title: '' },
  at: '2026-11-24T10:00:00.000Z',
};

describe('the problem log', () => {
  it('lists refused writes first, then one transient problem per kind and table', async () => {
    const log = new ProblemLog(refusalStore([refused]));
    log.reportFailure(new SyncRequestError('network', { status: 0, message: 'Failed to fetch' }, 'pull'), 'events');
    log.reportFailure(new SyncRequestError('network', { status: 0, message: 'Failed again' }, 'pull'), 'events');
    log.reportFailure(new Error('odd'));
    const list = await firstValueFrom(log.list$);
    expect(list.map((entry) => [entry.key, entry.kind])).toEqual([
      ['events:e1:abc', 'refused'],
      ['network:events', 'network'],
      ['unknown:*', 'unknown'],
    ]);
    expect(list[0]).toMatchObject({ table: 'events', id: 'e1', code: '23514', local: { id: 'e1', title: '' } });
    expect(list[1]!.message).toContain('Failed again');
  });

  it("a table's success clears its problems but not a full disk", async () => {
    const log = new ProblemLog(refusalStore());
    log.report('server', 'Internal error', 'events');
    log.report('quota', 'The device is out of storage space', 'events');
    log.report('network', 'Failed to fetch', 'sessions');
    log.clearTable('events');
    expect([...log.transient.value.keys()]).toEqual(['quota:events', 'network:sessions']);
  });

  it('a full disk during a local write is reported and the write still fails', async () => {
    const log = new ProblemLog(refusalStore());
    const full = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    await expect(log.guarded(() => Promise.reject(full))).rejects.toBe(full);
    expect(log.transient.value.get('quota:*')?.message).toBe(
      'The device is out of storage space: The quota has been exceeded.',
    );
  });

  it('dismissing takes a transient problem or a refusal away; clearing takes all', async () => {
    const store = refusalStore([refused]);
    const log = new ProblemLog(store);
    log.report('auth', 'Not signed in; changes wait');
    await log.dismiss('auth:*');
    expect(log.transient.value.size).toBe(0);
    await log.dismiss(refused.key);
    expect(store.records.value).toEqual([]);
    store.records.next([refused]);
    log.report('server', 'down');
    await log.clear();
    expect(await firstValueFrom(log.list$)).toEqual([]);
  });
});
