/**
 * `npm run bench`: throughput and latency of the local backend for the two reads a visitor causes
 * most: the home page's upcoming events, and an event page with all its embeds. Each runs at 1 and
 * at 50 concurrent connections, on PGlite and on PostgreSQL (a throwaway cluster, or BENCH_DATABASE_URL).
 * Prints requests per second and p50/p95/p99 latency. BENCH_SECONDS (10) sets each run's length.
 */
import { startBackend, type RunningBackend } from '../server/backend.ts';
import { startThrowawayPostgres } from '../scripts/machine.ts';
import { runLoad } from './load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const ATTENDEE_PUBLIC = 'id,name,company,job_title,photo_url,company_logo_url,bio,linkedin_url,priorities,current_focus,future_focus';

interface Scenario {
  name: string;
  path: (backend: RunningBackend) => Promise<string>;
}

const scenarios: Scenario[] = [
  {
    name: 'home: upcoming events',
    path: async () =>
      `/rest/v1/events?select=id,slug,title,start_date,end_date,featured_image_url&_deleted=is.false&end_date=gte.${encodeURIComponent(new Date().toISOString())}&order=start_date.asc`,
  },
  {
    name: 'event page with embeds',
    path: async (backend) => {
      const { rows } = await backend.services.db.query<{ slug: string }>(
        `select slug from public.events where not _deleted and slug is not null order by start_date desc limit 1`,
      );
      const slug = rows[0]?.slug;
      if (!slug) throw new Error('the seed has no event with a slug');
      const select = [
        '*',
        'event_gallery(id,image_url,caption,display_order)',
        'event_sponsors(id,display_order,sponsors_library(id,name,logo_url,website),sponsor_tiers(id,name,color))',
        `sessions(id,title,description,start_time,end_time,room,session_speakers(id,display_order,attendees(${ATTENDEE_PUBLIC})))`,
        `event_attendees(id,attendee_type,attendees(${ATTENDEE_PUBLIC}))`,
        'testimonials(*)',
        'videos(*)',
      ].join(',');
      return `/rest/v1/events?select=${encodeURIComponent(select)}&slug=eq.${slug}`;
    },
  },
];

async function measure(backend: RunningBackend, path: string, connections: number) {
  const result = await runLoad({
    url: `${backend.url}${path}`,
    connections,
    seconds,
    headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
  });
  if (result.failures > 0) throw new Error(`${result.failures} failed requests for ${path}`);
  return result;
}

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<void> {
  const backend = await startBackend({ port: 0, databaseUrl, seedWhenFresh: true });
  try {
    for (const scenario of scenarios) {
      const path = await scenario.path(backend);
      const check = await fetch(`${backend.url}${path}`, { headers: { apikey: backend.anonKey } });
      const body = await check.text();
      process.stdout.write(`\n${label} · ${scenario.name} (${body.length} bytes per response)\n`);
      for (const connections of [1, 50]) {
        const r = await measure(backend, path, connections);
        process.stdout.write(
          `  ${String(connections).padStart(2)} conn: ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   ` +
            `p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   (${r.requests} requests)\n`,
        );
      }
    }
  } finally {
    await backend.stop();
  }
}

await benchDatabase('PGlite', undefined);
const external = process.env.BENCH_DATABASE_URL;
const cluster = external ? null : await startThrowawayPostgres();
try {
  await benchDatabase('PostgreSQL', external ?? cluster!.url);
} finally {
  cluster?.stop();
}
