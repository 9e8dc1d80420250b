import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../sync/index.ts';
import { openReplicaInWorker, type WorkerPort } from './replica-in-worker.ts';
import type { FromWorker, ToWorker, UpcomingEventsOffline } from './replica-worker-protocol.ts';

/** A stand-in for the replica's worker: it records what the page sends and answers when told. */
function fakeWorker() {
  const sent: ToWorker[] = [];
  const onMessage: ((event: MessageEvent<FromWorker>) => void)[] = [];
  const onError: ((event: Event) => void)[] = [];
  let terminated = false;
  const port: WorkerPort = {
    postMessage: (message) => void sent.push(message),
    addEventListener: ((type: 'message' | 'error', listener: (event: MessageEvent<FromWorker> & Event) => void) => {
      if (type === 'message') onMessage.push(listener);
      else onError.push(listener as (event: Event) => void);
    }) as WorkerPort['addEventListener'],
    terminate: () => {
      terminated = true;
    },
  };
  return {
    port,
    sent,
    answer: (message: FromWorker) => onMessage.forEach((listener) => listener({ data: message } as MessageEvent)),
    crash: () => onError.forEach((listener) => listener(new Event('error'))),
    terminated: () => terminated,
    /** The id under which the page watches `kind`, from the messages sent so far. */
    watchId: (kind: string) =>
      sent.flatMap((message) => (message.type === 'watch' && message.watched.kind === kind ? [message.id] : []))[0],
  };
}

const microtasks = () => new Promise((resolve) => setTimeout(resolve, 0));

async function openedReplica() {
  const worker = fakeWorker();
  const opening = openReplicaInWorker({
    supabaseUrl: 'http://api.test',
    anonKey: 'anon',
    createWorker: () => worker.port,
  });
  worker.answer({ type: 'opened' });
  return { worker, replica: await opening };
}

describe("a visitor's replica in a worker", () => {
  it("hands on the upcoming events' pages and images each time the worker gathers them", async () => {
    const worker = fakeWorker();
    const handed: UpcomingEventsOffline[] = [];
    const opening = openReplicaInWorker({
      supabaseUrl: 'http://api.test',
      anonKey: 'anon',
      createWorker: () => worker.port,
      onUpcomingEvents: (offline) => handed.push(offline),
    });
    worker.answer({ type: 'opened' });
    await opening;
    const oslo = { pages: ['/events/oslo'], images: ['http://app.test/demo/events/oslo.webp'] };
    worker.answer({ type: 'upcomingEvents', offline: oslo });
    worker.answer({ type: 'upcomingEvents', offline: { pages: [], images: [] } });
    expect(handed).toEqual([oslo, { pages: [], images: [] }]);
  });

  it("says when the worker's replica is offline-ready, before the page watches anything in it", async () => {
    const worker = fakeWorker();
    let ready = 0;
    const opening = openReplicaInWorker({
      supabaseUrl: 'http://api.test',
      anonKey: 'anon',
      createWorker: () => worker.port,
      onOfflineReady: () => (ready += 1),
    });
    worker.answer({ type: 'opened' });
    await opening;
    expect(ready).toBe(0);
    worker.answer({ type: 'offlineReady' });
    expect(ready).toBe(1);
    expect(worker.sent.filter((message) => message.type === 'watch')).toEqual([]);
  });

  it('opens the replica in the worker with the settings, and is ready once the worker says so', async () => {
    const { worker, replica } = await openedReplica();
    expect(worker.sent[0]).toEqual({ type: 'open', supabaseUrl: 'http://api.test', anonKey: 'anon' });
    expect(replica.engine.mode).toBe('public');
  });

  it('fails, and ends the worker, when the replica cannot open there or the worker cannot start', async () => {
    const refused = fakeWorker();
    const opening = openReplicaInWorker({ supabaseUrl: 'u', anonKey: 'k', createWorker: () => refused.port });
    refused.answer({ type: 'failed', message: 'no IndexedDB' });
    await expect(opening).rejects.toThrow('no IndexedDB');
    expect(refused.terminated()).toBe(true);

    const broken = fakeWorker();
    const starting = openReplicaInWorker({ supabaseUrl: 'u', anonKey: 'k', createWorker: () => broken.port });
    broken.crash();
    await expect(starting).rejects.toThrow('could not start');
  });

  it('tells which tables are pulled and when, and moves the ones the page asks about ahead of the others', async () => {
    const { worker, replica } = await openedReplica();
    const seen: boolean[] = [];
    const times: (string | null)[] = [];
    const subscription = replica.engine.initialPull$('sessions').subscribe((complete) => seen.push(complete));
    const timing = replica.engine.pulledAt$('sessions').subscribe((at) => times.push(at));
    const done = replica.engine.awaitInitialPull('sessions');
    await microtasks();
    expect(worker.sent).toContainEqual({ type: 'prioritize', tables: ['sessions'] });
    // One watch of the flags, however many tables are asked about.
    expect(worker.sent.filter((message) => message.type === 'watch')).toHaveLength(1);
    const id = worker.watchId('pulls')!;
    const at = (minute: number) => `2026-11-24T10:0${minute}:00.000Z`;
    worker.answer({ type: 'value', id, value: { events: at(1) } });
    worker.answer({ type: 'value', id, value: { events: at(1), testimonials: at(2) } });
    worker.answer({ type: 'value', id, value: { events: at(1), testimonials: at(2), sessions: at(3) } });
    // A later session pulls it again.
    worker.answer({ type: 'value', id, value: { events: at(1), testimonials: at(2), sessions: at(5) } });
    await done;
    expect(seen).toEqual([false, true]);
    expect(times).toEqual([null, at(3), at(5)]);
    subscription.unsubscribe();
    timing.unsubscribe();
    await microtasks();
    expect(worker.sent).toContainEqual({ type: 'unwatch', id });
  });

  it('answers a public read with what the worker computes, until the page stops reading', async () => {
    const { worker, replica } = await openedReplica();
    const now = new Date('2026-11-24T10:00:00.000Z');
    const answers: unknown[] = [];
    const subscription = replica.reads.pastEvents$(now, 6).subscribe((events) => answers.push(events));
    const watch = worker.sent.find((message) => message.type === 'watch');
    expect(watch).toMatchObject({ watched: { kind: 'read', name: 'pastEvents$', args: [now, 6] } });
    const id = (watch as { id: number }).id;
    worker.answer({ type: 'value', id, value: [{ id: 'e1', title: 'Oslo' }] });
    expect(answers).toEqual([[{ id: 'e1', title: 'Oslo' }]]);
    subscription.unsubscribe();
    worker.answer({ type: 'value', id, value: [] });
    expect(answers).toHaveLength(1);
    expect(worker.sent).toContainEqual({ type: 'unwatch', id });
  });

  it('shares one watch of the status between every component that shows it', async () => {
    const { worker, replica } = await openedReplica();
    const first: SyncStatus[] = [];
    const second: SyncStatus[] = [];
    const a = replica.engine.status$.subscribe((status) => first.push(status));
    const status = { mode: 'public', offlineReady: true } as SyncStatus;
    worker.answer({ type: 'value', id: worker.watchId('status')!, value: status });
    // A later subscriber gets the latest status at once.
    const b = replica.engine.status$.subscribe((value) => second.push(value));
    expect(first).toEqual([status]);
    expect(second).toEqual([status]);
    expect(worker.sent.filter((message) => message.type === 'watch')).toHaveLength(1);
    a.unsubscribe();
    b.unsubscribe();
    expect(worker.sent.at(-1)).toEqual({ type: 'unwatch', id: worker.watchId('status') });
  });

  it('closing it closes the replica in the worker first, then ends the worker', async () => {
    const { worker, replica } = await openedReplica();
    const closing = replica.engine.destroy({ removeData: true });
    expect(worker.sent.at(-1)).toEqual({ type: 'destroy', removeData: true });
    expect(worker.terminated()).toBe(false);
    worker.answer({ type: 'destroyed' });
    await closing;
    expect(worker.terminated()).toBe(true);
  });
});
