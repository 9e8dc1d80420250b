/**
 * Request bodies of the table API. They stay JSON text all the way to Postgres (so big numbers keep
 * their digits); here we only check they are JSON and learn their keys, as PostgREST does: an object
 * or an array of objects with the same keys (any keys when `columns=` names them).
 */
import { invalidBody } from './errors.ts';
import { LIMITS } from './limits.ts';

export interface Payload {
  /** The body as JSON text, always an array (an object is wrapped, a scalar means no rows). */
  json: string;
  /** Keys of the object(s), in the order of the first object. */
  keys: string[];
  /** The parsed value (objects only), for callers that need values. */
  rows: Record<string, unknown>[];
  isArray: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((key) => b.includes(key));
}

/** Deepest nesting of `[`/`{` outside JSON strings. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') deepest = Math.max(deepest, (depth += 1));
    else if (ch === ']' || ch === '}') depth -= 1;
  }
  return deepest;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A request body as text, refusing (PGRST102, as PostgREST's JSON decoder does) bytes that are not
 * UTF-8: decoded leniently they would turn into U+FFFD and be stored as if the client had sent it.
 */
export function decodeBody(body: ArrayBuffer): string {
  try {
    return strictUtf8.decode(body);
  } catch (error) {
    if (error instanceof TypeError) throw invalidBody('Empty or invalid json');
    throw error;
  }
}

/** Parses a JSON body, refusing (PGRST102) what is not JSON or is nested beyond the limit. */
export function parseJsonBody(text: string): unknown {
  if (nestingDepth(text) > LIMITS.maxJsonDepth) {
    throw invalidBody(`JSON nested more than ${LIMITS.maxJsonDepth} levels deep`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

export function parsePayload(text: string, keysMayDiffer: boolean): Payload {
  const value = parseJsonBody(text);
  if (isObject(value)) return { json: `[${text}]`, keys: Object.keys(value), rows: [value], isArray: false };
  if (!Array.isArray(value)) return { json: '[]', keys: [], rows: [], isArray: true };
  if (!value.every(isObject)) throw invalidBody('All object keys must match');
  const rows = value as Record<string, unknown>[];
  const keys = rows[0] ? Object.keys(rows[0]) : [];
  if (!keysMayDiffer && !rows.every((row) => sameKeys(Object.keys(row), keys))) {
    throw invalidBody('All object keys must match');
  }
  return { json: text, keys, rows, isArray: true };
}
