/**
 * The one kind of address this function accepts: a LinkedIn member profile,
 * `https://www.linkedin.com/in/<handle>` (also `https://linkedin.com/...`, with or without a trailing
 * slash; a query string or fragment, as share links carry, is dropped). Anything else is refused
 * before any request leaves the server, and what is passed on is rebuilt from the handle alone, so
 * no part of the caller's text other than the handle reaches another service.
 */

/** Hosts a profile link may name; both mean the same site. */
const PROFILE_HOSTS = new Set(['www.linkedin.com', 'linkedin.com']);

/** LinkedIn's public profile names: letters (any script), digits, hyphens, underscores. */
const HANDLE = /^[\p{L}\p{N}_-]{2,100}$/u;

/** Whitespace or control characters, which the URL parser would silently drop or encode. */
const INVISIBLE = /[\s\p{Cc}]/u;

export const INVALID_PROFILE_URL_MESSAGE =
  'Only LinkedIn profile URLs like https://www.linkedin.com/in/<name> can be scraped';

export interface LinkedInProfileUrl {
  /** The profile's public name, decoded. */
  handle: string;
  /** The canonical profile URL: https://www.linkedin.com/in/<handle>. */
  url: string;
}

/** The profile named by `input`, or null when it is not exactly a LinkedIn profile URL. */
export function parseLinkedInProfileUrl(input: string): LinkedInProfileUrl | null {
  const text = input.trim();
  if (text.length > 2048 || INVISIBLE.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  if (!PROFILE_HOSTS.has(url.hostname)) return null;
  const segment = /^\/in\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (segment === undefined) return null;
  let handle: string;
  try {
    handle = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (!HANDLE.test(handle)) return null;
  return { handle, url: `https://www.linkedin.com/in/${encodeURIComponent(handle)}` };
}
