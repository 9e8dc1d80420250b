/**
 * The guest's feedback on this device, per feedback link: the form as the server last gave it (so a
 * reload offline still shows the event, its agenda and the answer so far) and the answer not yet
 * sent (so a reload or a closed tab loses nothing). Pure functions over a Storage, as the invite
 * request outbox (./invite-request-outbox.ts), so the rules are tested without a browser;
 * ./guest-feedback.ts sends the answers.
 *
 * The link's token is kept here as the key: it is the guest's own, on the guest's own device, as
 * the link itself is in their mail and their browser's history.
 */
import * as z from 'zod/mini';
import type { FeedbackAnswer, FeedbackForm } from '../../supabase/functions/_shared/portable/feedback.ts';
import { FEEDBACK_STORE_KEY } from './feedback-signals.ts';

export interface QueuedFeedback {
  answer: FeedbackAnswer;
  /**
   * The version (`updated_at`) of the server's answer this one was made from, null when there was
   * none: the server refuses an answer that would give consent back over a newer one without it.
   * Entries stored before it existed go without, and count as made from none.
   */
  basedOn?: string | null;
  /**
   * An earlier answer sent from this device whose reply never came (a lost answer, a timeout): the
   * server may hold it. When the server says this one conflicts with an answer that is exactly that
   * one, it is this device's own, and this one is sent again as an edit of it (afterConflict).
   */
  perhapsTaken?: FeedbackAnswer | null;
  queuedAt: number;
  /** Attempts that failed for want of a connection or of a working server. */
  attempts: number;
  nextAttemptAt: number;
}

export interface FeedbackEntry {
  form: FeedbackForm | null;
  queued: QueuedFeedback | null;
}

export type FeedbackStore = Record<string, FeedbackEntry>;

const buildStoredSchema = () =>
  z.record(
    z.string(),
    z.object({
      form: z.nullable(z.looseObject({ event: z.looseObject({ id: z.string(), title: z.string() }) })),
      queued: z.nullable(
        z.object({
          answer: z.looseObject({ rating: z.number(), quote_consent: z.boolean() }),
          basedOn: z.optional(z.nullable(z.string())),
          perhapsTaken: z.optional(z.nullable(z.looseObject({ rating: z.number(), quote_consent: z.boolean() }))),
          queuedAt: z.number(),
          attempts: z.number(),
          nextAttemptAt: z.number(),
        }),
      ),
    }),
  );
let storedSchema: ReturnType<typeof buildStoredSchema> | undefined;

/** What the device keeps; an unreadable store reads as empty. */
export function readFeedbackStore(storage: Pick<Storage, 'getItem'>): FeedbackStore {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(FEEDBACK_STORE_KEY) ?? '{}');
  } catch {
    return {};
  }
  const parsed = (storedSchema ??= buildStoredSchema()).safeParse(value);
  return parsed.success ? (parsed.data as unknown as FeedbackStore) : {};
}

export function writeFeedbackStore(storage: Pick<Storage, 'setItem' | 'removeItem'>, store: FeedbackStore): void {
  if (Object.keys(store).length === 0) storage.removeItem(FEEDBACK_STORE_KEY);
  else storage.setItem(FEEDBACK_STORE_KEY, JSON.stringify(store));
}

/** The store with `token`'s entry changed by `change`. */
export function withEntry(
  store: FeedbackStore,
  token: string,
  change: (entry: FeedbackEntry) => FeedbackEntry,
): FeedbackStore {
  return { ...store, [token]: change(store[token] ?? { form: null, queued: null }) };
}

/**
 * The entry with `answer` waiting to go, due at once (in place of an earlier one: the last answer
 * counts). It is made from what the form showed: the answer still waiting, whose edit it is, or else
 * the server's answer as last read.
 */
export function queueAnswer(entry: FeedbackEntry, answer: FeedbackAnswer, now: number): FeedbackEntry {
  const basedOn = entry.queued ? (entry.queued.basedOn ?? null) : (entry.form?.answer?.updated_at ?? null);
  const perhapsTaken = entry.queued?.perhapsTaken ?? null;
  return { ...entry, queued: { answer, basedOn, perhapsTaken, queuedAt: now, attempts: 0, nextAttemptAt: now } };
}

/**
 * The entry once the server took the answer queued at `queuedAt`: the form is the server's, as the
 * answer left it, and the answer leaves the outbox, unless the guest has queued a newer one since:
 * that one, an edit of the answer just taken, is made from its version.
 */
export function afterSent(entry: FeedbackEntry, queuedAt: number, form: FeedbackForm): FeedbackEntry {
  if (!entry.queued || entry.queued.queuedAt === queuedAt) return { form, queued: null };
  return { form, queued: { ...entry.queued, basedOn: form.answer?.updated_at ?? null } };
}

/**
 * The entry once the server refused the answer queued at `queuedAt` (or asked for corrections): it
 * leaves the outbox, and the form is the one the server sent with the refusal (the answer as it is
 * now) or else stays as it was, unless the guest has queued a newer one since, which goes in its
 * turn. Null when a newer one waits.
 */
export function afterRefused(entry: FeedbackEntry, queuedAt: number, form?: FeedbackForm): FeedbackEntry | null {
  return entry.queued?.queuedAt === queuedAt ? { form: form ?? entry.form, queued: null } : null;
}

/** A text of an answer as the server keeps it: trimmed, and blank is none. */
const keptText = (text: string | null | undefined) => text?.trim() || null;

function sameAnswer(a: FeedbackAnswer, b: FeedbackAnswer): boolean {
  return (
    a.rating === b.rating &&
    (a.valuable_session_id ?? null) === (b.valuable_session_id ?? null) &&
    keptText(a.do_differently) === keptText(b.do_differently) &&
    keptText(a.quote) === keptText(b.quote) &&
    a.quote_consent === b.quote_consent
  );
}

/**
 * The entry once the server said that the answer queued at `queuedAt` conflicts with the one it
 * holds (`form`): when that one is this device's own, sent earlier without a reply, the answer
 * stays, due at once, as an edit of it. Null otherwise: the refusal stands (afterRefused).
 */
export function afterConflict(
  entry: FeedbackEntry,
  queuedAt: number,
  form: FeedbackForm,
  now: number,
): FeedbackEntry | null {
  const { queued } = entry;
  const held = form.answer;
  if (queued?.queuedAt !== queuedAt || !queued.perhapsTaken || !held) return null;
  if (!sameAnswer(held, queued.perhapsTaken)) return null;
  return { form, queued: { ...queued, basedOn: held.updated_at, perhapsTaken: null, nextAttemptAt: now } };
}

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60_000;

/** How long after `failures` attempts in a row that did not reach a working server to try again: 5 s, doubling, at most a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
}

/**
 * The entry after an attempt to send `attempted` that did not reach a working server, or whose reply
 * never came (retryDelayMs): the server may hold `attempted` all the same.
 */
export function afterFailedAttempt(entry: FeedbackEntry, now: number, attempted: FeedbackAnswer): FeedbackEntry {
  if (!entry.queued) return entry;
  const attempts = entry.queued.attempts + 1;
  return {
    ...entry,
    queued: { ...entry.queued, attempts, nextAttemptAt: now + retryDelayMs(attempts), perhapsTaken: attempted },
  };
}

/** The links whose answer is due now. */
export function dueTokens(store: FeedbackStore, now: number): string[] {
  return Object.entries(store)
    .filter(([, entry]) => entry.queued !== null && entry.queued.nextAttemptAt <= now)
    .map(([token]) => token);
}

/** Every waiting answer due now: the connection came back, or a new page started. */
export function allDueNow(store: FeedbackStore, now: number): FeedbackStore {
  return Object.fromEntries(
    Object.entries(store).map(([token, entry]) => [
      token,
      entry.queued ? { ...entry, queued: { ...entry.queued, nextAttemptAt: now } } : entry,
    ]),
  );
}

/** When the next answer falls due, or null when none waits. */
export function nextAttemptAt(store: FeedbackStore): number | null {
  const times = Object.values(store).flatMap((entry) => (entry.queued ? [entry.queued.nextAttemptAt] : []));
  return times.length > 0 ? Math.min(...times) : null;
}
