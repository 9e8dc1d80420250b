/**
 * The visitor's invite requests that the server has not taken yet, one per event, kept in
 * localStorage so that a reload or a closed tab loses none (docs/decisions/018: the form's data is
 * small, and a visitor's device has no replica of its own requests). Pure functions over a list and
 * a Storage, so the rules are tested without a browser; ./invite-requests.ts sends them.
 */
import * as z from 'zod/mini';
import type { InviteRequestFields } from '../../supabase/functions/_shared/portable/invite-request.ts';
import { INVITE_OUTBOX_KEY } from './invite-request-signals.ts';

/** What the server said needs correcting (a 400): the request then waits for the visitor. */
export interface InviteRequestProblems {
  error: string;
  /** Per field: `{ <field>: <message> }`. */
  fields: Record<string, string>;
}

export interface QueuedInviteRequest {
  eventId: string;
  eventTitle: string;
  /** The event page, where the visitor can correct the request. */
  eventPath: string;
  fields: InviteRequestFields;
  /**
   * The request's own token when the form was opened from its owner's link (`#request=<token>`):
   * it lets the server change the details of the request already made.
   */
  updateToken?: string;
  /**
   * Made when the visitor sends the form, the same on every attempt: the server takes a submission
   * once, so an attempt whose answer was lost and is sent again mails the guest nothing more.
   * Entries stored before it existed go without.
   */
  submissionId?: string;
  queuedAt: number;
  /** Attempts that failed for want of a connection or of a working server. */
  attempts: number;
  nextAttemptAt: number;
  problems: InviteRequestProblems | null;
}

/**
 * The stored shape, checked loosely: the fields are whatever the form had (the server checks them
 * again, and a 400 comes back to the visitor as problems to correct).
 */
const buildStoredSchema = () =>
  z.array(
    z.object({
      eventId: z.string(),
      eventTitle: z.string(),
      eventPath: z.string(),
      fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
      updateToken: z.optional(z.string()),
      submissionId: z.optional(z.string()),
      queuedAt: z.number(),
      attempts: z.number(),
      nextAttemptAt: z.number(),
      problems: z.nullable(z.object({ error: z.string(), fields: z.record(z.string(), z.string()) })),
    }),
  );
let storedSchema: ReturnType<typeof buildStoredSchema> | undefined;

/** The queued requests; an unreadable store reads as empty (nothing in it could be sent). */
export function readOutbox(storage: Pick<Storage, 'getItem'>): QueuedInviteRequest[] {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(INVITE_OUTBOX_KEY) ?? '[]');
  } catch {
    return [];
  }
  const parsed = (storedSchema ??= buildStoredSchema()).safeParse(value);
  return parsed.success ? (parsed.data as QueuedInviteRequest[]) : [];
}

/** Stores `requests`; an empty outbox leaves no key, so a page's start-up check stays a lookup. */
export function writeOutbox(storage: Pick<Storage, 'setItem' | 'removeItem'>, requests: QueuedInviteRequest[]): void {
  if (requests.length === 0) storage.removeItem(INVITE_OUTBOX_KEY);
  else storage.setItem(INVITE_OUTBOX_KEY, JSON.stringify(requests));
}

/** The outbox with `request` in it, in place of an earlier one for the same event (the server keeps one too). */
export function withRequest(requests: QueuedInviteRequest[], request: QueuedInviteRequest): QueuedInviteRequest[] {
  return [...requests.filter((queued) => queued.eventId !== request.eventId), request];
}

export function withoutRequest(requests: QueuedInviteRequest[], eventId: string): QueuedInviteRequest[] {
  return requests.filter((queued) => queued.eventId !== eventId);
}

/** A new request for the outbox, due at once. */
export function newQueuedRequest(
  event: { id: string; title: string; path: string },
  fields: InviteRequestFields,
  now: number,
  updateToken?: string,
): QueuedInviteRequest {
  return {
    eventId: event.id,
    eventTitle: event.title,
    eventPath: event.path,
    fields,
    ...(updateToken ? { updateToken } : {}),
    submissionId: crypto.randomUUID(),
    queuedAt: now,
    attempts: 0,
    nextAttemptAt: now,
    problems: null,
  };
}

/** The requests to send now: due, and not waiting for the visitor's corrections. */
export function dueRequests(requests: QueuedInviteRequest[], now: number): QueuedInviteRequest[] {
  return requests.filter((queued) => queued.problems === null && queued.nextAttemptAt <= now);
}

/** When the next request falls due, or null when none waits for the network. */
export function nextAttemptAt(requests: QueuedInviteRequest[]): number | null {
  const times = requests.filter((queued) => queued.problems === null).map((queued) => queued.nextAttemptAt);
  return times.length > 0 ? Math.min(...times) : null;
}

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60_000;

/** The wait after `attempts` failed attempts: 5 s, doubling, at most a minute. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * The request after an attempt that did not reach a working server; `waitMs` when the server said how
 * long to wait (a 429's Retry-After), else the doubling delay.
 */
export function afterFailedAttempt(request: QueuedInviteRequest, now: number, waitMs?: number): QueuedInviteRequest {
  const attempts = request.attempts + 1;
  return { ...request, attempts, nextAttemptAt: now + (waitMs ?? retryDelayMs(attempts)) };
}

/** Every waiting request due now: the connection came back. */
export function dueNow(requests: QueuedInviteRequest[], now: number): QueuedInviteRequest[] {
  return requests.map((queued) => (queued.problems === null ? { ...queued, nextAttemptAt: now } : queued));
}
