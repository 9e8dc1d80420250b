import { describe, expect, it } from 'vitest';
import { updatedAgo } from './relative-time.ts';

describe('updated ago', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('says how long ago in whole units', () => {
    expect(updatedAgo('2026-11-24T11:59:30Z', now)).toBe('Updated just now');
    expect(updatedAgo('2026-11-24T11:59:00Z', now)).toBe('Updated 1 minute ago');
    expect(updatedAgo('2026-11-24T11:57:00Z', now)).toBe('Updated 3 minutes ago');
    expect(updatedAgo('2026-11-24T11:00:00Z', now)).toBe('Updated 1 hour ago');
    expect(updatedAgo('2026-11-24T01:30:00Z', now)).toBe('Updated 10 hours ago');
    expect(updatedAgo('2026-11-21T12:00:00Z', now)).toBe('Updated 3 days ago');
  });
  it('never says a time in the future or an unreadable one', () => {
    expect(updatedAgo('2026-11-24T12:05:00Z', now)).toBe('Updated just now');
    expect(updatedAgo('not a date', now)).toBe('Updated just now');
  });
});
