import { describe, expect, it } from 'vitest';
import {
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

describe('the feedback outbox', () => {
  it('keeps an answer given offline across a reload, retries it later, and lets it go once sent', () => {
    const storage = memory();
    let store: FeedbackStore = withEntry({}, TOKEN, (entry) => queueAnswer(entry, ANSWER, 1000));
    writeFeedbackStore(storage, store);
    // A reload: the answer is still there, due at once.
    store = readFeedbackStore(storage);
    expect(store[TOKEN]!.queued!.answer).toEqual(ANSWER);
    expect(dueTokens(store, 1000)).toEqual([TOKEN]);

    store = withEntry(store, TOKEN, (entry) => afterFailedAttempt(entry, 1000));
    expect(nextAttemptAt(store)).toBe(6000);
    expect(dueTokens(store, 2000)).toEqual([]);
    store = withEntry(store, TOKEN, (entry) => afterFailedAttempt(entry, 6000));
    expect(nextAttemptAt(store)).toBe(16_000);
    // Back online: due now.
    expect(dueTokens(allDueNow(store, 7000), 7000)).toEqual([TOKEN]);

    const sent = withEntry(store, TOKEN, (entry) => afterSent(entry, 1000, ANSWER, '2026-03-10T18:00:00Z'));
    expect(sent[TOKEN]!.queued).toBeNull();
    expect(nextAttemptAt(sent)).toBeNull();
  });

  it('keeps a newer answer given while an older one was on its way', () => {
    let store: FeedbackStore = withEntry({}, TOKEN, (entry) => queueAnswer(entry, ANSWER, 1000));
    store = withEntry(store, TOKEN, (entry) => queueAnswer(entry, { ...ANSWER, rating: 5 }, 2000));
    store = withEntry(store, TOKEN, (entry) => afterSent(entry, 1000, ANSWER, '2026-03-10T18:00:00Z'));
    expect(store[TOKEN]!.queued!.answer.rating).toBe(5);
  });

  it('a refused answer leaves the outbox, but not a newer one given while it was on its way', () => {
    const once = withEntry({}, TOKEN, (entry) => queueAnswer(entry, ANSWER, 1000));
    expect(afterRefused(once[TOKEN]!, 1000)).toEqual({ ...once[TOKEN], queued: null });
    const changed = withEntry(once, TOKEN, (entry) => queueAnswer(entry, { ...ANSWER, rating: 5 }, 2000));
    expect(afterRefused(changed[TOKEN]!, 1000)).toBeNull();
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
