/**
 * Settings the built app reads at run time from /runtime-config.json, so that one build can be
 * deployed against any Supabase project: the server that hosts the app writes that file.
 */
import * as z from 'zod/mini';
import { takeEarlyConfig } from './early-requests.ts';

/** Built on first use: building zod schemas costs a few milliseconds the page's start-up does without. */
const buildSchema = () =>
  z.object({
    supabaseUrl: z.url(),
    supabaseAnonKey: z.string().check(z.minLength(1)),
    /** The external enquiry form embedded on /contact and at the foot of event pages. */
    enquiryFormUrl: z.optional(z.url()),
    /** The external awards nomination form ('Submit Nominations' opens it in a new tab). */
    nominationFormUrl: z.optional(z.url()),
    /** Where enquiries go when the form cannot load (offline, or none configured). */
    enquiryEmail: z._default(z.email(), 'events@cdovision.example'),
    /** Company-logo lookup (spec section 7, "External"): `{domain}` is replaced, e.g. `https://logos.example/{domain}`. */
    logoServiceUrl: z.optional(z.string().check(z.includes('{domain}'))),
  });

export type RuntimeConfig = z.infer<ReturnType<typeof buildSchema>>;

let schema: ReturnType<typeof buildSchema> | undefined;
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
  pending ??= (takeEarlyConfig()?.catch(fetchRuntimeConfig) ?? fetchRuntimeConfig()).then((json) =>
    (schema ??= buildSchema()).parse(json),
  );
  return pending;
}
