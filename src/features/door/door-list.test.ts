import { describe, expect, it } from 'vitest';
import { rosterGuest, type RosterGuest } from '../../data/door-roster.ts';
import { countsLine, doorEventOrder, eventWhen, pendingLine, searchIndexOf, searchRoster } from './door-list.ts';

const NOW = new Date(Date.UTC(2026, 10, 27, 10, 0));
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour, 0)).toISOString();
const event = (id: string, startDay: number, endDay = startDay) => ({
  id,
  title: id,
  start_date: at(startDay, 8),
  end_date: at(endDay, 18),
  time_zone: 'UTC',
});

function guest(name: string, company: string | null, checkedInAt: string | null = null): RosterGuest {
  return rosterGuest({
    key: name,
    attendeeId: name,
    name,
    company,
    checkedInAt,
    checkedInOn: checkedInAt ? 'Door phone 1' : null,
    liveCheckInIds: checkedInAt ? ['x'] : [],
  });
}

describe('the check-in screen', () => {
  it("offers today's events first, then upcoming soonest first, then past latest first", () => {
    const events = [
      event('past-old', 1),
      event('later', 30),
      event('soon', 28),
      event('today', 27),
      event('past-recent', 20),
      event('spans-today', 26, 28),
    ];
    expect(eventWhen(events[3]!, NOW)).toBe('today');
    expect(eventWhen(events[5]!, NOW)).toBe('today');
    expect(doorEventOrder(events, NOW).map((e) => e.id)).toEqual([
      'spans-today',
      'today',
      'soon',
      'later',
      'past-recent',
      'past-old',
    ]);
  });

  it("opens on the event still to come today, not on last night's that ended after midnight", () => {
    // Dubai, 08:30 on 11 March: a gala of the 10th ran to 00:30 today; a summit starts at 9:00.
    const now = new Date('2027-03-11T04:30:00Z');
    const gala = {
      id: 'gala',
      title: 'Gala',
      start_date: '2027-03-10T15:00:00Z',
      end_date: '2027-03-10T20:30:00Z',
      time_zone: 'Asia/Dubai',
    };
    const summit = {
      id: 'summit',
      title: 'Summit',
      start_date: '2027-03-11T05:00:00Z',
      end_date: '2027-03-11T13:00:00Z',
      time_zone: 'Asia/Dubai',
    };
    expect(eventWhen(gala, now)).toBe('today');
    expect(doorEventOrder([gala, summit], now).map((e) => e.id)).toEqual(['summit', 'gala']);
  });

  it("counts 'today' on the venue's calendar, wherever the device is", () => {
    // 23:30 UTC on 27 November: already the 28th in Tokyo, still the 27th in Los Angeles.
    const now = new Date(Date.UTC(2026, 10, 27, 23, 30));
    const tokyo = {
      id: 'tokyo',
      title: 'Tokyo',
      // 8:00 to 18:00 on the 28th, Tokyo time.
      start_date: '2026-11-27T23:00:00Z',
      end_date: '2026-11-28T09:00:00Z',
      time_zone: 'Asia/Tokyo',
    };
    const losAngeles = {
      id: 'los-angeles',
      title: 'Los Angeles',
      // 9:00 to 17:00 on the 27th, Los Angeles time.
      start_date: '2026-11-27T17:00:00Z',
      end_date: '2026-11-28T01:00:00Z',
      time_zone: 'America/Los_Angeles',
    };
    // 9:00 to 17:00 on the 27th, Tokyo time: the 27th on a UTC device's calendar, yesterday in Tokyo.
    const tokyoBefore = {
      ...tokyo,
      id: 'tokyo-before',
      start_date: '2026-11-27T00:00:00Z',
      end_date: '2026-11-27T08:00:00Z',
    };
    expect(eventWhen(tokyo, now)).toBe('today');
    expect(eventWhen(losAngeles, now)).toBe('today');
    expect(eventWhen(tokyoBefore, now)).toBe('past');
  });

  it('searches name and company as typed, every word, any case or accent, within the arrival filter', () => {
    const index = searchIndexOf([
      guest('Ada Lovelace', 'Analytical Engines', at(27, 9)),
      guest('Grace Hopper', 'Navy'),
      guest('Alan Turing', 'Bletchley Park'),
      guest('Chloé García', 'Banco'),
      guest('Zoë Núñez', 'Telco'),
    ]);
    const names = (query: string, filter: 'all' | 'not-arrived' | 'checked-in' = 'all') =>
      searchRoster(index, query, filter).map((g) => g.name);
    expect(names('')).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Chloé García', 'Zoë Núñez']);
    expect(names('  NAVY ')).toEqual(['Grace Hopper']);
    expect(names('a eng')).toEqual(['Ada Lovelace']);
    expect(names('zzz')).toEqual([]);
    expect(names('chloe garcia')).toEqual(['Chloé García']);
    expect(names('Zoë')).toEqual(['Zoë Núñez']);
    expect(names('', 'not-arrived')).toEqual(['Grace Hopper', 'Alan Turing', 'Chloé García', 'Zoë Núñez']);
    expect(names('', 'checked-in')).toEqual(['Ada Lovelace']);
  });

  it('says the counts as the issue does', () => {
    expect(countsLine(28, 34)).toBe('Checked in 28 of 34');
    expect(pendingLine(3)).toBe('3 check-ins waiting to sync');
    expect(pendingLine(1)).toBe('1 check-in waiting to sync');
  });
});
