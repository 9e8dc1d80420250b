import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../supabase/functions/_shared/env.ts';
import { loadKeys } from '../http/jwt.ts';
import { DEFAULT_CONFIG } from '../services.ts';
import { SERVER_FUNCTIONS, type FunctionRegistry, type ServerFunction } from './registry.ts';
import { createFunctionsRoutes, type FunctionsRunnerServices } from './routes.ts';

/** A function that answers with the environment it sees, after letting other calls interleave. */
const echoEnv: ServerFunction['handler'] = async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return Response.json({
    url: readEnv('SUPABASE_URL') ?? null,
    model: readEnv('AI_MODEL') ?? null,
    home: readEnv('HOME') ?? null,
  });
};

/** A function that answers with the client address it was handed, and the body it read. */
const echoClient: ServerFunction['handler'] = async (request) =>
  Response.json({ forwardedFor: request.headers.get('x-forwarded-for'), body: await request.text() });

const registry: FunctionRegistry = new Map<string, ServerFunction>([
  ['guarded', { handler: echoEnv, verifyJwt: true }],
  ['open', { handler: echoEnv, verifyJwt: false }],
  ['client', { handler: echoClient, verifyJwt: false }],
]);

async function services(apiUrl: string, functionsEnv?: Record<string, string>): Promise<FunctionsRunnerServices> {
  const config = { ...DEFAULT_CONFIG, apiUrl, siteUrl: 'http://localhost:4173', functionsEnv };
  return { keys: await loadKeys(), config };
}

function call(app: ReturnType<typeof createFunctionsRoutes>, path: string, token?: string): Promise<Response> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return Promise.resolve(app.request(path, { method: 'POST', headers, body: '{}' }));
}

describe('the local functions gateway', () => {
  it('a verify_jwt function needs a valid JWT of this project, as the hosted gateway does', async () => {
    const mine = await services('http://localhost:1');
    const theirs = await services('http://localhost:2');
    const app = createFunctionsRoutes(mine, registry);

    const missing = await call(app, '/guarded');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });

    for (const token of ['not-a-jwt', theirs.keys.anonKey, await mine.keys.sign({ role: 'anon' }, -10)]) {
      const refused = await call(app, '/guarded', token);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }

    expect((await call(app, '/guarded', mine.keys.anonKey)).status).toBe(200);
    expect((await call(app, '/guarded/sub/path', mine.keys.anonKey)).status).toBe(200);
    expect((await call(app, '/open')).status).toBe(200);
  });

  it('only registered names run', async () => {
    const app = createFunctionsRoutes(await services('http://localhost:1'), registry);
    for (const name of ['missing', 'constructor', '__proto__', '..%2Fguarded']) {
      const response = await call(app, `/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  it('each backend gives its functions its own environment, and nothing else of the process', async () => {
    const first = createFunctionsRoutes(await services('http://localhost:1', { AI_MODEL: 'first-model' }), registry);
    const second = createFunctionsRoutes(await services('http://localhost:2', { AI_MODEL: 'second-model' }), registry);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => call(index % 2 ? second : first, '/open').then((r) => r.json())),
    );
    answers.forEach((answer, index) => {
      expect(answer).toEqual(
        index % 2
          ? { url: 'http://localhost:2', model: 'second-model', home: null }
          : { url: 'http://localhost:1', model: 'first-model', home: null },
      );
    });
  });

  it("hands a function the client's address as X-Forwarded-For, never the one the client wrote", async () => {
    const runner = await services('http://localhost:1');
    const callFrom = async (app: ReturnType<typeof createFunctionsRoutes>, socketAddress: string, claimed?: string) => {
      const headers: Record<string, string> = claimed ? { 'x-forwarded-for': claimed } : {};
      const response = await app.request(
        '/client',
        { method: 'POST', headers, body: '{"a":1}' },
        {
          incoming: { socket: { remoteAddress: socketAddress } },
        },
      );
      return (await response.json()) as { forwardedFor: string | null; body: string };
    };
    const direct = createFunctionsRoutes(runner, registry);
    expect(await callFrom(direct, '::ffff:203.0.113.7', '198.51.100.1')).toEqual({
      forwardedFor: '203.0.113.7',
      body: '{"a":1}',
    });
    expect((await callFrom(direct, '203.0.113.8')).forwardedFor).toBe('203.0.113.8');

    // Behind a trusted proxy, the address that proxy vouches for.
    const proxied = createFunctionsRoutes(
      { ...runner, config: { ...runner.config, trustedProxies: ['10.0.0.0/8'] } },
      registry,
    );
    expect((await callFrom(proxied, '10.0.0.2', '198.51.100.1, 203.0.113.9')).forwardedFor).toBe('203.0.113.9');
  });
});

describe('the functions as deployed', () => {
  it("each one's deno.json maps the bare imports to the versions package.json installs", async () => {
    const root = new URL('../../', import.meta.url);
    const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const name of SERVER_FUNCTIONS.keys()) {
      const folder = new URL(`supabase/functions/${name}/`, root);
      const { imports } = JSON.parse(await readFile(new URL('deno.json', folder), 'utf8')) as {
        imports: Record<string, string>;
      };
      expect(imports, name).toEqual({
        '@supabase/supabase-js': `npm:@supabase/supabase-js@${pkg.dependencies['@supabase/supabase-js']}`,
        '@supabase/supabase-js/': `npm:/@supabase/supabase-js@${pkg.dependencies['@supabase/supabase-js']}/`,
        zod: `npm:zod@${pkg.dependencies.zod}`,
        // zod's mini build, for a function that uses a schema the app shares (_shared/portable/invite-request.ts).
        ...('zod/mini' in imports ? { 'zod/mini': `npm:zod@${pkg.dependencies.zod}/mini` } : {}),
        // The QR code of a guest's personal link, for a function that sends guests' messages.
        ...('qrcode' in imports ? { qrcode: `npm:qrcode@${pkg.dependencies.qrcode}` } : {}),
        // The SMTP provider of the mail adapter, for a function that sends mail (_shared/mail.ts).
        ...('nodemailer' in imports ? { nodemailer: `npm:nodemailer@${pkg.dependencies.nodemailer}` } : {}),
      });
      expect(await readFile(new URL('index.ts', folder), 'utf8'), name).toContain('Deno.serve(handler)');
    }
  });
});
