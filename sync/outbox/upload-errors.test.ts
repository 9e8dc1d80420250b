import { describe, expect, it } from 'vitest';
import { StorageApiError } from '@supabase/supabase-js';
import { classifyUploadError } from './upload-errors.ts';

// The errors storage-js builds from hosted's (and server/'s) answers: HTTP 400, real code in statusCode.
const refusal = (statusCode: string, message: string, status = 400) => new StorageApiError(message, status, statusCode);

describe('classifyUploadError', () => {
  it('retries when no answer came back (offline, reset, DNS)', () => {
    const networkError = Object.assign(new Error('Failed to fetch'), { name: 'StorageUnknownError' });
    expect(classifyUploadError(networkError)).toEqual({
      kind: 'transient',
      message: 'Failed to fetch',
      statusCode: null,
    });
    expect(classifyUploadError(new TypeError('NetworkError when attempting to fetch resource.')).kind).toBe(
      'transient',
    );
  });

  it('retries server trouble, time-outs and rate limits', () => {
    expect(classifyUploadError(refusal('500', 'Internal Server Error', 500)).kind).toBe('transient');
    expect(classifyUploadError(refusal('502', 'Bad Gateway', 502)).kind).toBe('transient');
    expect(classifyUploadError(refusal('503', 'Service Unavailable', 503)).kind).toBe('transient');
    expect(classifyUploadError(refusal('429', 'Too many requests')).kind).toBe('transient');
    expect(classifyUploadError(refusal('408', 'Request timeout')).kind).toBe('transient');
  });

  it('retries an expired session token, which the auth client refreshes', () => {
    expect(classifyUploadError(refusal('403', 'jwt expired')).kind).toBe('transient');
  });

  it('stops at refusals and keeps the server message', () => {
    expect(classifyUploadError(refusal('403', 'new row violates row-level security policy'))).toEqual({
      kind: 'permanent',
      message: 'new row violates row-level security policy',
      statusCode: '403',
    });
    expect(classifyUploadError(refusal('413', 'The object exceeded the maximum allowed size')).kind).toBe('permanent');
    expect(classifyUploadError(refusal('415', 'mime type image/svg+xml is not supported')).kind).toBe('permanent');
    expect(classifyUploadError(refusal('400', 'Invalid key: a//b.png')).kind).toBe('permanent');
    expect(classifyUploadError(refusal('404', 'Bucket not found')).kind).toBe('permanent');
  });

  it('tells a taken name apart, for the caller to check', () => {
    expect(classifyUploadError(refusal('409', 'The resource already exists')).kind).toBe('duplicate');
  });
});
