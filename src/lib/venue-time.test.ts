import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allTimesIn,
  eventTimeZone,
  formatVenueDate,
  formatVenueDateTime,
  formatVenueMonth,
  formatVenueTime,
  venueTimestamp,
  visitorClockDiffers,
  visitorTimeRange,
  visitorZoneLabel,
} from './venue-time.ts';
import { recordZoneFacts, seedZoneFacts } from './zone-facts.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("an event's dates and times on the venue's clock", () => {
  it('prints the date and time at the venue, whatever zone the machine is in', () => {
    // 23:30 UTC on 10 June 2027 is 8:30 on Friday 11 June in Tokyo (the demo's Tokyo edition).
    const start = '2027-06-10T23:30:00Z';
    expect(formatVenueDate(start, 'Asia/Tokyo')).toBe('Friday, 11 June 2027');
    expect(formatVenueTime(start, 'Asia/Tokyo')).toBe('8:30 AM');
    expect(formatVenueDate(start, 'UTC')).toBe('Thursday, 10 June 2027');
    expect(formatVenueTime(start, 'UTC')).toBe('11:30 PM');
    // A 9:00 keynote in Dubai is the evening before in Los Angeles.
    expect(formatVenueTime('2047-03-10T05:00:00Z', 'Asia/Dubai')).toBe('9:00 AM');
    expect(formatVenueDate('2047-03-10T05:00:00Z', 'America/Los_Angeles')).toBe('Saturday, 9 March 2047');
    expect(formatVenueTime('2047-03-10T05:00:00Z', 'America/Los_Angeles')).toBe('9:00 PM');
    // Zones 30 and 45 minutes off the hour.
    expect(formatVenueTime('2047-03-10T05:00:00Z', 'Asia/Kolkata')).toBe('10:30 AM');
    expect(formatVenueTime('2047-03-10T05:00:00Z', 'Asia/Kathmandu')).toBe('10:45 AM');
    expect(formatVenueMonth('2027-01-31T23:00:00Z', 'Asia/Tokyo')).toEqual({ key: '2027-02', label: 'February 2027' });
  });

  it('follows summer time on both sides of the change', () => {
    // Europe moves its clocks on 28 March 2027 at 01:00 UTC; the United States on 14 March 2027.
    expect(formatVenueTime('2027-03-28T00:30:00Z', 'Europe/Lisbon')).toBe('12:30 AM');
    expect(formatVenueTime('2027-03-28T01:30:00Z', 'Europe/Lisbon')).toBe('2:30 AM');
    expect(formatVenueTime('2027-03-14T09:30:00Z', 'America/New_York')).toBe('5:30 AM');
    expect(formatVenueTime('2027-03-13T09:30:00Z', 'America/New_York')).toBe('4:30 AM');
    expect(allTimesIn('Europe/London', '2027-01-15T12:00:00Z')).toBe('All times are London time (GMT, UTC)');
    expect(allTimesIn('Europe/London', '2027-07-15T12:00:00Z')).toBe('All times are London time (BST, UTC+1)');
  });

  it("names the venue's zone as people know it", () => {
    expect(allTimesIn('Asia/Dubai', '2047-03-10T05:00:00Z')).toBe('All times are Dubai time (GST, UTC+4)');
    expect(allTimesIn('UTC', '2047-03-10T05:00:00Z')).toBe('All times are UTC');
    expect(formatVenueDateTime('2027-06-10T23:30:00Z', 'Asia/Tokyo')).toBe(
      'Friday, 11 June 2027, 8:30 AM Tokyo time (JST, UTC+9)',
    );
  });

  it("reads an event without a zone, or with one this engine does not know, as the series' default (UTC)", () => {
    expect(eventTimeZone({ time_zone: 'Asia/Dubai' })).toBe('Asia/Dubai');
    expect(eventTimeZone({})).toBe('UTC');
    expect(eventTimeZone({ time_zone: null })).toBe('UTC');
    expect(eventTimeZone({ time_zone: 'Mars/Olympus_Mons' })).toBe('UTC');
  });

  it("writes a check-in's instant as an ISO timestamp on the venue's clock, to the millisecond", () => {
    expect(venueTimestamp('2026-11-27T08:05:01.250Z', 'Asia/Dubai')).toBe('2026-11-27T12:05:01.250+04:00');
    expect(venueTimestamp('2026-11-27T08:05:00Z', 'Asia/Kathmandu')).toBe('2026-11-27T13:50:00.000+05:45');
    expect(venueTimestamp('2026-11-27T08:05:00Z', 'America/New_York')).toBe('2026-11-27T03:05:00.000-05:00');
    expect(venueTimestamp('2026-11-27T08:05:00Z', 'UTC')).toBe('2026-11-27T08:05:00.000Z');
    expect(venueTimestamp('2026-11-27T08:05:00Z', 'Europe/Lisbon')).toBe('2026-11-27T08:05:00.000+00:00');
  });
});

describe('the zone facts a server-rendered page carries', () => {
  it('records what a render used, and a page seeded with them formats without asking Intl', () => {
    const { result, facts } = recordZoneFacts(() =>
      [
        formatVenueDate('2031-04-02T01:00:00Z', 'Pacific/Chatham'),
        allTimesIn('Pacific/Chatham', '2031-04-02T01:00:00Z'),
      ].join(' | '),
    );
    expect(result).toBe('Wednesday, 2 April 2031 | All times are Chatham time (UTC+13:45)');
    expect(Object.keys(facts).sort()).toEqual([
      `label|Pacific/Chatham|${Date.parse('2031-04-02T01:00:00Z')}`,
      `offset|Pacific/Chatham|${Date.parse('2031-04-02T01:00:00Z')}`,
    ]);

    // Facts the page's JSON carries for an instant nothing here has formatted yet: taken as they are.
    const at = Date.parse('2031-04-03T01:00:00Z');
    seedZoneFacts({
      [`known|Asia/Novosibirsk`]: true,
      [`offset|Asia/Novosibirsk|${at}`]: 420,
      [`label|Asia/Novosibirsk|${at}`]: 'Novosibirsk time (UTC+7)',
      bad: { nested: true },
    });
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    expect(eventTimeZone({ time_zone: 'Asia/Novosibirsk' })).toBe('Asia/Novosibirsk');
    expect(formatVenueTime(new Date(at), 'Asia/Novosibirsk')).toBe('8:00 AM');
    expect(allTimesIn('Asia/Novosibirsk', new Date(at))).toBe('All times are Novosibirsk time (UTC+7)');
    expect(intl).not.toHaveBeenCalled();
  });
});

describe("the visitor's own time, offered beside the venue's", () => {
  it("tells whether the visitor's clock differs from the venue's, and prints the visitor's time", () => {
    // This machine's zone, as a browser's would be: Los Angeles (UTC-8 in March 2047 before the 10th).
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockImplementation(function (this: Date) {
      return this.getTime() >= Date.parse('2047-03-10T10:00:00Z') ? 420 : 480;
    });
    const keynote = '2047-03-10T05:00:00Z';
    expect(visitorClockDiffers('Asia/Dubai', [keynote])).toBe(true);
    expect(visitorClockDiffers('America/Los_Angeles', [keynote, '2047-03-11T05:00:00Z'])).toBe(false);
    expect(visitorZoneLabel(keynote, 'America/Los_Angeles')).toBe('Los Angeles, UTC-8');
    expect(visitorZoneLabel(keynote, undefined)).toBe('UTC-8');
  });

  it("prints a span on the visitor's clock with the day, and the end's day when it is another", () => {
    const local = (day: number, hour: number, minute = 0) => new Date(2047, 2, day, hour, minute);
    expect(visitorTimeRange(local(9, 21), local(9, 22, 30))).toBe('Sat 9 March, 9:00 PM - 10:30 PM');
    expect(visitorTimeRange(local(9, 23, 30), local(10, 0, 30))).toBe('Sat 9 March, 11:30 PM - Sun 10 March, 12:30 AM');
  });
});
