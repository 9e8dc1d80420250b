/**
 * The services outside our control that the back office's attendee tools reach, as one real HTTP
 * server on loopback for the browser tests (playwright.config.ts starts it beside the app and
 * points the backend and the app at it):
 *
 * - LinkedIn profile provider (the 'http-json' adapter, LINKEDIN_PROVIDER_URL): GET /profile?url=
 *   answers a profile for any https://www.linkedin.com/in/<handle>, except handles starting with
 *   'private-' (404, as for a private profile). The profile's full_name is the handle.
 * - AI endpoint (AI_API_URL = <url>/v1): POST /v1/chat/completions answers the fields tests/support/
 *   fake-ai.ts derives from the profile, so the bio reads '<handle> is Chief Data Officer at ...'.
 * - Company-logo service (LOGO_SERVICE_URL = <url>/logos/{domain}): HEAD or GET /logos/<domain>
 *   answers 200 with a PNG, except for domains starting with 'missing' (404). It allows any origin,
 *   as public logo services do, so the app's HEAD request can read the status.
 * - GET /requests lists the logo requests received (method and path), for assertions;
 *   GET /health answers 200 once the server listens.
 *
 * Run: `FAKE_SERVICES_PORT=24631 npx tsx tests/e2e/support/fake-services.ts` (playwright.config.ts
 * sets the same keys in the backend's environment).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { insightsFor } from '../../support/fake-ai.ts';
import { buildImage } from '../../support/images.ts';
import { buildProfile } from '../../support/fake-linkedin.ts';
import { TEST_PORT_DEFAULTS } from '../../support/ports.ts';

/** Keys the backend is configured with (playwright.config.ts). */
const FAKE_PROVIDER_KEY = 'e2e-provider-key';
const FAKE_AI_KEY = 'e2e-ai-key';

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function main(): Promise<void> {
  const port = Number(process.env.FAKE_SERVICES_PORT ?? TEST_PORT_DEFAULTS.E2E_FAKE_SERVICES_PORT);
  const logo = await buildImage('png', { width: 64, height: 64, seed: 11 });
  const logoRequests: { method: string; path: string }[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = await readBody(request);

      if (url.pathname === '/health') return sendJson(response, 200, { ok: true });
      if (url.pathname === '/requests') return sendJson(response, 200, logoRequests);

      if (url.pathname.startsWith('/logos/')) {
        logoRequests.push({ method: request.method ?? '', path: url.pathname });
        const domain = decodeURIComponent(url.pathname.slice('/logos/'.length));
        const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' };
        if (domain.startsWith('missing')) {
          response.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
          return response.end(request.method === 'HEAD' ? undefined : 'no logo');
        }
        response.writeHead(200, { ...headers, 'Content-Type': 'image/png', 'Content-Length': logo.length });
        return response.end(request.method === 'HEAD' ? undefined : logo);
      }

      if (url.pathname === '/profile' && request.method === 'GET') {
        if (request.headers.authorization !== `Bearer ${FAKE_PROVIDER_KEY}`) {
          return sendJson(response, 401, { error: 'bad key' });
        }
        const handle = /^https:\/\/www\.linkedin\.com\/in\/([^/]+)$/.exec(url.searchParams.get('url') ?? '')?.[1];
        if (!handle || handle.startsWith('private-')) return sendJson(response, 404, { error: 'profile not found' });
        return sendJson(
          response,
          200,
          buildProfile({ full_name: decodeURIComponent(handle), headline: 'Chief Data Officer at Fake Profiles Ltd' }),
        );
      }

      if (url.pathname === '/v1/chat/completions' && request.method === 'POST') {
        if (request.headers.authorization !== `Bearer ${FAKE_AI_KEY}`)
          return sendJson(response, 401, { error: 'bad key' });
        const chat = JSON.parse(body) as { messages: { content: string }[] };
        const profile = JSON.parse(chat.messages.at(-1)?.content ?? '{}') as { full_name: string; headline: string };
        return sendJson(response, 200, {
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'e2e-model',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(insightsFor(profile)) },
              finish_reason: 'stop',
            },
          ],
        });
      }

      sendJson(response, 404, { error: 'no route' });
    })().catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  console.log(`fake services listening on http://127.0.0.1:${port}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
