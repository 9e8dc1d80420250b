/**
 * The HTTP conventions every server function shares: CORS for browser calls (hosted Supabase puts no
 * CORS in front of functions, so each answers its own preflight), JSON answers, and errors as
 * `{ success: false, error: "<message>" }` with a 4xx/5xx status, the field the app reads.
 */
import { corsHeaders } from '@supabase/supabase-js/cors';
import type { z } from 'zod';
import { logFunctionError } from './log.ts';
import { unstorableTextPath } from './portable/storable-text.ts';

// supabase-js keeps this list in step with the headers its clients send.
export { corsHeaders };

/** A failure whose message is meant for the person using the app. */
export class FunctionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'FunctionError';
  }
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse({ success: false, error: message }, status, headers);
}

export type FunctionHandler = (request: Request) => Promise<Response>;

export interface JsonFunctionOptions {
  /** The function's name, for the logs. */
  name: string;
  /**
   * What the caller is told when something unexpected fails: a fixed sentence naming the action
   * ('Failed to create admin'), never the internal error, which goes to the logs.
   */
  failureMessage: string;
}

/**
 * Wraps a function body: answers the CORS preflight, accepts POST only, turns a `FunctionError`
 * into its JSON answer and anything else into a logged 500 with `failureMessage`.
 */
export function jsonFunction(options: JsonFunctionOptions, run: FunctionHandler): FunctionHandler {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST') return errorResponse(405, 'Method not allowed', { Allow: 'POST, OPTIONS' });
    try {
      return await run(request);
    } catch (error) {
      if (error instanceof FunctionError) return errorResponse(error.status, error.message);
      logFunctionError(options.name, error);
      return errorResponse(500, options.failureMessage);
    }
  };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the request body as a JSON object and parses it with `schema`; a body that is not a JSON
 * object, or fails the schema, is a 400 with the first problem's message. So is text that cannot be
 * stored or passed on as sent (`storable-text.ts`), named by its field: bytes that are not UTF-8
 * (`request.text()` would make them U+FFFD), a NUL, a lone surrogate. Left to the database or the
 * auth service, those were a 500 or, worse, stored or hashed as something else.
 */
export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const bytes = await request.arrayBuffer();
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new FunctionError(400, 'The request body must be UTF-8 text');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FunctionError(400, 'The request body must be a JSON object');
  }
  const badText = unstorableTextPath(value);
  if (badText) {
    throw new FunctionError(
      400,
      `The field ${JSON.stringify(badText.join('.'))} contains a character that cannot be stored (a NUL character or half of a UTF-16 surrogate pair)`,
    );
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new FunctionError(400, parsed.error.issues[0]?.message ?? 'Invalid request body');
  return parsed.data;
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/**
 * A body as text, read only up to `maxBytes`: `tooLarge()` is thrown as soon as it declares or
 * sends more, so a huge body is never held in memory. Bytes that are not UTF-8 become U+FFFD (an
 * answer of another service, read as a browser would).
 */
export async function readBoundedText(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  return new TextDecoder().decode(await readBoundedBytes(body, declaredLength, maxBytes, tooLarge));
}

/**
 * A request's body as text, read as `readBoundedText` does, but bytes that are not UTF-8 are a 400,
 * as in `readJsonBody`: decoded leniently, they would be stored as U+FFFD.
 */
export async function readBoundedRequestText(
  request: Request,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const bytes = await readBoundedBytes(request.body, request.headers.get('content-length'), maxBytes, tooLarge);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new FunctionError(400, 'The request body must be UTF-8 text');
  }
}

async function readBoundedBytes(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  if (Number(declaredLength ?? 0) > maxBytes) {
    await body?.cancel();
    throw tooLarge();
  }
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
