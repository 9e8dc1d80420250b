/**
 * The table API at /rest/v1: a PostgREST 12-compatible subset that supabase-js cannot tell from a
 * hosted project's. `/{table}` reads (GET/HEAD) and writes (POST/PATCH/DELETE); `/rpc/{fn}` calls
 * functions. Every request is checked by `resolveCaller` first, then planned against the schema
 * cache and run as one statement in one transaction under the caller's role (read-only for reads).
 * Failures are answered in PostgREST's error shape; a 500 means a fault of ours.
 */
import { Hono, type Context } from 'hono';
import type { RequestContext } from '../db/database.ts';
import { resolveCaller } from '../http/request-auth.ts';
import type { BackendServices } from '../services.ts';
import { invalidResourcePath, invalidRpcMethod, notImplemented, openApiDisabled, unsupportedMethod } from './errors.ts';
import { readTable } from './read-handler.ts';
import { createRestContext, respond } from './request-context.ts';
import { JSON_CONTENT_TYPE, errorResponse } from './respond.ts';
import { callRoutine } from './rpc-handler.ts';
import { writeTable } from './write-handler.ts';

export function createRestRoutes(services: BackendServices): Hono {
  const app = new Hono();
  const rest = createRestContext(services);

  /** Checks the caller first, then answers every failure in PostgREST's error shape. */
  async function guarded(
    c: Context,
    readOnly: boolean,
    work: (caller: RequestContext) => Promise<Response>,
  ): Promise<Response> {
    const resolved = await resolveCaller(c, services.keys, readOnly);
    if (!resolved.ok) {
      const { failure } = resolved;
      return respond(failure.status, JSON.stringify(failure.body), {
        'Content-Type': JSON_CONTENT_TYPE,
        ...failure.headers,
      });
    }
    try {
      return await work(resolved.caller);
    } catch (error) {
      return errorResponse(error, resolved.caller.role !== 'anon');
    }
  }

  const refuse = (c: Context, error: Error) =>
    guarded(c, true, async () => {
      throw error;
    });

  app.all('/rpc/:fn', (c) => {
    const method = c.req.method;
    if (method === 'OPTIONS')
      return guarded(c, true, async () => respond(200, null, { Allow: 'OPTIONS,GET,HEAD,POST' }));
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return refuse(c, invalidRpcMethod(method));
    return guarded(c, method !== 'POST', (caller) => callRoutine(rest, c, caller, c.req.param('fn')));
  });

  app.all('/:table', (c) => {
    const method = c.req.method;
    const name = c.req.param('table');
    if (method === 'OPTIONS') {
      return guarded(c, true, async () => respond(200, null, { Allow: 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' }));
    }
    if (method === 'GET' || method === 'HEAD') return guarded(c, true, (caller) => readTable(rest, c, caller, name));
    if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
      return guarded(c, false, (caller) => writeTable(rest, c, caller, name));
    }
    if (method === 'PUT') {
      return refuse(
        c,
        notImplemented('PUT (single-row upsert) is not supported; use POST with Prefer: resolution=merge-duplicates'),
      );
    }
    return refuse(c, unsupportedMethod(method));
  });

  app.all('/', (c) => refuse(c, openApiDisabled()));
  app.all('*', (c) => refuse(c, invalidResourcePath()));
  return app;
}
