/**
 * The app server (scripts/serve-app.ts) and the API's CORS as a prober meets them, over real HTTP
 * against a real backend: a forged Host header must not move the links of the sitemap, the
 * calendar feed or robots.txt; a malformed percent-escape is a 400, never a crash; every page
 * carries the security headers; the API answers CORS as the hosted gateway does. The app server
 * serves a small static build made here (a build without the server bundle is served as a static
 * host would); the browser test tests/e2e/csp.spec.ts covers the real build under its policy.
 */
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from '../../scripts/serve-app.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

const SITE = 'https://cdovision.example';
const EVIL = 'evil.example';
/** An inline script of the build, as the prerender writes them (scripts/prerender.ts). */
const EARLY_SCRIPT = "window.__early=fetch('/runtime-config.json')";
const PAGE = (title: string) =>
  `<!doctype html><html><head><meta charset="UTF-8"><script>${EARLY_SCRIPT}</script><title>${title}</title>` +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

let backend: TestBackend;
let app: { url: string; stop(): Promise<void> };
let distDir: string;
let eventSlug: string;

beforeAll(async () => {
  // As a hosted project without the SITE_URL secret: the functions take the origin the app server
  // passes, so it is the app server that must not take it from the request.
  backend = await startTestBackend({ siteUrl: SITE, config: { functionsEnv: { SITE_URL: '' } } });
  const admin = await backend.adminClient();
  eventSlug = `host-check-${Date.now()}`;
  const start = new Date(Date.now() + 10 * 24 * 3600 * 1000);
  const { error } = await admin.from('events').insert({
    title: 'Host Check Dinner',
    slug: eventSlug,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
  });
  if (error) throw new Error(error.message);

  distDir = await mkdtemp(path.join(tmpdir(), 'app-server-'));
  await mkdir(path.join(distDir, 'assets'));
  await mkdir(path.join(distDir, 'events'));
  await writeFile(path.join(distDir, 'index.html'), PAGE('Home'));
  await writeFile(path.join(distDir, 'shell.html'), PAGE('Shell'));
  await writeFile(path.join(distDir, 'events', 'shell.html'), PAGE('Event'));
  await writeFile(path.join(distDir, 'assets', 'index-abc.js'), 'export {};\n');
  app = await startAppServer({
    port: 0,
    hostname: '127.0.0.1',
    distDir,
    siteUrl: SITE,
    runtimeConfig: {
      supabaseUrl: backend.url,
      supabaseAnonKey: backend.anonKey,
      enquiryFormUrl: 'https://forms.example/enquiry?embed=1',
      logoServiceUrl: 'https://logos.example/{domain}',
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await backend?.stop();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with headers fetch() will not send (Host) and a path it would normalise (bad escapes). */
function get(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('links come from the configured site origin, never from the Host header', () => {
  it('the sitemap, the calendar feed and robots.txt point at the site, whichever name the server was asked by', async () => {
    const asked = `127.0.0.1:${new URL(app.url).port}`;
    for (const file of ['/sitemap.xml', '/calendar.ics', '/robots.txt']) {
      const answer = await get(app.url, file, { Host: asked });
      expect(answer.status, file).toBe(200);
      expect(answer.body, file).not.toContain(asked);
    }
    const sitemap = await get(app.url, '/sitemap.xml', { Host: asked });
    expect(sitemap.body).toContain(`<loc>${SITE}/events/${eventSlug}</loc>`);
    const calendar = await get(app.url, '/calendar.ics', { Host: asked });
    expect(calendar.body.replace(/\r\n /g, '')).toContain(`URL:${SITE}/events/${eventSlug}`);
    const robots = await get(app.url, '/robots.txt', { Host: asked });
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it("a server on loopback answers no other site's name (DNS rebinding): not its settings, not a page", async () => {
    const port = new URL(app.url).port;
    for (const host of [EVIL, `${EVIL}:${port}`, `localhost:${Number(port) + 1}`]) {
      for (const file of ['/runtime-config.json', '/', '/sitemap.xml', '/assets/index-abc.js']) {
        const answer = await get(app.url, file, { Host: host });
        expect(answer.status, `${host} ${file}`).toBe(421);
        expect(answer.body).not.toContain(backend.anonKey);
      }
    }
    // Its own names, and the site's, are answered.
    for (const host of [`localhost:${port}`, `[::1]:${port}`, new URL(SITE).host]) {
      const answer = await get(app.url, '/runtime-config.json', { Host: host });
      expect(answer.status, host).toBe(200);
    }
  });
});

describe('malformed paths', () => {
  it('a path with a malformed percent-escape is a 400, never a 500, on pages and files alike', async () => {
    for (const rawPath of ['/events/%ZZ', '/%', '/about/%E0%A4%A', '/assets/%ZZ.js', '/events/%C0%AF']) {
      const answer = await get(app.url, rawPath);
      expect(answer.status, rawPath).toBe(400);
      expect(answer.headers['cache-control'], rawPath).toBe('no-store');
    }
    // The server is still there and serves well-formed escapes.
    expect((await get(app.url, '/events/caf%C3%A9')).status).toBe(200);
  });
});

describe('caching', () => {
  it('a page served without its data (this build has no server bundle) is not kept by a CDN; the back office is never stored', async () => {
    for (const page of ['/', `/events/${eventSlug}`, '/past-highlights']) {
      const answer = await get(app.url, page);
      expect(answer.status, page).toBe(200);
      expect(answer.headers['cache-control'], page).toBe('no-cache');
    }
    for (const page of ['/admin', '/admin/events', '/auth']) {
      expect((await get(app.url, page)).headers['cache-control'], page).toBe('no-store');
    }
    expect((await get(app.url, '/assets/index-abc.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});

describe('connections', () => {
  it('a connection kept alive between requests is still open after 6 s of quiet, so a request on it is not reset', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const fetchOnAgent = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = httpRequest(`${app.url}/robots.txt`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
        });
        request.on('error', reject);
        request.end();
      });
    try {
      expect(await fetchOnAgent()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(await fetchOnAgent()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('security headers', () => {
  it('every page gets a policy that allows only the build’s own inline scripts, and no framing', async () => {
    const hash = `'sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}'`;
    for (const page of ['/', '/events/some-event', '/admin', '/shell.html', '/no/such/page']) {
      const answer = await get(app.url, page);
      expect(answer.headers['content-type'], page).toMatch(/^text\/html/);
      const policy = String(answer.headers['content-security-policy']);
      const directives = new Map(
        policy.split(';').map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('default-src'), page).toEqual(["'self'"]);
      expect(directives.get('script-src'), page).toEqual(["'self'", hash]);
      expect(directives.get('object-src'), page).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), page).toEqual(["'none'"]);
      expect(directives.get('base-uri'), page).toEqual(["'self'"]);
      expect(directives.get('form-action'), page).toEqual(["'self'"]);
      expect(directives.get('worker-src'), page).toEqual(["'self'"]);
      expect(directives.get('manifest-src'), page).toEqual(["'self'"]);
      const api = new URL(backend.url).origin;
      expect(directives.get('connect-src'), page).toEqual([
        "'self'",
        api,
        api.replace('http:', 'ws:'),
        'https://logos.example',
      ]);
      expect(directives.get('img-src'), page).toEqual(expect.arrayContaining([api, 'https://logos.example']));
      expect(directives.get('frame-src'), page).toEqual([
        'https://www.youtube-nocookie.com',
        'https://player.vimeo.com',
        'https://forms.example',
      ]);
      expect(answer.headers['x-frame-options'], page).toBe('DENY');
      expect(answer.headers['x-content-type-options'], page).toBe('nosniff');
      expect(answer.headers['referrer-policy'], page).toBe('strict-origin-when-cross-origin');
      const permissions = String(answer.headers['permissions-policy']);
      expect(permissions, page).toContain('camera=(self)');
      for (const feature of ['geolocation', 'microphone', 'payment', 'usb']) {
        expect(permissions, page).toContain(`${feature}=()`);
      }
    }
  });

  it('the app server answers no cross-origin request: no CORS headers on pages, files or settings', async () => {
    for (const file of ['/', '/assets/index-abc.js', '/runtime-config.json', '/robots.txt']) {
      const answer = await get(app.url, file, { Origin: `http://${EVIL}` });
      expect(answer.status, file).toBe(200);
      expect(answer.headers['x-content-type-options'], file).toBe('nosniff');
      const cors = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
      expect(cors, file).toEqual([]);
    }
  });
});

describe('the API’s CORS', () => {
  it('is the hosted gateway’s: any origin, never with credentials, on answers and preflights', async () => {
    const origin = `http://${EVIL}`;
    const answer = await fetch(`${backend.url}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: backend.anonKey, Origin: origin },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${backend.url}/rest/v1/events`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,apikey,content-type,prefer',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');

    // supabase-js numbers the retries of a failed read (x-retry-count); a preflight refusing it
    // failed every retry after a connection came back.
    const retry = await fetch(`${backend.url}/rest/v1/events`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'apikey,authorization,x-client-info,x-retry-count',
      },
    });
    expect(retry.status).toBe(204);
    expect(retry.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-retry-count');
  });
});
