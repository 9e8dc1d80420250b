/**
 * The part of the invite-request outbox that every page carries (the rest, ./invite-requests.ts,
 * loads with the form, or at start when something waits): whether a request waits on this device,
 * and what the outbox has to tell a visitor who is not looking at the form (sent, refused, limited,
 * needs a correction). Kept tiny: the public pages' first load is measured.
 */

/** Where the outbox keeps its requests (localStorage: a few small requests, read synchronously). */
export const INVITE_OUTBOX_KEY = 'cdo-vision.invite-requests';

/** True when this device holds an invite request not yet sent (or not yet corrected). */
export function hasQueuedInviteRequests(): boolean {
  try {
    const stored = localStorage.getItem(INVITE_OUTBOX_KEY);
    return stored !== null && stored !== '[]';
  } catch {
    // Storage refused (a browser that stores nothing): nothing can have waited here.
    return false;
  }
}

/** What became of a queued request, for a visitor whose form for that event is not open. */
export type InviteRequestNotice =
  | { kind: 'sent'; eventTitle: string }
  | { kind: 'refused'; eventTitle: string; message: string }
  /** The server limited it: it is sent again when the limit allows (`message` says when). */
  | { kind: 'limited'; eventTitle: string; message: string }
  | { kind: 'needs-fix'; eventTitle: string; eventPath: string; messages: string[] };

const listeners = new Set<(notice: InviteRequestNotice) => void>();

/** Calls `listener` with each notice; returns the unsubscribe. */
export function onInviteRequestNotice(listener: (notice: InviteRequestNotice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceInviteRequest(notice: InviteRequestNotice): void {
  listeners.forEach((listener) => listener(notice));
}
