/**
 * scrape-linkedin-profile (spec 2 "Admin: Attendees", 7): fills an attendee's bio, priorities,
 * current focus and future focus from their LinkedIn profile. Admins only. The profile URL must be a
 * LinkedIn profile (linkedin-url.ts); the data comes from the configured profile provider
 * (profile-provider.ts) and is condensed by the configured AI endpoint (profile-insights.ts).
 *
 * Answer: `{ success: true, data: { bio, priorities, current_focus, future_focus }, error: null,
 * attendeeUpdated }`. With an `attendee_id`, the attendee must exist and `linkedin_url` must be the
 * profile saved on it (spec 5: 'Scrape Profile' requires a saved attendee with a LinkedIn URL;
 * both checked before anything is fetched: 404, 409), and the non-blank fields are also saved to
 * its row, so a bulk run keeps its results even if the page is closed; a blank field never wipes
 * what an admin wrote. A profile that yields none of the four fields (a private profile, a provider
 * answering with nothing) is a failure, 422, not an empty success.
 * Failures: `{ success: false, error }` with 400/401/403/404/409/422/429/502/503/504 (see README.md).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { requireAdmin } from '../_shared/admin-auth.ts';
import { FunctionError, jsonFunction, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import { INVALID_PROFILE_URL_MESSAGE, parseLinkedInProfileUrl, type LinkedInProfileUrl } from './linkedin-url.ts';
import { writeProfileInsights, type ProfileInsights } from './profile-insights.ts';
import { readScrapeConfig } from './scrape-config.ts';

const ScrapeBody = z.object({
  attendee_id: z.guid({ error: 'attendee_id must be an attendee id' }).nullish(),
  linkedin_url: z.string({ error: 'linkedin_url is required' }).trim().min(1, { error: 'linkedin_url is required' }),
});

/** Checks that the attendee exists and that `profile` is the LinkedIn profile saved on it. */
async function requireAttendeeProfile(
  service: SupabaseClient,
  attendeeId: string,
  profile: LinkedInProfileUrl,
): Promise<void> {
  const { data, error } = await service
    .from('attendees')
    .select('linkedin_url')
    .eq('id', attendeeId)
    .eq('_deleted', false)
    .maybeSingle();
  if (error) throw new Error(`reading the attendee failed: ${error.message}`);
  if (!data) throw new FunctionError(404, 'Attendee not found');
  const saved = parseLinkedInProfileUrl((data as { linkedin_url: string | null }).linkedin_url ?? '');
  if (saved?.url !== profile.url) {
    throw new FunctionError(409, 'The LinkedIn URL is not the one saved on this attendee: save it first');
  }
}

/** Saves the non-blank fields; false when there was nothing to save or the attendee is gone. */
async function saveInsights(service: SupabaseClient, attendeeId: string, insights: ProfileInsights): Promise<boolean> {
  const fields = Object.fromEntries(Object.entries(insights).filter(([, value]) => value !== ''));
  if (Object.keys(fields).length === 0) return false;
  const { data, error } = await service
    .from('attendees')
    .update(fields)
    .eq('id', attendeeId)
    .eq('_deleted', false)
    .select('id');
  if (error) throw new Error(`saving the scraped profile failed: ${error.message}`);
  return data.length > 0;
}

export const handler = jsonFunction(
  { name: 'scrape-linkedin-profile', failureMessage: 'Failed to scrape the LinkedIn profile' },
  async (request) => {
    const service = createServiceClient();
    await requireAdmin(request, service, 'Only admins can scrape LinkedIn profiles');
    const body = await readJsonBody(request, ScrapeBody);
    const profileUrl = parseLinkedInProfileUrl(body.linkedin_url);
    if (!profileUrl) throw new FunctionError(400, INVALID_PROFILE_URL_MESSAGE);
    const config = readScrapeConfig();
    if (body.attendee_id) await requireAttendeeProfile(service, body.attendee_id, profileUrl);
    const profile = await config.provider.fetchProfile(profileUrl);
    const data = await writeProfileInsights(config.insights, profile);
    if (Object.values(data).every((value) => value === '')) {
      // In the words the form shows for a failed scrape (spec section 8).
      throw new FunctionError(
        422,
        'The LinkedIn profile might be private or the API is having issues. You can manually fill in the fields.',
      );
    }
    const attendeeUpdated = body.attendee_id ? await saveInsights(service, body.attendee_id, data) : false;
    return jsonResponse({ success: true, data, error: null, attendeeUpdated });
  },
);
