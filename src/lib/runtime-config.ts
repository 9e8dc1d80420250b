/**
 * Settings the built app reads at run time from /runtime-config.json, so that one build can be
 * deployed against any Supabase project: the server that hosts the app writes that file.
 */
import { takeEarlyConfig } from './early-requests.ts';

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The external enquiry form embedded on /contact and at the foot of event pages. */
  enquiryFormUrl?: string;
  /** The external awards nomination form ('Submit Nominations' opens it in a new tab). */
  nominationFormUrl?: string;
  /** Where enquiries go when the form cannot load (offline, or none configured). */
  enquiryEmail: string;
  /** Company-logo lookup (spec section 7, "External"): `{domain}` is replaced, e.g. `https://logos.example/{domain}`. */
  logoServiceUrl?: string;
}

const DEFAULT_ENQUIRY_EMAIL = 'events@cdovision.example';

const webAddress = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** Each setting: whether it may be left out, and what its value must be. */
const RULES: Record<keyof RuntimeConfig, { optional: boolean; must: string; valid(value: string): boolean }> = {
  supabaseUrl: { optional: false, must: 'an http(s) URL', valid: webAddress },
  supabaseAnonKey: { optional: false, must: 'a non-empty string', valid: (value) => value !== '' },
  enquiryFormUrl: { optional: true, must: 'an http(s) URL', valid: webAddress },
  nominationFormUrl: { optional: true, must: 'an http(s) URL', valid: webAddress },
  enquiryEmail: {
    optional: true,
    must: 'an e-mail address',
    valid: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  },
  logoServiceUrl: {
    optional: true,
    must: "a string with '{domain}' in it",
    valid: (value) => value.includes('{domain}'),
  },
};

/**
 * The settings as the app uses them (the known ones; `enquiryEmail` defaulted), or an error that
 * names every setting that is wrong. Six settings checked by hand, not with zod: every page reads
 * them while it starts, and no public page's start-up evaluates zod
 * (docs/decisions/030-zod-after-the-start.md).
 */
export function checkRuntimeConfig(json: unknown): RuntimeConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('runtime-config.json: expected an object of settings');
  }
  const given = json as Record<string, unknown>;
  const settings: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(RULES)) {
    const value = given[name];
    if (value === undefined && rule.optional) continue;
    if (typeof value === 'string' && rule.valid(value)) settings[name] = value;
    else problems.push(`${name} must be ${rule.must}`);
  }
  if (problems.length) throw new Error(`runtime-config.json: ${problems.join('; ')}`);
  return { enquiryEmail: DEFAULT_ENQUIRY_EMAIL, ...settings } as RuntimeConfig;
}

let pending: Promise<RuntimeConfig> | undefined;

function fetchRuntimeConfig(): Promise<unknown> {
  return fetch('/runtime-config.json', { cache: 'no-cache' }).then((response) => {
    if (!response.ok) throw new Error(`runtime-config.json: HTTP ${response.status}`);
    return response.json();
  });
}

/**
 * Fetches and validates the run-time settings once per page load. A shell page has started the
 * request already (./early-requests.ts): its answer is used, or a request of our own when it failed.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= (takeEarlyConfig()?.catch(fetchRuntimeConfig) ?? fetchRuntimeConfig()).then(checkRuntimeConfig);
  return pending;
}
