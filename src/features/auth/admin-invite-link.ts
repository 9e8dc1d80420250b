/**
 * The token of an admin invite link (`/auth#admin-invite=<token>`, mailed by the invite-admin
 * function). It is taken out of the address bar at once, so it is neither bookmarked nor shared by
 * accident, and kept for this tab only (sessionStorage) while the person signs in or signs up first.
 */
const LINK_PARAMETER = 'admin-invite';
const STORAGE_KEY = 'cdo-vision:admin-invite';
const TOKEN = /^[\w-]{20,200}$/;

function stored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Moves a token from the URL's fragment into this tab's storage; returns the token held, if any. */
export function takeAdminInviteToken(): string | null {
  if (typeof window === 'undefined') return null;
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get(LINK_PARAMETER);
  if (fromLink !== null) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (TOKEN.test(fromLink)) {
      try {
        sessionStorage.setItem(STORAGE_KEY, fromLink);
      } catch {
        return fromLink;
      }
    }
  }
  const token = stored();
  return token && TOKEN.test(token) ? token : null;
}

export function forgetAdminInviteToken(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}
