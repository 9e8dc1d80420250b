/** Which failed requests are retried and which are the server's final word. */
import { describe, expect, it } from 'vitest';
import { classifyFailure, isQuotaError } from './errors.ts';

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
