import { describe, expect, it } from 'vitest';
import {
  afterConflict,
  afterFailedAttempt,
  afterRefused,
  afterSent,
  allDueNow,
  dueTokens,
  nextAttemptAt,
  queueAnswer,
  readFeedbackStore,
  withEntry,
  writeFeedbackStore,
  type FeedbackStore,
} from './feedback-outbox.ts';
import type { FeedbackForm } from '../../supabase/functions/_shared/portable/feedback.ts';
import { FEEDBACK_STORE_KEY, hasQueuedFeedback } from './feedback-signals.ts';

function memory(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
}

const TOKEN = 'a'.repeat(64);
const ANSWER = { rating: 4, quote: 'Great room', quote_consent: false };

/** The form as the server gives it, with the answer at `version` (none: null). */
function formAt(version: string | null, answer = ANSWER): FeedbackForm {
  return {
    event: {
      id: 'e1',
      slug: 'paris',
      title: 'CDO Vision Paris',
      start_date: '2026-03-10T17:00:00Z',
      end_date: '2026-03-10T22:00:00Z',
      time_zone: 'Europe/Paris',
    },
    guest: { name: 'Ada Lovelace' },
    closes_at: '2026-04-09T22:00:00Z',
    open: true,
    sessions: [],
    answer: version === null ? null : { ...answer, updated_at: version },
  };
}

describe('the feedback outbox', () => {
  it('keeps an answer given offline across a reload, retries it later, and lets it go once sent', () => {
    const storage = memory();
    let store: FeedbackStore = withEntry({}, TOKEN, (entry) => queueAnswer(entry, ANSWER, 1000));
    writeFeedbackStore(storage, store);
    // A reload: the answer is still there, due at once.
    store = readFeedbackStore(storage);
    expect(store[TOKEN]!.queued!.answer).toEqual(ANSWER);
    expect(dueTokens(store, 1000)).toEqual([TOKEN]);

    store = withEntry(store, TOKEN, (entry) => afterFailedAttempt(entry, 1000, ANSWER));
    expect(nextAttemptAt(store)).toBe(6000);
    expect(dueTokens(store, 2000)).toEqual([]);
    store = withEntry(store, TOKEN, (entry) => afterFailedAttempt(entry, 6000, ANSWER));
    expect(nextAttemptAt(store)).toBe(16_000);
    // Back online: due now.
    expect(dueTokens(allDueNow(store, 7000), 7000)).toEqual([TOKEN]);

    const server = formAt('2026-03-10T18:00:00.123456+00:00');
    const sent = withEntry(store, TOKEN, (entry) => afterSent(entry, 1000, server));
    expect(sent[TOKEN]).toEqual({ form: server, queued: null });
    expect(nextAttemptAt(sent)).toBeNull();
  });

  it('keeps a newer answer given while an older one was on its way', () => {
    let store: FeedbackStore = withEntry({}, TOKEN, (entry) => queueAnswer(entry, ANSWER, 1000));
    store = withEntry(store, TOKEN, (entry) => queueAnswer(entry, { ...ANSWER, rating: 5 }, 2000));
    store = withEntry(store, TOKEN, (entry) => afterSent(entry, 1000, formAt('2026-03-10T18:00:00.123456+00:00')));
    expect(store[TOKEN]!.queued!.answer.rating).toBe(5);
  });

  it('sends each answer with the version it was made from, so an older one cannot undo a newer one from another device', () => {
    // Made from the answer the form showed, as the server gave it (its own clock, to the microsecond).
    let store: FeedbackStore = withEntry({}, TOKEN, (entry) => ({ ...entry, form: formAt(null) }));
    store = withEntry(store, TOKEN, (entry) => queueAnswer(entry, ANSWER, 1000));
    expect(store[TOKEN]!.queued!.basedOn).toBeNull();
    const first = formAt('2026-03-10T18:00:00.123456+00:00');
    store = withEntry(store, TOKEN, (entry) => afterSent(entry, 1000, first));
    store = withEntry(store, TOKEN, (entry) => queueAnswer(entry, { ...ANSWER, rating: 5 }, 2000));
    expect(store[TOKEN]!.queued!.basedOn).toBe('2026-03-10T18:00:00.123456+00:00');
    // Changed again before it went: still an edit of the same answer, whatever the form read since.
    store = withEntry(store, TOKEN, (entry) => ({ ...entry, form: formAt('2026-03-10T19:00:00.5+00:00') }));
    store = withEntry(store, TOKEN, (entry) => queueAnswer(entry, { ...ANSWER, rating: 3 }, 3000));
    expect(store[TOKEN]!.queued!.basedOn).toBe('2026-03-10T18:00:00.123456+00:00');
    // One changed while the last was on its way is an edit of it: made from the version it got.
    store = withEntry(store, TOKEN, (entry) => queueAnswer(entry, { ...ANSWER, rating: 2 }, 4000));
    store = withEntry(store, TOKEN, (entry) => afterSent(entry, 3000, formAt('2026-03-10T20:00:00.7+00:00')));
    expect(store[TOKEN]!.queued).toMatchObject({ answer: { rating: 2 }, basedOn: '2026-03-10T20:00:00.7+00:00' });
  });

  it('a refused answer leaves the outbox, but not a newer one given while it was on its way', () => {
    const once = withEntry({}, TOKEN, (entry) => queueAnswer(entry, ANSWER, 1000));
    expect(afterRefused(once[TOKEN]!, 1000)).toEqual({ ...once[TOKEN], queued: null });
    // Refused with the answer as it is now (changed on another device): the form shows that one.
    const now = formAt('2026-03-10T18:00:00.123456+00:00', { ...ANSWER, rating: 2 });
    expect(afterRefused(once[TOKEN]!, 1000, now)).toEqual({ form: now, queued: null });
    const changed = withEntry(once, TOKEN, (entry) => queueAnswer(entry, { ...ANSWER, rating: 5 }, 2000));
    expect(afterRefused(changed[TOKEN]!, 1000)).toBeNull();
  });

  it("sends an answer again as an edit of the device's own earlier one that reached the server without a reply", () => {
    // Sent without consent; the server took it, but the reply was lost.
    let store: FeedbackStore = withEntry({}, TOKEN, (entry) => ({ ...entry, form: formAt(null) }));
    store = withEntry(store, TOKEN, (entry) => queueAnswer(entry, { ...ANSWER, quote: ' Great room ' }, 1000));
    store = withEntry(store, TOKEN, (entry) => afterFailedAttempt(entry, 1000, entry.queued!.answer));
    // Changed meanwhile, with consent: made from no answer, as the form showed none.
    const edit = { ...ANSWER, quote: 'Great room', quote_consent: true };
    store = withEntry(store, TOKEN, (entry) => queueAnswer(entry, edit, 2000));
    expect(store[TOKEN]!.queued!.basedOn).toBeNull();
    // The server holds the first (trimmed, as it keeps texts): the edit goes again, made from it.
    const held = formAt('2026-03-10T18:00:00.123456+00:00');
    const rebased = afterConflict(store[TOKEN]!, 2000, held, 3000);
    expect(rebased).toEqual({
      form: held,
      queued: {
        answer: edit,
        basedOn: '2026-03-10T18:00:00.123456+00:00',
        perhapsTaken: null,
        queuedAt: 2000,
        attempts: 0,
        nextAttemptAt: 3000,
      },
    });
    // Kept across a reload.
    const storage = memory();
    writeFeedbackStore(storage, store);
    expect(readFeedbackStore(storage)[TOKEN]!.queued!.perhapsTaken).toMatchObject({ quote: ' Great room ' });
    // An answer changed on another device is not this device's: the refusal stands.
    const elsewhere = formAt('2026-03-10T18:00:00.123456+00:00', { ...ANSWER, rating: 2 });
    expect(afterConflict(store[TOKEN]!, 2000, elsewhere, 3000)).toBeNull();
    // Nor when nothing was sent without a reply.
    const fresh = withEntry({}, TOKEN, (entry) => queueAnswer(entry, edit, 2000));
    expect(afterConflict(fresh[TOKEN]!, 2000, held, 3000)).toBeNull();
  });

  it('reads a damaged store as empty, and says whether an answer waits', () => {
    const storage = memory();
    storage.setItem(FEEDBACK_STORE_KEY, '{not json');
    expect(readFeedbackStore(storage)).toEqual({});
    (globalThis as { localStorage?: Storage }).localStorage = storage;
    try {
      writeFeedbackStore(
        storage,
        withEntry({}, TOKEN, (entry) => entry),
      );
      expect(hasQueuedFeedback()).toBe(false);
      writeFeedbackStore(
        storage,
        withEntry({}, TOKEN, (entry) => queueAnswer(entry, ANSWER, 1)),
      );
      expect(hasQueuedFeedback()).toBe(true);
    } finally {
      delete (globalThis as { localStorage?: Storage }).localStorage;
    }
  });
});
