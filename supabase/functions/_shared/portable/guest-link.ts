/**
 * The guest's personal link, `<site>/events/<slug or id>#guest=<token>`, and how to read its token
 * back: the guest's message shows it (and its QR code), the event page reads it from the fragment to
 * show the printable pass, and the door's scanner reads it from the code. The token is 64 hex
 * characters (invite_requests.guest_token); it sits in the fragment, which browsers never send.
 *
 * Pure code, shared by the functions and the app.
 */

/** The hash parameter of a personal link: `#guest=<token>`. */
export const GUEST_LINK_PARAMETER = 'guest';

/**
 * The hash parameter of the link that lets a request's owner change its details,
 * `<site>/events/<slug or id>#request=<token>`: the same token, mailed only to the request's address.
 */
export const REQUEST_LINK_PARAMETER = 'request';

/**
 * The hash parameter of a checked-in guest's feedback link, `<site>/events/<slug or id>#feedback=<token>`:
 * a token of its own (private.feedback_requests), as secret as the pass's.
 */
export const FEEDBACK_LINK_PARAMETER = 'feedback';

const TOKEN = /^[0-9a-f]{64}$/;

/** The token, lower-cased, when `text` is one (64 hex characters); null otherwise. */
export function guestTokenOf(text: string): string | null {
  const token = text.trim().toLowerCase();
  return TOKEN.test(token) ? token : null;
}

/** The token a location's hash ('#guest=<token>', with or without the '#') carries, if any. */
export function guestTokenOfHash(hash: string, parameter: string = GUEST_LINK_PARAMETER): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(parameter);
  return value === null ? null : guestTokenOf(value);
}
