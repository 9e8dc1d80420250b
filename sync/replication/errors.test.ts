/** Which failed requests are retried and which are the server's final word. */
import { describe, expect, it } from 'vitest';
import { classifyFailure, isQuotaError, missingParent } from './errors.ts';

describe('failed requests', () => {
  it('retries what may pass later: no answer, overload, server errors, an expired session', () => {
    expect(classifyFailure({ status: 0, message: 'TypeError: Failed to fetch' })).toBe('network');
    expect(classifyFailure({ status: 503, message: 'starting' })).toBe('server');
    expect(classifyFailure({ status: 429, message: 'slow down' })).toBe('server');
    expect(classifyFailure({ status: 401, code: 'PGRST301', message: 'JWT expired' })).toBe('auth');
  });

  it('takes refusals as final: row security, checks, references, bad input', () => {
    for (const [status, code] of [
      [403, '42501'],
      [400, '23514'],
      [409, '23503'],
      [409, '23505'],
      [400, '22P02'],
    ] as const) {
      expect(classifyFailure({ status, code, message: 'no' })).toBe('refused');
    }
  });

  it('names the row a reference points at that is not on the server, and only that', () => {
    const eventId = '5b0f7a52-6a43-4c1e-9d7b-0d1f1f0c2a11';
    const session = { id: 'f0c2a115-6a43-4c1e-9d7b-0d1f1f0c2a11', event_id: eventId, title: 'Keynote' };
    const refused = (code: string, message: string, details: string) => ({ status: 409, code, message, details });
    // As PostgREST answers an insert into a table with row security: no key values in the details.
    const missingEvent = refused(
      '23503',
      'insert or update on table "sessions" violates foreign key constraint "sessions_event_id_fkey"',
      'Key is not present in table "events".',
    );
    expect(missingParent(missingEvent, 'sessions', session)).toEqual({ table: 'events', id: eventId });
    expect(missingParent(missingEvent, 'sessions', { ...session, event_id: null })).toBe(null);
    // A delete of a row still in use is a refusal of another kind, and so is any other code.
    const inUse = refused(
      '23503',
      'update or delete on table "sponsor_tiers" violates foreign key constraint "event_sponsors_tier_id_fkey" on table "event_sponsors"',
      'Key is still referenced from table "event_sponsors".',
    );
    expect(missingParent(inUse, 'sponsor_tiers', { id: eventId })).toBe(null);
    expect(missingParent({ ...missingEvent, code: '23505' }, 'sessions', session)).toBe(null);
  });
});

describe('a full disk', () => {
  it('is recognised however deep RxDB wraps it', () => {
    const quota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'RxError', parameters: { errors: [{ name: 'QuotaExceededError' }] } })).toBe(true);
    expect(isQuotaError({ name: 'RxError', parameters: { writeError: { inner: quota } } })).toBe(true);
    expect(isQuotaError(new Error('Failed to fetch'))).toBe(false);
  });
});
