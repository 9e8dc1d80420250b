import { describe, expect, it } from 'vitest';
import { rosterGuest, type RosterGuest } from '../../data/door-roster.ts';
import { matchGuestCode, tokenOfCode } from './guest-code.ts';

const TOKEN = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
const OTHER_TOKEN = 'b'.repeat(64);
const EVENT = '11111111-1111-4111-8111-111111111111';
const OTHER_EVENT = '22222222-2222-4222-8222-222222222222';
const LINK = `https://cdovision.example/events/cdo-vision-lisbon-2026#guest=${TOKEN}`;

const guest = (overrides: Partial<RosterGuest>): RosterGuest =>
  rosterGuest({
    key: 'attendee-1',
    attendeeId: 'attendee-1',
    name: 'Ana Sousa',
    email: 'ana@example.com',
    company: 'Banco Atlântico',
    jobTitle: 'Chief Data Officer',
    requestId: 'request-1',
    token: TOKEN,
    ...overrides,
  });

describe('tokenOfCode', () => {
  it('reads the token of a personal link', () => {
    expect(tokenOfCode(LINK)).toBe(TOKEN);
    expect(tokenOfCode(`http://localhost:5173/events/${EVENT}#guest=${TOKEN}`)).toBe(TOKEN);
  });

  it('takes a bare token, in either case and with spaces around it', () => {
    expect(tokenOfCode(`  ${TOKEN.toUpperCase()}\n`)).toBe(TOKEN);
  });

  it('finds nothing in garbage or a link that is not a personal link', () => {
    expect(tokenOfCode('')).toBeNull();
    expect(tokenOfCode('hello')).toBeNull();
    expect(tokenOfCode(TOKEN.slice(1))).toBeNull();
    expect(tokenOfCode(`${TOKEN}0`)).toBeNull();
    expect(tokenOfCode('https://www.linkedin.com/in/ana-sousa')).toBeNull();
    expect(tokenOfCode(`https://cdovision.example/events/x#guest=${TOKEN.slice(2)}`)).toBeNull();
    expect(tokenOfCode(`https://cdovision.example/admin#guest=${TOKEN}`)).toBeNull();
    expect(tokenOfCode(`javascript:alert(1)//events/x#guest=${TOKEN}`)).toBeNull();
  });
});

describe('matchGuestCode', () => {
  const ana = guest({});
  const ben = guest({ key: 'attendee-2', attendeeId: 'attendee-2', name: 'Ben Carter', token: null, requestId: null });
  const requests = [
    { event_id: EVENT, status: 'approved', guest_token: TOKEN, attendee_id: 'attendee-1' },
    { event_id: OTHER_EVENT, status: 'approved', guest_token: OTHER_TOKEN, attendee_id: 'attendee-9' },
  ];

  it("names the roster's guest for their personal link or bare token", () => {
    expect(matchGuestCode(LINK, EVENT, [ana, ben], requests)).toEqual({ kind: 'guest', guest: ana });
    expect(matchGuestCode(TOKEN, EVENT, [ana, ben], requests)).toEqual({ kind: 'guest', guest: ana });
  });

  it("finds a guest whose roster row has no token through their request's attendee", () => {
    const benToken = 'c'.repeat(64);
    const withBen = [
      ...requests,
      { event_id: EVENT, status: 'invited', guest_token: benToken, attendee_id: 'attendee-2' },
    ];
    expect(matchGuestCode(benToken, EVENT, [ana, ben], withBen)).toEqual({ kind: 'guest', guest: ben });
  });

  it("says which event another event's guest is for, whatever the link's slug says", () => {
    const link = `https://cdovision.example/events/cdo-vision-lisbon-2026#guest=${OTHER_TOKEN}`;
    expect(matchGuestCode(link, EVENT, [ana, ben], requests)).toEqual({ kind: 'other-event', eventId: OTHER_EVENT });
  });

  it('knows nobody for garbage, a token no request holds, or a link of another site', () => {
    expect(matchGuestCode('not a code', EVENT, [ana], requests)).toEqual({ kind: 'unknown' });
    expect(matchGuestCode('d'.repeat(64), EVENT, [ana], requests)).toEqual({ kind: 'unknown' });
    expect(matchGuestCode('https://example.com/tickets/12345', EVENT, [ana], requests)).toEqual({ kind: 'unknown' });
  });

  it("says why the holder of this event's code is not on its roster: the request's status", () => {
    const carla = 'e'.repeat(64);
    for (const status of ['declined', 'waitlisted', 'pending', 'approved']) {
      const withCarla = [...requests, { event_id: EVENT, status, guest_token: carla, attendee_id: 'attendee-3' }];
      expect(matchGuestCode(carla, EVENT, [ana, ben], withCarla)).toEqual({ kind: 'not-on-list', status });
    }
    const noAttendee = [{ event_id: EVENT, status: 'pending', guest_token: carla, attendee_id: null }];
    expect(matchGuestCode(carla, EVENT, [ana], noAttendee)).toEqual({ kind: 'not-on-list', status: 'pending' });
  });
});
