import { describe, expect, it } from 'vitest';
import { formatLongDate, formatTimeOfDay } from './format-date.ts';

describe('dates as the spec prints them', () => {
  it('formats an event date like "Monday, 5 January 2026"', () => {
    expect(formatLongDate(new Date(2026, 0, 5, 18, 30))).toBe('Monday, 5 January 2026');
    expect(formatLongDate(new Date(2024, 2, 5))).toBe('Tuesday, 5 March 2024');
  });

  it('formats a session time like "h:mm a"', () => {
    expect(formatTimeOfDay(new Date(2026, 0, 5, 9, 5))).toBe('9:05 AM');
    expect(formatTimeOfDay(new Date(2026, 0, 5, 17, 45))).toBe('5:45 PM');
  });
});
