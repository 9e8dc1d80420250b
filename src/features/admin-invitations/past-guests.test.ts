import { describe, expect, it } from 'vitest';
import { seriesIndex, type SeriesCheckIn, type SeriesEvent } from '../../data/series-history.ts';
import { planInvitations } from './invite-list.ts';
import { NO_PAST_GUEST_CRITERIA, choosePastGuests, pastGuestRows, type PastGuestCriteria } from './past-guests.ts';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

const edition = (id: string, start: string): SeriesEvent => ({
  id,
  title: `CDO Vision ${id}`,
  location: `Venue, ${id}`,
  start_date: start,
  end_date: new Date(Date.parse(start) + 4 * 3600_000).toISOString(),
  time_zone: 'UTC',
});
const paris = edition('paris', '2026-11-01T18:00:00.000Z');
const madrid = edition('madrid', '2026-05-01T18:00:00.000Z');
const london = edition('london', '2026-12-10T18:00:00.000Z');

const person = (id: string, company = 'Northwind', job_title = 'Chief Data Officer') => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  email: `${id}@northwind.example`,
  company,
  job_title,
  linkedin_url: null,
});
const people = [
  person('ada'),
  person('grace'),
  person('alan', 'Bletchley'),
  person('mary', 'Northwind', 'Head of Analytics'),
  person('asked'),
];

const checkIn = (attendee: string, event = paris.id): SeriesCheckIn => ({
  id: `ci-${attendee}-${event}`,
  event_id: event,
  attendee_id: attendee,
  undoes: null,
  device_id: 'front-desk',
  device_label: null,
  checked_in_at: paris.start_date,
  walk_in_email: null,
});

// Paris used the door: Ada, Alan, Mary and 'asked' came, Grace did not. Madrid did not: Grace came.
const links = [
  ...['ada', 'grace', 'alan', 'mary', 'asked'].map((id) => ({
    event_id: paris.id,
    attendee_id: id,
    attendee_type: 'current',
  })),
  { event_id: madrid.id, attendee_id: 'grace', attendee_type: 'past' },
  // Mary is on London's list already.
  { event_id: london.id, attendee_id: 'mary', attendee_type: 'current' },
];
const requests = [
  // 'asked' asked for London and was declined: never invited again from here.
  {
    id: 'r1',
    event_id: london.id,
    email: 'ASKED@northwind.example',
    attendee_id: null,
    status: 'declined' as const,
  },
];
const index = seriesIndex(
  {
    events: [paris, madrid, london],
    attendees: people,
    links,
    requests,
    checkIns: ['ada', 'alan', 'mary', 'asked'].map((id) => checkIn(id)),
    clearings: [],
  },
  NOW,
);

const choose = (criteria: Partial<PastGuestCriteria>) =>
  choosePastGuests(people, index, london.id, requests, links, { ...NO_PAST_GUEST_CRITERIA, ...criteria });

describe('inviting people from past editions', () => {
  it("takes a past edition's attendees, leaving out whoever is already asked, declined or on the list", () => {
    const found = choose({ eventIds: [paris.id] });
    expect(found.chosen.map((p) => p.id)).toEqual(['ada', 'alan']);
    expect(found.alreadyThere).toBe(2);
  });

  it('takes those invited or on the list, leaving out no-shows unless asked for them', () => {
    expect(choose({ eventIds: [paris.id], part: 'expected' }).chosen.map((p) => p.id)).toEqual(['ada', 'alan']);
    expect(choose({ eventIds: [paris.id], part: 'expected', leaveOutNoShows: false }).chosen.map((p) => p.id)).toEqual([
      'ada',
      'alan',
      'grace',
    ]);
    expect(choose({ eventIds: [paris.id], part: 'no-show' }).chosen.map((p) => p.id)).toEqual(['grace']);
    // Grace came to Madrid; her no-show at Paris leaves her out only when Paris is one of those chosen.
    expect(choose({ eventIds: [madrid.id] }).chosen.map((p) => p.id)).toEqual(['grace']);
    expect(choose({ eventIds: [madrid.id, paris.id] }).chosen.map((p) => p.id)).toEqual(['ada', 'alan']);
  });

  it('narrows by company and job title, any case; no edition chosen chooses nobody', () => {
    expect(choose({ eventIds: [paris.id], company: 'BLETCH' }).chosen.map((p) => p.id)).toEqual(['alan']);
    expect(choose({ eventIds: [paris.id], jobTitle: 'chief data' }).chosen.map((p) => p.id)).toEqual(['ada', 'alan']);
    expect(choose({})).toEqual({ chosen: [], alreadyThere: 0 });
  });

  it('the people chosen are planned as a pasted list is: each a new invitation', () => {
    const rows = pastGuestRows(choose({ eventIds: [paris.id] }).chosen);
    expect(rows).toEqual([
      {
        row: 1,
        values: { name: 'Ada', email: 'ada@northwind.example', company: 'Northwind', job_title: 'Chief Data Officer' },
      },
      {
        row: 2,
        values: {
          name: 'Alan',
          email: 'alan@northwind.example',
          company: 'Bletchley',
          job_title: 'Chief Data Officer',
        },
      },
    ]);
    expect(planInvitations(rows, london.id, []).map((planned) => planned.action)).toEqual(['invite', 'invite']);
  });
});
