import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message.ts';

describe('errorMessage: a thrown value in words', () => {
  it("gives an Error's message", () => {
    expect(errorMessage(new Error('Another event already has this slug'))).toBe('Another event already has this slug');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Upload failed')).toBe('Failed to fetch');
  });

  it('gives anything else as text when there is no fallback', () => {
    expect(errorMessage('offline')).toBe('offline');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage(new Error(''))).toBe('');
  });

  it('gives the fallback for an empty message or a value that is no message', () => {
    expect(errorMessage(new Error(''), 'Failed to create admin')).toBe('Failed to create admin');
    expect(errorMessage(undefined, 'Failed to create admin')).toBe('Failed to create admin');
    expect(errorMessage({ code: 500 }, 'Failed to create admin')).toBe('Failed to create admin');
    expect(errorMessage('', 'Failed to create admin')).toBe('Failed to create admin');
    expect(errorMessage('quota exceeded', 'Failed to create admin')).toBe('quota exceeded');
  });
});
