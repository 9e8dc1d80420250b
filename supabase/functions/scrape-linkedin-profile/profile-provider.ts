/**
 * Where raw profile data comes from. LinkedIn has no public profile API, so a profile-data
 * provider fetches it; each provider gets an adapter behind `ProfileProvider`, chosen by
 * LINKEDIN_PROVIDER. Adding one means writing a factory and listing it in `PROFILE_PROVIDERS`.
 *
 * 'http-json' (the default): GET `<LINKEDIN_PROVIDER_URL>/profile?url=<profile URL>` with
 * `Authorization: Bearer <LINKEDIN_PROVIDER_KEY>`, answered by the profile as JSON (any shape: the
 * AI step reads it), 404 when there is no such public profile.
 */
import { FunctionError } from '../_shared/http.ts';
import { parseJsonAnswer, sendOutbound } from '../_shared/outbound.ts';
import type { LinkedInProfileUrl } from './linkedin-url.ts';

export interface ProfileProvider {
  /** The provider's data for the profile, unparsed beyond JSON. Failures are `FunctionError`s. */
  fetchProfile(profile: LinkedInProfileUrl): Promise<unknown>;
}

export interface ProfileProviderSettings {
  /** Base URL of the provider's API (from configuration, never from a request). */
  baseUrl: URL;
  apiKey: string | undefined;
  timeoutMs: number;
}

export type ProfileProviderFactory = (settings: ProfileProviderSettings) => ProfileProvider;

const SERVICE = 'The LinkedIn profile provider';
/** Profiles with long histories run to tens of kilobytes; anything near this is not a profile. */
const MAX_PROFILE_BYTES = 2 * 1024 * 1024;

/** `path` below `base`, keeping any path the base URL has (https://host/v1 + profile = /v1/profile). */
export function endpointUrl(base: URL, path: string): URL {
  const withSlash = new URL(base);
  if (!withSlash.pathname.endsWith('/')) withSlash.pathname += '/';
  return new URL(path, withSlash);
}

/** Turns a provider's non-success status into what the admin is told. */
function providerFailure(status: number): FunctionError {
  if (status === 404) return new FunctionError(404, 'LinkedIn profile not found. It might be private or removed.');
  if (status === 401 || status === 403) return new FunctionError(502, `${SERVICE} refused this server's credentials`);
  if (status === 429) return new FunctionError(429, `${SERVICE} is rate limiting requests; try again later`);
  return new FunctionError(502, `${SERVICE} failed (HTTP ${status})`);
}

const httpJsonProvider: ProfileProviderFactory = (settings) => ({
  async fetchProfile(profile) {
    const url = endpointUrl(settings.baseUrl, 'profile');
    url.searchParams.set('url', profile.url);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
    const answer = await sendOutbound({
      service: SERVICE,
      url,
      method: 'GET',
      headers,
      timeoutMs: settings.timeoutMs,
      maxBytes: MAX_PROFILE_BYTES,
    });
    if (answer.status !== 200) throw providerFailure(answer.status);
    const data = parseJsonAnswer(SERVICE, answer.text);
    if (typeof data !== 'object' || data === null) throw new FunctionError(502, `${SERVICE} sent no profile`);
    return data;
  },
});

/** The adapters LINKEDIN_PROVIDER can name. */
export const PROFILE_PROVIDERS: Readonly<Record<string, ProfileProviderFactory>> = {
  'http-json': httpJsonProvider,
};

export const DEFAULT_PROFILE_PROVIDER = 'http-json';
