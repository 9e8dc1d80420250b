import { describe, expect, it } from 'vitest';
import { INVITE_OUTBOX_KEY } from './invite-request-signals.ts';
import {
  afterFailedAttempt,
  dueNow,
  dueRequests,
  newQueuedRequest,
  nextAttemptAt,
  readOutbox,
  retryDelayMs,
  withoutRequest,
  withRequest,
  writeOutbox,
  type QueuedInviteRequest,
} from './invite-request-outbox.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const FIELDS = {
  name: 'Ada Lovelace',
  email: 'ada@corp.example',
  company: 'Analytical Engines',
  job_title: 'Chief Data Officer',
  linkedin_url: '',
  reason: '',
  consent: true,
  website: '',
};

function request(eventId: string, now = 1_000, fields = FIELDS): QueuedInviteRequest {
  return newQueuedRequest({ id: eventId, title: `Event ${eventId}`, path: `/events/${eventId}` }, fields, now);
}

describe('the invite request outbox', () => {
  it('keeps what it was given across a reload (a new read of the same storage), its submission id included', () => {
    const storage = memoryStorage();
    const queued = request('a');
    writeOutbox(storage, withRequest([], queued));
    expect(readOutbox(memoryStorage(Object.fromEntries(storage.values)))).toEqual([queued]);
    // Each submission has an id of its own, which every attempt to send it carries.
    expect(queued.submissionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(request('a').submissionId).not.toBe(queued.submissionId);
  });

  it('holds one request per event: a second one replaces the first, as the server does', () => {
    const second = request('a', 2_000, { ...FIELDS, name: 'Ada King' });
    const requests = withRequest(withRequest(withRequest([], request('a')), request('b')), second);
    expect(requests.map((queued) => [queued.eventId, queued.fields.name])).toEqual([
      ['b', 'Ada Lovelace'],
      ['a', 'Ada King'],
    ]);
    expect(withoutRequest(requests, 'a').map((queued) => queued.eventId)).toEqual(['b']);
  });

  it('leaves no key behind when it is empty, so a page start finds nothing to load', () => {
    const storage = memoryStorage();
    writeOutbox(storage, [request('a')]);
    expect(storage.values.has(INVITE_OUTBOX_KEY)).toBe(true);
    writeOutbox(storage, []);
    expect(storage.values.has(INVITE_OUTBOX_KEY)).toBe(false);
  });

  it('reads a damaged store as empty instead of failing the page', () => {
    for (const stored of ['not json', '{"a":1}', '[{"eventId":1}]']) {
      expect(readOutbox(memoryStorage({ [INVITE_OUTBOX_KEY]: stored }))).toEqual([]);
    }
  });

  it('retries after 5 s, doubling to a minute at most, or after the wait the server asked for', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    const failedOnce = afterFailedAttempt(request('a', 1_000), 2_000);
    expect(failedOnce).toMatchObject({ attempts: 1, nextAttemptAt: 7_000 });
    expect(afterFailedAttempt(failedOnce, 8_000)).toMatchObject({ attempts: 2, nextAttemptAt: 18_000 });
    expect(afterFailedAttempt(failedOnce, 8_000, 3_600_000)).toMatchObject({ nextAttemptAt: 3_608_000 });
  });

  it('sends what is due, never a request that waits for the visitor to correct it', () => {
    const waiting = afterFailedAttempt(request('a', 1_000), 1_000);
    const due = request('b', 1_000);
    const toCorrect = { ...request('c', 1_000), problems: { error: 'Some answers need correcting.', fields: {} } };
    const requests = [waiting, due, toCorrect];
    expect(dueRequests(requests, 2_000).map((queued) => queued.eventId)).toEqual(['b']);
    expect(nextAttemptAt([waiting, toCorrect])).toBe(6_000);
    expect(nextAttemptAt([toCorrect])).toBeNull();
    // Back online: everything that waits for the network is due at once.
    expect(dueRequests(dueNow(requests, 3_000), 3_000).map((queued) => queued.eventId)).toEqual(['a', 'b']);
  });
});
