import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message.ts';

describe("the sync engine's words for a failure", () => {
  it('names a refused write or upload by its message, whatever was thrown', () => {
    expect(errorMessage(new Error('new row violates row-level security policy'))).toBe(
      'new row violates row-level security policy',
    );
    expect(errorMessage({ toString: () => 'QuotaExceededError' })).toBe('QuotaExceededError');
  });

  it('says "Upload failed" when an upload failed without words', () => {
    expect(errorMessage(new Error(''), 'Upload failed')).toBe('Upload failed');
    expect(errorMessage(undefined, 'Upload failed')).toBe('Upload failed');
    expect(errorMessage('Payload too large', 'Upload failed')).toBe('Payload too large');
  });
});
