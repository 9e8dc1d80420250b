/**
 * A fake LinkedIn profile-data provider speaking the 'http-json' adapter's protocol:
 * GET /profile?url=<profile URL> with a bearer key, answered by the profile's JSON or 404.
 */
import { sendJson, startFakeServer, type FakeReply, type FakeServer } from './fake-http.ts';

export interface FakeProfile {
  full_name: string;
  headline: string;
  summary: string;
  experiences: Array<{ title: string; company: string; description: string }>;
}

export interface FakeLinkedInProvider extends FakeServer {
  apiKey: string;
  /** Profiles by canonical profile URL. */
  profiles: Map<string, FakeProfile>;
  /** Back to answering from `profiles`. */
  answerFromProfiles(): void;
}

export function buildProfile(overrides: Partial<FakeProfile> = {}): FakeProfile {
  return {
    full_name: 'Ada Lovelace',
    headline: 'Chief Data Officer at Analytical Engines Ltd',
    summary: 'Leads data strategy and governance for a global engineering group.',
    experiences: [
      {
        title: 'Chief Data Officer',
        company: 'Analytical Engines Ltd',
        description: 'Data platform and AI governance.',
      },
    ],
    ...overrides,
  };
}

export async function startFakeLinkedInProvider(apiKey = 'provider-test-key'): Promise<FakeLinkedInProvider> {
  const profiles = new Map<string, FakeProfile>();
  const fromProfiles: FakeReply = (request, response) => {
    const url = new URL(request.url, 'http://fake');
    if (request.headers.authorization !== `Bearer ${apiKey}`) return sendJson(response, 401, { error: 'bad key' });
    if (request.method !== 'GET' || url.pathname !== '/profile') return sendJson(response, 404, { error: 'no route' });
    const profile = profiles.get(url.searchParams.get('url') ?? '');
    if (!profile) return sendJson(response, 404, { error: 'profile not found' });
    sendJson(response, 200, profile);
  };
  const server = await startFakeServer(fromProfiles);
  return Object.assign(server, {
    apiKey,
    profiles,
    answerFromProfiles() {
      server.reply = fromProfiles;
    },
  });
}
