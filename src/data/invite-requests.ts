/**
 * A visitor's invite requests, on their way to the request-invite server function. Each request is
 * put in the outbox (./invite-request-outbox.ts, localStorage) before it is sent, so that nothing is
 * lost offline, on a reload or in a closed tab; it leaves the outbox when the server has taken it,
 * or has refused it for good (the event has ended or is gone: the visitor is told). What the server
 * wants corrected (a 400) stays, with the server's messages, until the visitor sends it again.
 * Waiting requests are sent when the browser says it is online, when the page comes back into
 * view, on a timer while any waits (5 s, doubling to a minute), and at the next start of the app
 * (./outbox-runner.ts).
 *
 * The event page's form loads this module with itself; a page whose device holds a waiting request
 * loads it at start (src/features/request-invite/invite-request-notices.tsx). Nothing personal is
 * logged: failures become outcomes, never console output.
 */
import { useEffect, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import {
  INVITE_REQUEST_MESSAGES,
  type InviteRequestFields,
} from '../../supabase/functions/_shared/portable/invite-request.ts';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';
import { announceInviteRequest, INVITE_OUTBOX_KEY } from './invite-request-signals.ts';
import {
  afterFailedAttempt,
  dueNow,
  dueRequests,
  newQueuedRequest,
  nextAttemptAt,
  readOutbox,
  withoutRequest,
  withRequest,
  writeOutbox,
  type QueuedInviteRequest,
} from './invite-request-outbox.ts';
import { createOutboxRunner } from './outbox-runner.ts';
import { storageOrMemory } from './storage-or-memory.ts';

/** What became of an attempt to send a request. */
export type InviteRequestOutcome =
  | { kind: 'sent' }
  /** Kept in the outbox: no connection ('offline'), or the server could not take it yet ('server'). */
  | { kind: 'queued'; reason: 'offline' | 'server' }
  /** The server wants corrections: `fields` maps each field to its message. */
  | { kind: 'invalid'; error: string; fields: Record<string, string> }
  /** Refused for good (the event has ended or is gone). */
  | { kind: 'refused'; error: string }
  /** Too many requests from this address or for this e-mail address. */
  | { kind: 'limited'; error: string; retryAfterMs: number };

/** The event a request is for, as the outbox names it to the visitor. */
export interface InviteRequestEvent {
  id: string;
  title: string;
  /** The event page (where a request that needs corrections can be corrected). */
  path: string;
}

const answerSchema = z.object({
  success: z.boolean(),
  error: z.optional(z.string()),
  fields: z.optional(z.record(z.string(), z.string())),
});

/** A browser that refuses to store data still sends requests: the outbox then lives as long as the page. */
const outboxStorage = storageOrMemory(`${INVITE_OUTBOX_KEY}.probe`);
const read = () => outboxStorage.read(readOutbox);
const write = (requests: QueuedInviteRequest[]) => outboxStorage.write((storage) => writeOutbox(storage, requests));

// What the open forms show: the last outcome per event and the request it was for, and a version
// for React to follow.
const settled = new Map<string, { outcome: InviteRequestOutcome; fields: InviteRequestFields }>();
/** Events whose form is open: their outcomes are shown there, not announced. */
const watched = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;
function changed(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : 60_000;
}

const SEND_TIMEOUT_MS = 20_000;

/** One attempt to hand `request` to the server. */
async function post(request: QueuedInviteRequest): Promise<InviteRequestOutcome> {
  if (!navigator.onLine) return { kind: 'queued', reason: 'offline' };
  let response: Response;
  try {
    const config = await loadRuntimeConfig();
    response = await fetch(`${config.supabaseUrl}/functions/v1/request-invite`, {
      method: 'POST',
      headers: {
        apikey: config.supabaseAnonKey,
        Authorization: `Bearer ${config.supabaseAnonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        ...request.fields,
        event_id: request.eventId,
        ...(request.updateToken ? { update_token: request.updateToken } : {}),
        ...(request.submissionId ? { submission_id: request.submissionId } : {}),
      }),
      cache: 'no-store',
      // A connection that takes the request and never answers (hotel Wi-Fi) counts as none.
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'queued', reason: 'offline' };
  }
  const parsed = answerSchema.safeParse(await response.json().catch(() => null));
  const answer = parsed.success ? parsed.data : null;
  if (response.ok && answer?.success) return { kind: 'sent' };
  if (response.status === 429) {
    return {
      kind: 'limited',
      error: answer?.error ?? INVITE_REQUEST_MESSAGES.tooMany,
      retryAfterMs: retryAfterMs(response),
    };
  }
  if (response.status === 400 && answer?.fields) {
    return { kind: 'invalid', error: answer.error ?? INVITE_REQUEST_MESSAGES.invalid, fields: answer.fields };
  }
  if (answer?.error && response.status >= 400 && response.status < 500 && response.status !== 408) {
    return { kind: 'refused', error: answer.error };
  }
  // A server error, a gateway's page, a timeout: the server could not take it yet.
  return { kind: 'queued', reason: 'server' };
}

/**
 * What a visitor whose waiting request the server limited is told: spec section 8's 'Too many
 * requests.', and, instead of 'Please try again later.', that it goes again by itself and when.
 */
export function sentAgainText(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.round(retryAfterMs / 60_000));
  const when = minutes >= 60 ? 'in an hour' : minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
  return `Too many requests. We will send yours again ${when}.`;
}

/** The requests (by when they were queued) whose limit this page has announced. */
const limitAnnounced = new Set<number>();

function announce(request: QueuedInviteRequest, outcome: InviteRequestOutcome): void {
  if (watched.has(request.eventId)) return;
  if (outcome.kind === 'sent') announceInviteRequest({ kind: 'sent', eventTitle: request.eventTitle });
  else if (outcome.kind === 'refused') {
    announceInviteRequest({ kind: 'refused', eventTitle: request.eventTitle, message: outcome.error });
  } else if (outcome.kind === 'limited') {
    // Once per request: it is tried again after each wait the limit sets, and saying so each time is noise.
    if (limitAnnounced.has(request.queuedAt)) return;
    limitAnnounced.add(request.queuedAt);
    announceInviteRequest({
      kind: 'limited',
      eventTitle: request.eventTitle,
      message: sentAgainText(outcome.retryAfterMs),
    });
  } else if (outcome.kind === 'invalid') {
    announceInviteRequest({
      kind: 'needs-fix',
      eventTitle: request.eventTitle,
      eventPath: request.eventPath,
      messages: Object.values(outcome.fields),
    });
  }
}

/** Records `outcome` of sending `sent` in the outbox, unless the visitor has changed the request since. */
function settle(sent: QueuedInviteRequest, outcome: InviteRequestOutcome): void {
  const requests = read();
  const current = requests.find((queued) => queued.eventId === sent.eventId);
  if (!current || current.queuedAt !== sent.queuedAt) return;
  const now = Date.now();
  switch (outcome.kind) {
    case 'sent':
    case 'refused':
      write(withoutRequest(requests, sent.eventId));
      break;
    case 'queued':
      write(withRequest(requests, afterFailedAttempt(current, now)));
      break;
    case 'limited':
      write(withRequest(requests, afterFailedAttempt(current, now, outcome.retryAfterMs)));
      break;
    case 'invalid':
      write(withRequest(requests, { ...current, problems: { error: outcome.error, fields: outcome.fields } }));
      break;
  }
  settled.set(sent.eventId, { outcome, fields: sent.fields });
  announce(sent, outcome);
  changed();
}

/**
 * Events whose waiting request the visitor is correcting in the form: it is not sent meanwhile, or
 * the version being corrected would reach the server first, and the server keeps the details of a
 * request it has (what is sent after only mails its owner a link to change them).
 */
const held = new Set<string>();

/** Holds the waiting request of `eventId` while the visitor edits it, or lets it go again. */
export function holdInviteRequest(eventId: string, holding: boolean): void {
  if (holding) {
    held.add(eventId);
  } else if (held.delete(eventId)) {
    runner.schedule();
  }
}

/** Sends the queued request of `eventId`, if it still waits; null when it no longer does. */
async function attempt(eventId: string): Promise<InviteRequestOutcome | null> {
  const request = read().find((queued) => queued.eventId === eventId && queued.problems === null);
  if (!request) return null;
  const outcome = await post(request);
  settle(request, outcome);
  return outcome;
}

const runner = createOutboxRunner({
  key: INVITE_OUTBOX_KEY,
  nextAttemptAt: () => nextAttemptAt(read()),
  // One after another; stops at the first that finds no connection.
  async sendDue() {
    for (const request of dueRequests(read(), Date.now())) {
      if (held.has(request.eventId)) continue;
      const outcome = await attempt(request.eventId);
      if (outcome?.kind === 'queued' && outcome.reason === 'offline') break;
    }
  },
  allDueNow: () => write(dueNow(read(), Date.now())),
  changedElsewhere: changed,
});

/**
 * Starts sending what waits, and keeps at it (./outbox-runner.ts): at once and when the browser
 * comes online (every waiting request is due then), when the page comes back into view, and on the
 * retry timer. Requests that wait for corrections are announced once, so a visitor who left before
 * the server answered hears of them. Idempotent.
 */
export function resumeInviteRequests(): void {
  if (!runner.start()) return;
  for (const request of read()) {
    if (request.problems) {
      announce(request, { kind: 'invalid', error: request.problems.error, fields: request.problems.fields });
    }
  }
}

/**
 * Queues the visitor's request for `event` (in place of an earlier one for it) and tries to send it
 * at once. A request the server limits is taken out again: the visitor, told to try later, decides.
 * `updateToken`, from the owner's link to a request already made, lets the server change its details.
 */
export async function requestInvite(
  event: InviteRequestEvent,
  fields: InviteRequestFields,
  updateToken?: string,
): Promise<InviteRequestOutcome> {
  const request = newQueuedRequest(event, fields, Date.now(), updateToken);
  held.delete(event.id);
  write(withRequest(read(), request));
  settled.delete(event.id);
  changed();
  resumeInviteRequests();
  const outcome = (await runner.exclusive(() => attempt(event.id))) ?? { kind: 'queued', reason: 'server' };
  if (outcome.kind === 'limited') {
    write(withoutRequest(read(), event.id));
    changed();
  }
  runner.schedule();
  return outcome;
}

export interface InviteRequestState {
  /** The request of this event that waits in the outbox (to send, or to correct). */
  queued: QueuedInviteRequest | null;
  /** What became of the last attempt for this event in this page. */
  settled: InviteRequestOutcome | null;
  /** The fields of that attempt: a request the server refused is gone from the outbox, not from the form. */
  settledFields: InviteRequestFields | null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const NOTHING_YET: InviteRequestState = { queued: null, settled: null, settledFields: null };
const states = new Map<string, { version: number; state: InviteRequestState }>();

/** The state of `eventId` as of the current version: the same object until something changes. */
function stateOf(eventId: string): InviteRequestState {
  const cached = states.get(eventId);
  if (cached?.version === version) return cached.state;
  const last = settled.get(eventId);
  const state = {
    queued: read().find((queued) => queued.eventId === eventId) ?? null,
    settled: last?.outcome ?? null,
    settledFields: last?.fields ?? null,
  };
  states.set(eventId, { version, state });
  return state;
}

/**
 * The outbox's state for `eventId`, kept up to date. While `watching` (the form is open), what
 * becomes of the request is shown there instead of being announced.
 */
export function useInviteRequest(eventId: string, watching: boolean): InviteRequestState {
  useEffect(() => {
    if (!watching) return;
    watched.set(eventId, (watched.get(eventId) ?? 0) + 1);
    return () => {
      const count = (watched.get(eventId) ?? 1) - 1;
      if (count > 0) watched.set(eventId, count);
      else watched.delete(eventId);
    };
  }, [eventId, watching]);
  return useSyncExternalStore(
    subscribe,
    () => stateOf(eventId),
    () => NOTHING_YET,
  );
}
