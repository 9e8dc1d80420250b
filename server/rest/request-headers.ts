/**
 * The request headers PostgREST reads: `Prefer` (return, count, resolution, missing, handling,
 * max-affected, params), `Accept` (JSON array, single object, CSV, stripped nulls), `Range`, and the
 * schema profile headers (`Accept-Profile`/`Content-Profile`, only `public` is exposed).
 */
import { invalidPreferences, invalidRange, mediaTypeError, unacceptableSchema } from './errors.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';

export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  params?: 'single-object';
  maxAffected?: number;
  invalid: string[];
}

const KNOWN: Record<string, [keyof Omit<Preferences, 'invalid' | 'maxAffected'>, string]> = {
  'return=representation': ['return', 'representation'],
  'return=minimal': ['return', 'minimal'],
  'return=headers-only': ['return', 'headers-only'],
  'count=exact': ['count', 'exact'],
  'count=planned': ['count', 'planned'],
  'count=estimated': ['count', 'estimated'],
  'resolution=merge-duplicates': ['resolution', 'merge-duplicates'],
  'resolution=ignore-duplicates': ['resolution', 'ignore-duplicates'],
  'missing=default': ['missing', 'default'],
  'missing=null': ['missing', 'null'],
  'handling=strict': ['handling', 'strict'],
  'handling=lenient': ['handling', 'lenient'],
  'params=single-object': ['params', 'single-object'],
};

/** Parses every `Prefer` header (comma separated); the first value of each kind wins. */
export function parsePreferences(header: string | undefined): Preferences {
  const prefs: Preferences = { invalid: [] };
  const record = prefs as unknown as Record<string, unknown>;
  for (const raw of (header ?? '').split(',')) {
    const pref = raw.trim();
    if (pref === '') continue;
    const known = KNOWN[pref];
    if (known) {
      if (record[known[0]] === undefined) record[known[0]] = known[1];
    } else if (/^max-affected=\d+$/.test(pref)) {
      prefs.maxAffected ??= Number(pref.slice('max-affected='.length));
    } else if (!pref.startsWith('tx=') && !pref.startsWith('timezone=')) {
      prefs.invalid.push(pref);
    }
  }
  if (prefs.handling === 'strict' && prefs.invalid.length) throw invalidPreferences(prefs.invalid);
  return prefs;
}

/** The `Preference-Applied` value for the preferences a response honoured, in PostgREST's order. */
export function preferenceApplied(
  prefs: Preferences,
  honoured: Partial<Record<keyof Preferences, boolean>>,
): string | null {
  const values: string[] = [];
  if (honoured.resolution && prefs.resolution) values.push(`resolution=${prefs.resolution}`);
  if (honoured.missing && prefs.missing) values.push(`missing=${prefs.missing}`);
  if (honoured.return && prefs.return) values.push(`return=${prefs.return}`);
  if (honoured.params && prefs.params) values.push(`params=${prefs.params}`);
  if (prefs.count) values.push(`count=${prefs.count}`);
  if (prefs.handling) values.push(`handling=${prefs.handling}`);
  if (honoured.maxAffected && prefs.handling === 'strict' && prefs.maxAffected !== undefined) {
    values.push(`max-affected=${prefs.maxAffected}`);
  }
  return values.length ? values.join(', ') : null;
}

export type MediaKind = 'json' | 'object' | 'csv';

export interface Media {
  kind: MediaKind;
  stripNulls: boolean;
  contentType: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Chooses the response format from `Accept`, by quality then order; PGRST107 when none fits. */
export function negotiateMedia(accept: string | undefined): Media {
  if (!accept || accept.trim() === '') return { kind: 'json', stripNulls: false, contentType: JSON_TYPE };
  const offers = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((p) => p.trim());
      const parameters = new Map(
        params.map((p) => {
          const [k = '', v = ''] = p.split('=');
          return [k.trim().toLowerCase(), v.trim().replace(/^"|"$/g, '')] as const;
        }),
      );
      const q = Number(parameters.get('q') ?? '1');
      return { type: type.toLowerCase(), parameters, q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((offer) => offer.type !== '' && offer.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const offer of offers) {
    const stripNulls = offer.parameters.get('nulls') === 'stripped';
    switch (offer.type) {
      case 'application/json':
      case 'application/*':
      case '*/*':
        return { kind: 'json', stripNulls: false, contentType: JSON_TYPE };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return {
          kind: 'json',
          stripNulls,
          contentType: `application/vnd.pgrst.array+json${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`,
        };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return {
          kind: 'object',
          stripNulls,
          contentType: `application/vnd.pgrst.object+json${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`,
        };
      case 'text/csv':
      case 'text/*':
        return { kind: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
      default:
        break;
    }
  }
  throw mediaTypeError(offers.length ? offers.map((offer) => offer.type) : [accept]);
}

/** The requested rows of a GET `Range` header (`0-9`, `10-`); anything unparsable means all rows. */
export function parseRangeHeader(header: string | undefined): { offset: number; limit?: number } | null {
  if (!header) return null;
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
  if (!match) return null;
  const lower = Number(match[1]);
  if (match[2] === '') return { offset: lower };
  const upper = Number(match[2]);
  if (upper < lower) {
    throw invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  return { offset: lower, limit: upper - lower + 1 };
}

/** Refuses a profile header naming another schema; true when the request named `public` explicitly. */
export function checkProfile(header: string | undefined): boolean {
  if (header === undefined) return false;
  if (header.trim() !== EXPOSED_SCHEMA) throw unacceptableSchema([EXPOSED_SCHEMA]);
  return true;
}
