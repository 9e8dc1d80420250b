/**
 * A checked-in guest's feedback, on its way to the guest-feedback server function (issue 31). The
 * form behind the personal link reads the event, its agenda and the answer so far from the function,
 * and keeps them on the device (./feedback-outbox.ts), so a reload offline still shows them. An
 * answer goes into the device's outbox before it is sent, so nothing is lost offline, on a reload
 * or in a closed tab; it leaves when the server has it. Waiting answers are sent as the invite
 * request form's are (./outbox-runner.ts): online again, back in view, on a timer (5 s, doubling to
 * a minute) and at the next start of the app.
 *
 * The token goes in the request's body, never its URL. Nothing personal is logged.
 */
import { useEffect, useSyncExternalStore } from 'react';
import {
  FEEDBACK_MESSAGES,
  type FeedbackAnswer,
  type FeedbackForm,
  type FeedbackRefused,
  type FeedbackSaved,
} from '../../supabase/functions/_shared/portable/feedback.ts';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';
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
  retryDelayMs,
  withEntry,
  writeFeedbackStore,
  type FeedbackStore,
} from './feedback-outbox.ts';
import { FEEDBACK_STORE_KEY } from './feedback-signals.ts';
import { createOutboxRunner } from './outbox-runner.ts';
import { storageOrMemory } from './storage-or-memory.ts';

/** What the server said of the link or of an answer, when it was not a plain yes. */
export type FeedbackProblem =
  /**
   * No such link, feedback has closed, or the answer was changed on another device since this one
   * was made from it: nothing to do but say so.
   */
  | { kind: 'refused'; message: string }
  /** Answers to correct, per field. */
  | { kind: 'invalid'; message: string; fields: Record<string, string> };

type Reply =
  | { kind: 'ok'; body: unknown }
  | { kind: 'offline' }
  /** `form`: the form as it is now, when the server sent it with the refusal. */
  | { kind: 'problem'; problem: FeedbackProblem; form?: FeedbackForm };

const SEND_TIMEOUT_MS = 20_000;

/** A browser that refuses to store data still shows the form and sends the answer while the page is open. */
const store = storageOrMemory(`${FEEDBACK_STORE_KEY}.probe`);
const read = () => store.read(readFeedbackStore);

const listeners = new Set<() => void>();
let snapshot: FeedbackStore | null = null;
/** Per link, what the server last refused (not kept: the next attempt asks again). */
const problems = new Map<string, FeedbackProblem>();
/** Links whose form the last read could not get from the server (it is tried again). */
const unreadForms = new Set<string>();

function changed(): void {
  snapshot = null;
  listeners.forEach((listener) => listener());
}

function write(next: FeedbackStore): void {
  store.write((storage) => writeFeedbackStore(storage, next));
  changed();
}

async function post(body: Record<string, unknown>): Promise<Reply> {
  if (!navigator.onLine) return { kind: 'offline' };
  let response: Response;
  try {
    const config = await loadRuntimeConfig();
    response = await fetch(`${config.supabaseUrl}/functions/v1/guest-feedback`, {
      method: 'POST',
      headers: {
        apikey: config.supabaseAnonKey,
        Authorization: `Bearer ${config.supabaseAnonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      cache: 'no-store',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'offline' };
  }
  const answer = (await response.json().catch(() => null)) as
    (Partial<FeedbackRefused> & { fields?: Record<string, string> }) | null;
  if (response.ok) return { kind: 'ok', body: answer };
  if (response.status === 400 && answer?.fields) {
    const message = answer.error ?? FEEDBACK_MESSAGES.invalid;
    return { kind: 'problem', problem: { kind: 'invalid', message, fields: answer.fields } };
  }
  if (response.status === 404 || response.status === 409) {
    const problem = { kind: 'refused', message: answer?.error ?? FEEDBACK_MESSAGES.unknown } as const;
    return { kind: 'problem', problem, form: answer?.form };
  }
  // A server error, a gateway's page: the server could not take it yet.
  return { kind: 'offline' };
}

/**
 * Reads the form behind `token` from the server and keeps it; offline, the kept one stays. True
 * when no working server answered (offline, a server error, a gateway's page, a timeout).
 */
async function refreshForm(token: string): Promise<boolean> {
  const reply = await post({ token });
  const failed = reply.kind === 'offline';
  if (failed !== unreadForms.has(token)) {
    if (failed) unreadForms.add(token);
    else unreadForms.delete(token);
    changed();
  }
  if (reply.kind === 'ok') {
    problems.delete(token);
    write(withEntry(read(), token, (entry) => ({ ...entry, form: reply.body as FeedbackForm })));
  } else if (reply.kind === 'problem') {
    problems.set(token, reply.problem);
    changed();
  }
  return failed;
}

/** Sends the answer waiting for `token`, if one does. */
async function attempt(token: string): Promise<void> {
  const queued = read()[token]?.queued;
  if (!queued) return;
  const reply = await post({ token, answer: queued.answer, based_on: queued.basedOn ?? null });
  const now = Date.now();
  if (reply.kind === 'ok') {
    problems.delete(token);
    write(withEntry(read(), token, (entry) => afterSent(entry, queued.queuedAt, (reply.body as FeedbackSaved).form)));
  } else if (reply.kind === 'offline') {
    write(withEntry(read(), token, (entry) => afterFailedAttempt(entry, now, queued.answer)));
  } else {
    // In conflict with this device's own earlier answer, which reached the server without a reply:
    // sent again, as an edit of it.
    const entry = read()[token];
    const rebased = entry && reply.form ? afterConflict(entry, queued.queuedAt, reply.form, now) : null;
    if (rebased) {
      write({ ...read(), [token]: rebased });
      return attempt(token);
    }
    // Refused or to be corrected: it leaves the outbox, the form shows the answer as the server has
    // it (changed on another device, say) and says why; unless the guest changed the answer
    // meanwhile: that one is sent in its turn.
    const refused = entry ? afterRefused(entry, queued.queuedAt, reply.form) : null;
    if (!refused) return;
    problems.set(token, reply.problem);
    write({ ...read(), [token]: refused });
  }
}

const runner = createOutboxRunner({
  key: FEEDBACK_STORE_KEY,
  nextAttemptAt: () => nextAttemptAt(read()),
  async sendDue() {
    for (const token of dueTokens(read(), Date.now())) await attempt(token);
  },
  allDueNow: () => write(allDueNow(read(), Date.now())),
  changedElsewhere: changed,
});

/** Starts sending what waits, and keeps at it (./outbox-runner.ts). Idempotent. */
export function resumeFeedback(): void {
  runner.start();
}

/** Keeps the guest's answer for `token` and sends it now, or as soon as it can. */
export async function sendFeedback(token: string, answer: FeedbackAnswer): Promise<void> {
  problems.delete(token);
  write(withEntry(read(), token, (entry) => queueAnswer(entry, answer, Date.now())));
  resumeFeedback();
  await runner.exclusive(() => attempt(token));
  runner.schedule();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface GuestFeedbackState {
  /** The form as last read (from the server, or kept on this device); null until read once. */
  form: FeedbackForm | null;
  /** The answer waiting to be sent, if any. */
  queued: FeedbackAnswer | null;
  /** True once an attempt to send the waiting answer has failed (not while the first is under way). */
  held: boolean;
  problem: FeedbackProblem | null;
  /** True when the last read of the form found no working server (it is tried again while none is held). */
  unread: boolean;
}

/**
 * The feedback behind `token`: read from the server when online (again on reconnecting), else as
 * kept. Until a form is held, a read that found no working server is tried again (retryDelayMs): a
 * guest who is online the whole time, facing a server error, never hears an 'online' event.
 */
export function useGuestFeedback(token: string): GuestFeedbackState {
  const store = useSyncExternalStore(
    subscribe,
    () => (snapshot ??= read()),
    () => null,
  );
  useEffect(() => {
    resumeFeedback();
    let failures = 0;
    let loading = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      if (loading) return;
      loading = true;
      clearTimeout(retry);
      const failed = await refreshForm(token);
      loading = false;
      if (stopped) return;
      failures = failed ? failures + 1 : 0;
      if (failed && !read()[token]?.form) retry = setTimeout(() => void load(), retryDelayMs(failures));
    };
    void load();
    // A connection back is a new chance: tried at once, and again from the shortest wait.
    const again = () => {
      failures = 0;
      void load();
    };
    window.addEventListener('online', again);
    return () => {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('online', again);
    };
  }, [token]);
  const entry = store?.[token];
  return {
    form: entry?.form ?? null,
    queued: entry?.queued?.answer ?? null,
    held: (entry?.queued?.attempts ?? 0) > 0,
    problem: problems.get(token) ?? null,
    unread: unreadForms.has(token),
  };
}
