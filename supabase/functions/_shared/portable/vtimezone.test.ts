import { describe, expect, it } from 'vitest';
import { offsetMinutesAt } from './time-zones.ts';
import { formatIcsUtcOffset, vtimezoneLines, writesWithTzid, zoneTransitions } from './vtimezone.ts';

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

describe("a zone's offset changes, found from Intl", () => {
  it('finds both summer-time changes of a year to the minute, in Europe and in the United States', () => {
    expect(zoneTransitions('Europe/London', at('2027-01-01T00:00Z'), at('2028-01-01T00:00Z'))).toEqual([
      { at: at('2027-03-28T01:00Z'), from: 0, to: 60 },
      { at: at('2027-10-31T01:00Z'), from: 60, to: 0 },
    ]);
    expect(zoneTransitions('America/New_York', at('2027-01-01T00:00Z'), at('2028-01-01T00:00Z'))).toEqual([
      { at: at('2027-03-14T07:00Z'), from: -300, to: -240 },
      { at: at('2027-11-07T06:00Z'), from: -240, to: -300 },
    ]);
  });

  it('finds none in a zone without summer time, a 45-minute offset included', () => {
    for (const zone of ['Asia/Dubai', 'Asia/Kathmandu', 'Asia/Kolkata', 'Asia/Tokyo']) {
      expect(zoneTransitions(zone, at('2027-01-01T00:00Z'), at('2030-01-01T00:00Z')), zone).toEqual([]);
    }
  });

  it('agrees with the offset Intl gives a minute either side of every change it finds', () => {
    const zones = ['Pacific/Auckland', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Asia/Gaza', 'Europe/Lisbon'];
    for (const zone of zones) {
      for (const change of zoneTransitions(zone, at('2027-01-01T00:00Z'), at('2031-01-01T00:00Z'))) {
        const before = new Date(change.at.getTime() - MINUTE);
        expect(offsetMinutesAt(zone, before), `${zone} before ${change.at.toISOString()}`).toBe(change.from);
        expect(offsetMinutesAt(zone, change.at), `${zone} at ${change.at.toISOString()}`).toBe(change.to);
      }
    }
    // Gaza's clocks change twice within a week around Ramadan in some years: a weekly scan would miss both.
    const gaza = zoneTransitions('Asia/Gaza', at('2040-01-01T00:00Z'), at('2041-01-01T00:00Z'));
    const days = gaza.slice(1).map((change, index) => (change.at.getTime() - gaza[index]!.at.getTime()) / 86_400_000);
    expect(Math.min(...days)).toBeLessThan(8);
  });
});

describe('the VTIMEZONE of a zone for the years of its events', () => {
  it("names the offset from local New Year, then each of the year's changes, with DTSTART in the local time before it", () => {
    expect(vtimezoneLines('Europe/London', at('2027-06-10T08:00Z'), at('2027-06-10T16:00Z'))).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/London',
      'BEGIN:STANDARD',
      'DTSTART:20270101T000000',
      'TZOFFSETFROM:+0000',
      'TZOFFSETTO:+0000',
      'TZNAME:GMT',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20270328T010000',
      'TZOFFSETFROM:+0000',
      'TZOFFSETTO:+0100',
      'TZNAME:BST',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20271031T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0000',
      'TZNAME:GMT',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('is one STANDARD observance for a zone without changes; TZNAME only where the name is known', () => {
    expect(vtimezoneLines('Asia/Kathmandu', at('2047-03-10T03:15Z'), at('2047-03-10T07:15Z'))).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Kathmandu',
      'BEGIN:STANDARD',
      'DTSTART:20470101T000000',
      'TZOFFSETFROM:+0545',
      'TZOFFSETTO:+0545',
      'TZNAME:NPT',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(vtimezoneLines('Asia/Almaty', at('2027-05-01T03:00Z'), at('2027-05-01T09:00Z'))).not.toContainEqual(
      expect.stringMatching(/^TZNAME/),
    );
  });

  it('covers every year from the first event to the last, in the southern hemisphere too', () => {
    const lines = vtimezoneLines('Pacific/Auckland', at('2027-02-01T00:00Z'), at('2028-11-01T00:00Z'));
    // Summer in January: the first observance is summer time, then two changes in each year.
    expect(lines.slice(2, 8)).toEqual([
      'BEGIN:DAYLIGHT',
      'DTSTART:20270101T000000',
      'TZOFFSETFROM:+1300',
      'TZOFFSETTO:+1300',
      'TZNAME:NZDT',
      'END:DAYLIGHT',
    ]);
    expect(lines.filter((line) => line.startsWith('DTSTART'))).toEqual([
      'DTSTART:20270101T000000',
      'DTSTART:20270404T030000',
      'DTSTART:20270926T020000',
      'DTSTART:20280402T030000',
      'DTSTART:20280924T020000',
    ]);
  });
});

describe('writing offsets and zones', () => {
  it('writes offsets as RFC 5545 does, 45-minute and negative ones included', () => {
    expect(formatIcsUtcOffset(240)).toBe('+0400');
    expect(formatIcsUtcOffset(345)).toBe('+0545');
    expect(formatIcsUtcOffset(-210)).toBe('-0330');
    expect(formatIcsUtcOffset(0)).toBe('+0000');
  });

  it('writes UTC and zones this platform does not know as UTC times, every other zone with its TZID', () => {
    expect(writesWithTzid('Asia/Dubai')).toBe(true);
    for (const zone of ['UTC', 'Etc/UTC', 'Mars/Olympus_Mons', '', null, undefined]) {
      expect(writesWithTzid(zone), String(zone)).toBe(false);
    }
  });
});
