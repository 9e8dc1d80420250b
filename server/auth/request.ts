/**
 * What the auth routes read from a request: the JSON body, parsed with zod at the edge (GoTrue's
 * 400 `bad_json` when it is not JSON or has wrong types), and the client's user agent and address
 * for sessions and the sign-in limiter.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { z } from 'zod';
import { badJson } from './errors.ts';
import type { ClientInfo } from './sessions.ts';

/**
 * Parses the JSON body with `schema`. An empty body is an error unless `optional` (GoTrue's DELETE
 * on an admin user accepts none); JSON `null` counts as an empty object, as Go's decoder treats it.
 */
export async function readBody<T>(c: Context, schema: z.ZodType<T>, options: { optional?: boolean } = {}): Promise<T> {
  const text = await c.req.text();
  let value: unknown;
  if (text.trim() === '' && options.optional) {
    value = {};
  } else {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw badJson(error instanceof Error ? error.message : 'invalid JSON');
    }
  }
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `field ${issue.path.join('.')}: ` : '';
    throw badJson(`${where}${issue?.message ?? 'unexpected shape'}`);
  }
  return parsed.data;
}

/** The socket's remote address, when the Node server passed its bindings through (`c.env.incoming`). */
export function clientIp(c: Context): string | null {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}

export function clientInfo(c: Context): ClientInfo {
  return { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) };
}

/** A JSON object whose values are not checked (metadata). */
export const metadataSchema = z.record(z.string(), z.unknown());
