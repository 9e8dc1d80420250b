/**
 * The back office's calls to services outside the replica: the company-logo lookup (spec section
 * 7, "External": a HEAD request to the run-time `logoServiceUrl` for a domain guessed from the
 * company name) and the 'scrape-linkedin-profile' server function. Neither works offline; callers
 * show the spec's failure messages. Only admin routes import this module (supabase-js).
 */
import * as z from 'zod/mini';
import { companyDomain, logoLookupUrl } from '../lib/company-domain.ts';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';
import { getSupabase } from './supabase-client.ts';

/**
 * The logo URL for `companyName`, or null when the service has none (any non-ok answer) or the
 * name leaves no domain to look up. Throws when the service cannot be asked (not configured,
 * offline, refused by the browser).
 */
export async function findCompanyLogo(companyName: string, signal?: AbortSignal): Promise<string | null> {
  const domain = companyDomain(companyName);
  if (!domain) return null;
  const { logoServiceUrl } = await loadRuntimeConfig();
  if (!logoServiceUrl) throw new Error('No logo service is configured (logoServiceUrl in runtime-config.json)');
  const url = logoLookupUrl(logoServiceUrl, domain);
  const response = await fetch(url, { method: 'HEAD', cache: 'no-store', ...(signal ? { signal } : {}) });
  return response.ok ? url : null;
}

/** What the scrape function fills in (spec section 7). */
export interface ScrapedProfile {
  bio: string;
  priorities: string;
  current_focus: string;
  future_focus: string;
}

export type ScrapeOutcome = { ok: true; profile: ScrapedProfile } | { ok: false; error: string | null };

const scrapeAnswerSchema = z.object({
  success: z.boolean(),
  data: z.optional(
    z.nullable(
      z.object({
        bio: z.optional(z.nullable(z.string())),
        priorities: z.optional(z.nullable(z.string())),
        current_focus: z.optional(z.nullable(z.string())),
        future_focus: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
  error: z.optional(z.nullable(z.string())),
});

async function errorOfFailedCall(error: unknown): Promise<string | null> {
  // supabase-js's FunctionsHttpError carries the answer as `context` (checked by shape: supabase-js
  // is loaded on demand, see supabase-client.ts).
  const context = typeof error === 'object' && error !== null ? (error as { context?: unknown }).context : undefined;
  if (context instanceof Response) {
    const body: unknown = await context.json().catch(() => null);
    const parsed = scrapeAnswerSchema.safeParse(body);
    if (parsed.success) return parsed.data.error ?? null;
  }
  return null;
}

/**
 * Asks 'scrape-linkedin-profile' for the profile behind `linkedinUrl`. The function also saves the
 * non-blank fields to the attendee's row on the server (they reach the replica by the next pull).
 * Never throws: a failure comes back with the function's error text, or null when there is none
 * (offline, unexpected answer), for which the caller shows the spec's default message.
 */
export async function scrapeLinkedInProfile(attendeeId: string, linkedinUrl: string): Promise<ScrapeOutcome> {
  try {
    const client = await getSupabase();
    const { data, error } = await client.functions.invoke('scrape-linkedin-profile', {
      body: { attendee_id: attendeeId, linkedin_url: linkedinUrl },
    });
    if (error) return { ok: false, error: await errorOfFailedCall(error) };
    const parsed = scrapeAnswerSchema.safeParse(data);
    if (!parsed.success) return { ok: false, error: null };
    if (!parsed.data.success || !parsed.data.data) return { ok: false, error: parsed.data.error ?? null };
    const fields = parsed.data.data;
    return {
      ok: true,
      profile: {
        bio: fields.bio ?? '',
        priorities: fields.priorities ?? '',
        current_focus: fields.current_focus ?? '',
        future_focus: fields.future_focus ?? '',
      },
    };
  } catch {
    return { ok: false, error: null };
  }
}
