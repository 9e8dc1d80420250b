import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMonth, formatShortDate, formatTimeOfDay } from './format-date.ts';

describe('dates as the spec prints them', () => {
  it('formats an event date like "Monday, 5 January 2026"', () => {
    expect(formatLongDate(new Date(2026, 0, 5, 18, 30))).toBe('Monday, 5 January 2026');
    expect(formatLongDate(new Date(2024, 2, 5))).toBe('Tuesday, 5 March 2024');
  });

  it('formats a session time like "h:mm a"', () => {
    expect(formatTimeOfDay(new Date(2026, 0, 5, 9, 5))).toBe('9:05 AM');
    expect(formatTimeOfDay(new Date(2026, 0, 5, 17, 45))).toBe('5:45 PM');
  });

  it('formats in a named zone, UTC here, whatever the machine running it is set to', () => {
    const start = '2026-12-04T23:30:00Z';
    expect(formatLongDate(start, 'UTC')).toBe('Friday, 4 December 2026');
    expect(formatTimeOfDay(start, 'UTC')).toBe('11:30 PM');
    expect(formatTimeOfDay('2026-12-04T00:05:00Z', 'UTC')).toBe('12:05 AM');
    expect(formatTimeOfDay('2026-12-04T12:00:00Z', 'UTC')).toBe('12:00 PM');
    expect(formatMonth(start, 'UTC')).toEqual({ key: '2026-12', label: 'December 2026' });
    expect(formatMonth('2027-01-31T23:30:00Z', 'UTC')).toEqual({ key: '2027-01', label: 'January 2027' });
  });

  it("formats a list's short date on the clock of the zone named, not the machine's", () => {
    // 16:30 on 5 March in UTC is already 6 March in Tokyo and still 5 March in New York.
    expect(formatShortDate('2026-03-05T16:30:00Z', 'Asia/Tokyo')).toBe('6 Mar 2026');
    expect(formatShortDate('2026-03-05T16:30:00Z', 'America/New_York')).toBe('5 Mar 2026');
    expect(formatShortDate('2026-12-31T23:59:00Z', 'UTC')).toBe('31 Dec 2026');
  });

  it("formats in the visitor's zone when none is named", () => {
    expect(formatMonth(new Date(2027, 0, 31, 23, 30))).toEqual({ key: '2027-01', label: 'January 2027' });
    expect(formatTimeOfDay(new Date(2026, 0, 5, 0, 0))).toBe('12:00 AM');
  });
});
