import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMonth, formatTimeOfDay } from './format-date.ts';
import {
  formatUtcOffset,
  instantOf,
  isKnownTimeZone,
  localDateTimeOf,
  toZonedIso,
  wallClock,
  zoneAbbreviation,
  zoneCity,
  zoneTimeLabel,
} from './time-zones.ts';

describe("an instant on the venue's clock", () => {
  it('reads the same instant as each venue lives it, including a date that differs from UTC', () => {
    const keynote = '2027-06-10T23:30:00Z';
    expect(formatLongDate(keynote, 'Asia/Tokyo')).toBe('Friday, 11 June 2027');
    expect(formatTimeOfDay(keynote, 'Asia/Tokyo')).toBe('8:30 AM');
    expect(formatLongDate(keynote, 'America/Los_Angeles')).toBe('Thursday, 10 June 2027');
    expect(formatTimeOfDay(keynote, 'America/Los_Angeles')).toBe('4:30 PM');
    expect(formatTimeOfDay(keynote, 'UTC')).toBe('11:30 PM');
    expect(formatMonth('2027-06-30T20:00:00Z', 'Pacific/Auckland')).toEqual({ key: '2027-07', label: 'July 2027' });
  });

  it('keeps half- and three-quarter-hour offsets', () => {
    expect(formatTimeOfDay('2027-01-14T03:30:00Z', 'Asia/Kolkata')).toBe('9:00 AM');
    expect(formatTimeOfDay('2027-01-14T03:15:00Z', 'Asia/Kathmandu')).toBe('9:00 AM');
    expect(wallClock('2027-01-14T03:15:00Z', 'Asia/Kathmandu').offsetMinutes).toBe(345);
    expect(formatUtcOffset(345)).toBe('UTC+5:45');
    expect(formatUtcOffset(-180)).toBe('UTC-3');
    expect(toZonedIso('2047-03-10T05:00:00Z', 'Asia/Dubai')).toBe('2047-03-10T09:00:00+04:00');
    expect(toZonedIso('2027-01-14T03:30:00Z', 'Asia/Kolkata')).toBe('2027-01-14T09:00:00+05:30');
    expect(toZonedIso('2027-01-14T15:00:00Z', 'America/New_York')).toBe('2027-01-14T10:00:00-05:00');
  });

  it('follows summer time in Europe and the United States, on both sides of each change', () => {
    // Europe: 28 March 2027 01:00 UTC forward, 31 October 2027 01:00 UTC back.
    expect(formatTimeOfDay('2027-03-28T00:59:00Z', 'Europe/London')).toBe('12:59 AM');
    expect(formatTimeOfDay('2027-03-28T01:00:00Z', 'Europe/London')).toBe('2:00 AM');
    expect(formatTimeOfDay('2027-10-31T00:30:00Z', 'Europe/Berlin')).toBe('2:30 AM');
    expect(formatTimeOfDay('2027-10-31T01:30:00Z', 'Europe/Berlin')).toBe('2:30 AM');
    // United States: 14 March 2027 and 7 November 2027, at 2:00 local.
    expect(formatTimeOfDay('2027-03-14T09:59:00Z', 'America/Los_Angeles')).toBe('1:59 AM');
    expect(formatTimeOfDay('2027-03-14T10:00:00Z', 'America/Los_Angeles')).toBe('3:00 AM');
    expect(zoneAbbreviation('America/New_York', '2027-07-01T12:00:00Z')).toBe('EDT');
    expect(zoneAbbreviation('America/New_York', '2027-12-01T12:00:00Z')).toBe('EST');
    expect(zoneAbbreviation('Europe/London', '2027-07-01T12:00:00Z')).toBe('BST');
    expect(zoneAbbreviation('Australia/Sydney', '2027-01-01T12:00:00Z')).toBe('AEDT');
    expect(zoneAbbreviation('Australia/Sydney', '2027-07-01T12:00:00Z')).toBe('AEST');
  });
});

describe("a time the admin types in the venue's zone", () => {
  it('becomes the instant it names there, whatever the zone of the machine', () => {
    expect(instantOf({ date: '2027-06-11', time: '09:00' }, 'Asia/Tokyo')).toEqual({
      kind: 'exact',
      instant: new Date('2027-06-11T00:00:00Z'),
    });
    expect(instantOf({ date: '2027-01-14', time: '09:00' }, 'Asia/Kathmandu')).toEqual({
      kind: 'exact',
      instant: new Date('2027-01-14T03:15:00Z'),
    });
    expect(localDateTimeOf('2027-06-11T00:00:00Z', 'Asia/Tokyo')).toEqual({ date: '2027-06-11', time: '09:00' });
  });

  it('is refused when clocks skip it (spring forward), in Europe and the United States', () => {
    expect(instantOf({ date: '2027-03-28', time: '01:30' }, 'Europe/London')).toEqual({ kind: 'nonexistent' });
    expect(instantOf({ date: '2027-03-28', time: '02:30' }, 'Europe/Berlin')).toEqual({ kind: 'nonexistent' });
    expect(instantOf({ date: '2027-03-14', time: '02:30' }, 'America/New_York')).toEqual({ kind: 'nonexistent' });
  });

  it('is the first of two when clocks go back over it, with the second named', () => {
    expect(instantOf({ date: '2027-10-31', time: '01:30' }, 'Europe/London')).toEqual({
      kind: 'ambiguous',
      instant: new Date('2027-10-31T00:30:00Z'),
      later: new Date('2027-10-31T01:30:00Z'),
    });
    expect(instantOf({ date: '2027-11-07', time: '01:30' }, 'America/Los_Angeles')).toEqual({
      kind: 'ambiguous',
      instant: new Date('2027-11-07T08:30:00Z'),
      later: new Date('2027-11-07T09:30:00Z'),
    });
  });

  it('is invalid when it is no date or time at all', () => {
    expect(instantOf({ date: '2027-02-30', time: '09:00' }, 'UTC')).toEqual({ kind: 'invalid' });
    expect(instantOf({ date: '2027-02-03', time: '9am' }, 'UTC')).toEqual({ kind: 'invalid' });
  });
});

describe('a zone as people name it', () => {
  it('says the city, the abbreviation where one is known, and the offset at that date', () => {
    expect(zoneTimeLabel('Asia/Dubai', '2047-03-10T05:00:00Z')).toBe('Dubai time (GST, UTC+4)');
    expect(zoneTimeLabel('Asia/Tokyo', '2027-06-10T23:30:00Z')).toBe('Tokyo time (JST, UTC+9)');
    expect(zoneTimeLabel('Europe/London', '2027-01-10T09:00:00Z')).toBe('London time (GMT, UTC)');
    expect(zoneTimeLabel('Africa/Addis_Ababa', '2027-01-10T09:00:00Z')).toBe('Addis Ababa time (UTC+3)');
    expect(zoneTimeLabel('UTC', '2027-01-10T09:00:00Z')).toBe('UTC');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });

  it('knows the zones the platform knows, and no made-up or padded name', () => {
    expect(isKnownTimeZone('Europe/Lisbon')).toBe(true);
    expect(isKnownTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone(' Europe/Lisbon')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
