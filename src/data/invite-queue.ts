/**
 * The approval queue of the back office (issue 15): the statuses a request for an invite goes
 * through, the list's order, its counts per status, the search over it, and the event's seats.
 * Pure functions over the rows of the admin's replica, so the page and the event's tab agree.
 */
import type { SyncDoc } from './admin-data.ts';

export type InviteRequest = SyncDoc<'invite_requests'>;

/** Every status, in the order the filters list them (the migration's check constraint). */
export const INVITE_STATUSES = ['pending', 'approved', 'declined', 'waitlisted', 'invited'] as const;

export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** The statuses an admin decides on; 'pending' (asked) and 'invited' (added by an admin) are not decisions. */
export const DECISIONS = ['approved', 'declined', 'waitlisted'] as const;

export type Decision = (typeof DECISIONS)[number];

/**
 * Whether a request with `status` has the effect of `decision` already: its own status, or, for an
 * approval, an invited guest (the team let them in; approving would mail them a second confirmation).
 */
export function hasDecision(status: string, decision: Decision): boolean {
  return status === decision || (decision === 'approved' && status === 'invited');
}

export const STATUS_LABELS: Record<InviteStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  waitlisted: 'Waitlisted',
  invited: 'Invited',
};

/** True for a status the table accepts. */
export function isInviteStatus(value: string): value is InviteStatus {
  return (INVITE_STATUSES as readonly string[]).includes(value);
}

/** Requests newest first (by when they were made), then by name. */
export const requestsNewestFirst = (a: InviteRequest, b: InviteRequest) =>
  Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? '') ||
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** How many of `requests` have each status. */
export function countByStatus(requests: readonly InviteRequest[]): Record<InviteStatus, number> {
  const counts: Record<InviteStatus, number> = { pending: 0, approved: 0, declined: 0, waitlisted: 0, invited: 0 };
  for (const request of requests) {
    if (isInviteStatus(request.status)) counts[request.status] += 1;
  }
  return counts;
}

/** True when `query` (trimmed, any case) is part of the request's name, e-mail or company; always for a blank query. */
export function matchesSearch(request: InviteRequest, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [request.name, request.email, request.company ?? ''].some((text) => text.toLocaleLowerCase().includes(needle));
}

/**
 * The seats an event's guests hold: its current attendees (added by an admin, or linked by the server
 * when a request was approved or invited), and approved or invited guests the server has not linked
 * yet (a decision made offline). Each person once.
 */
export function seatsTaken(
  requests: readonly InviteRequest[],
  links: readonly Pick<SyncDoc<'event_attendees'>, 'event_id' | 'attendee_id' | 'attendee_type'>[],
  eventId: string,
): number {
  const attendees = new Set(
    links
      .filter((link) => link.event_id === eventId && link.attendee_type === 'current')
      .map((link) => link.attendee_id),
  );
  let unlinked = 0;
  for (const request of requests) {
    if (request.event_id !== eventId || (request.status !== 'approved' && request.status !== 'invited')) continue;
    if (request.attendee_id) attendees.add(request.attendee_id);
    else unlinked += 1;
  }
  return attendees.size + unlinked;
}

/** '32 of 40 seats' (issue 15's words); null for an event that sets no limit. */
export function seatsLine(taken: number, capacity: number | null | undefined): string | null {
  if (capacity === null || capacity === undefined) return null;
  return `${taken} of ${capacity} ${capacity === 1 ? 'seat' : 'seats'}`;
}
