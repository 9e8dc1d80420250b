import { describe, expect, it } from 'vitest';
import {
  NO_PEOPLE_FILTER,
  filterPeople,
  seriesIndex,
  type SeriesCheckIn,
  type SeriesEvent,
  type SeriesRows,
} from './series-history.ts';
import { attendedGlance, noShowGlance } from './series-glance.ts';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

function edition(id: string, startIso: string, location: string, timeZone = 'UTC'): SeriesEvent {
  const start = Date.parse(startIso);
  return {
    id,
    title: `CDO Vision ${id}`,
    location,
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 4 * 3600_000).toISOString(),
    time_zone: timeZone,
  };
}

// Lisbon's edition starts at 00:30 on 1 April on the venue's clock (summer time began on 29 March),
// which is still 31 March in UTC: the glance says April, as the venue lived it.
const lisbon = edition('lisbon', '2026-03-31T23:30:00.000Z', 'Palácio do Chiado, Lisbon', 'Europe/Lisbon');
const paris = edition('paris', '2026-06-10T16:30:00.000Z', 'Salon Haussmann, Paris', 'Europe/Paris');
const dubai = edition('dubai', '2026-10-01T14:00:00.000Z', 'Al Noor Pavilion, DIFC, Dubai', 'Asia/Dubai');
const oldBoston = edition('boston', '2023-05-01T12:00:00.000Z', 'Seaport Innovation Hall, Boston', 'America/New_York');
const london = edition('london', '2026-12-10T18:30:00.000Z', 'The Aldwych Rooms, London', 'Europe/London');

const people = [
  { id: 'ada', name: 'Ada Lovelace', email: 'ada@engines.example', company: 'Analytical Engines' },
  { id: 'grace', name: 'Grace Hopper', email: 'grace@navy.example', company: 'Navy' },
  { id: 'alan', name: 'Alan Turing', email: 'alan@bletchley.example', company: 'Bletchley Analytics' },
];

let made = 0;
function checkIn(overrides: Partial<SeriesCheckIn>): SeriesCheckIn {
  made += 1;
  return {
    id: `ci-${String(made).padStart(3, '0')}`,
    event_id: paris.id,
    attendee_id: null,
    undoes: null,
    device_id: 'a1b2c3d4-0000-4000-8000-00000000000a',
    device_label: 'Front desk',
    checked_in_at: paris.start_date,
    walk_in_email: null,
    ...overrides,
  };
}

function rows(overrides: Partial<SeriesRows> = {}): SeriesRows {
  return {
    events: [lisbon, paris, dubai, oldBoston, london],
    attendees: people,
    links: [],
    requests: [],
    checkIns: [],
    clearings: [],
    ...overrides,
  };
}

describe("a guest's story across the series", () => {
  it('where the door was used it decides: checked in is attended (when, on which device), expected and not in is a no-show', () => {
    const index = seriesIndex(
      rows({
        links: [
          { event_id: paris.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: paris.id, attendee_id: 'grace', attendee_type: 'past' },
        ],
        checkIns: [
          checkIn({ attendee_id: 'ada', checked_in_at: '2026-06-10T16:40:00.000Z', device_label: 'Side door' }),
          checkIn({ attendee_id: 'ada', checked_in_at: '2026-06-10T16:35:00.000Z' }),
        ],
      }),
      NOW,
    );
    const [adaParis] = index.summaryOf('ada').editions;
    expect(adaParis).toMatchObject({ outcome: 'attended', checkedInAt: '2026-06-10T16:35:00.000Z' });
    expect(adaParis!.checkedInOn).toEqual({ id: 'a1b2c3d4-0000-4000-8000-00000000000a', label: 'Front desk' });
    // Grace's link says 'past', but the door was used at Paris and never checked her in.
    expect(index.summaryOf('grace').editions[0]!.outcome).toBe('no-show');
    expect(index.summaryOf('grace').noShowInLastYear).toBe(true);
  });

  it('an undone check-in is no attendance; a walk-in not linked yet is found by its address', () => {
    const first = checkIn({ attendee_id: 'grace' });
    const index = seriesIndex(
      rows({
        links: [{ event_id: paris.id, attendee_id: 'grace', attendee_type: 'current' }],
        checkIns: [
          first,
          checkIn({ undoes: first.id, attendee_id: 'grace' }),
          checkIn({ walk_in_email: ' ALAN@bletchley.example ' }),
        ],
      }),
      NOW,
    );
    expect(index.summaryOf('grace').editions[0]!.outcome).toBe('no-show');
    expect(index.summaryOf('alan').editions[0]!.outcome).toBe('attended');
  });

  it('a guest taken off the list, or a walk-in whose check-in was undone, missed nothing', () => {
    const walkIn = checkIn({ attendee_id: 'alan', walk_in_email: 'alan@bletchley.example' });
    const index = seriesIndex(
      rows({
        // Ada was approved, then an admin took her off the list; the door was used (Grace came).
        requests: [
          { id: 'req-ada', event_id: paris.id, attendee_id: 'ada', status: 'approved', email: 'ada@engines.example' },
        ],
        // Alan was taken as a walk-in by mistake and undone; the server had put him on the list.
        links: [{ event_id: paris.id, attendee_id: 'alan', attendee_type: 'current' }],
        checkIns: [checkIn({ attendee_id: 'grace' }), walkIn, checkIn({ undoes: walkIn.id, attendee_id: 'alan' })],
      }),
      NOW,
    );
    expect(index.summaryOf('ada').editions.map((e) => e.outcome)).toEqual(['none']);
    expect(index.summaryOf('alan').editions.map((e) => e.outcome)).toEqual(['none']);
    expect(noShowGlance(index.summaryOf('ada'))).toBeNull();
    expect(index.summaryOf('alan').noShowInLastYear).toBe(false);
  });

  it("where the door was not used, a 'past' link is attended and nothing says anyone missed it", () => {
    const index = seriesIndex(
      rows({
        links: [
          { event_id: dubai.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: dubai.id, attendee_id: 'grace', attendee_type: 'current' },
          { event_id: london.id, attendee_id: 'grace', attendee_type: 'current' },
        ],
      }),
      NOW,
    );
    expect(index.summaryOf('ada').editions.map((e) => e.outcome)).toEqual(['attended']);
    expect(index.summaryOf('grace').editions.map((e) => [e.event.id, e.outcome])).toEqual([
      ['london', 'upcoming'],
      ['dubai', 'not-recorded'],
    ]);
    expect(noShowGlance(index.summaryOf('grace'))).toBeNull();
  });

  it('every request shows with its status, linked or found by its address; declined, waitlisted and pending ones are no attendance', () => {
    const index = seriesIndex(
      rows({
        requests: [
          { id: 'r1', event_id: london.id, attendee_id: 'alan', status: 'pending', email: 'alan@bletchley.example' },
          // Not linked by the server (declined): found by its address.
          { id: 'r2', event_id: dubai.id, attendee_id: null, status: 'declined', email: 'Alan@Bletchley.example' },
          { id: 'r3', event_id: paris.id, attendee_id: 'alan', status: 'waitlisted', email: 'alan@bletchley.example' },
          { id: 'r4', event_id: paris.id, attendee_id: null, status: 'approved', email: 'someone@else.example' },
        ],
        checkIns: [checkIn({ attendee_id: 'ada' })],
      }),
      NOW,
    );
    expect(index.summaryOf('alan').editions.map((e) => [e.event.id, e.request?.status, e.outcome])).toEqual([
      ['london', 'pending', 'none'],
      ['dubai', 'declined', 'none'],
      ['paris', 'waitlisted', 'none'],
    ]);
  });

  it('a cleared no-show no longer counts and keeps its reason', () => {
    const base = {
      links: [{ event_id: paris.id, attendee_id: 'grace', attendee_type: 'current' }],
      checkIns: [checkIn({ attendee_id: 'ada' })],
    };
    const cleared = seriesIndex(
      rows({
        ...base,
        clearings: [{ event_id: paris.id, attendee_id: 'grace', reason: 'Flight cancelled', cleared_at: '2026-06-11' }],
      }),
      NOW,
    ).summaryOf('grace');
    expect(cleared.editions[0]).toMatchObject({ outcome: 'cleared', clearing: { reason: 'Flight cancelled' } });
    expect(cleared.noShowInLastYear).toBe(false);
    expect(cleared.recentNoShows).toBe(0);
    expect(seriesIndex(rows(base), NOW).summaryOf('grace').recentNoShows).toBe(1);
  });

  it("counts at a glance: '3 editions attended, last in Lisbon, April 2026' (the venue's calendar) and 'No-show 1 of the last 4'", () => {
    const index = seriesIndex(
      rows({
        links: [
          { event_id: oldBoston.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: dubai.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: lisbon.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: paris.id, attendee_id: 'ada', attendee_type: 'current' },
        ],
        // Paris used the door, and Ada was not checked in; Dubai was not the door's.
        checkIns: [checkIn({ attendee_id: 'grace' })],
      }),
      NOW,
    );
    const ada = index.summaryOf('ada');
    expect(attendedGlance(ada)).toBe('3 editions attended, last in Dubai, October 2026');
    expect(noShowGlance(ada)).toBe('No-show 1 of the last 4');
    const withoutDubai = seriesIndex(
      rows({
        links: [
          { event_id: oldBoston.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: lisbon.id, attendee_id: 'ada', attendee_type: 'past' },
        ],
      }),
      NOW,
    ).summaryOf('ada');
    expect(attendedGlance(withoutDubai)).toBe('2 editions attended, last in Lisbon, April 2026');
    expect(attendedGlance(index.summaryOf('alan'))).toBe('No edition attended yet');
  });

  it('no-shows are weighed by recency: an old miss does not mark a regular, a recent one does', () => {
    const regular = seriesIndex(
      rows({
        links: [
          { event_id: oldBoston.id, attendee_id: 'ada', attendee_type: 'current' },
          { event_id: lisbon.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: paris.id, attendee_id: 'ada', attendee_type: 'past' },
        ],
        checkIns: [
          checkIn({ event_id: oldBoston.id, attendee_id: 'grace', checked_in_at: oldBoston.start_date }),
          checkIn({ attendee_id: 'ada' }),
        ],
      }),
      NOW,
    ).summaryOf('ada');
    expect(regular.recentNoShows).toBe(1);
    expect(regular.noShowInLastYear).toBe(false);
    expect(regular.oftenNoShow).toBe(false);

    const lately = seriesIndex(
      rows({
        links: [
          { event_id: oldBoston.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: paris.id, attendee_id: 'ada', attendee_type: 'current' },
        ],
        checkIns: [checkIn({ attendee_id: 'grace' })],
      }),
      NOW,
    ).summaryOf('ada');
    expect(lately.recentNoShows).toBe(1);
    expect(lately.oftenNoShow).toBe(true);
    expect(lately.noShowWeight).toBeGreaterThan(0.5);
  });

  it('the list narrows by attended count, edition, no-show in the last year, company and name, and sorts by last attended', () => {
    const index = seriesIndex(
      rows({
        links: [
          { event_id: dubai.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: lisbon.id, attendee_id: 'ada', attendee_type: 'past' },
          { event_id: lisbon.id, attendee_id: 'alan', attendee_type: 'past' },
          { event_id: paris.id, attendee_id: 'grace', attendee_type: 'current' },
        ],
        checkIns: [checkIn({ attendee_id: 'alan' })],
      }),
      NOW,
    );
    const names = (filter: Partial<typeof NO_PEOPLE_FILTER>, sort: 'newest' | 'last-attended' = 'newest') =>
      filterPeople(people, index, { ...NO_PEOPLE_FILTER, ...filter }, sort).map((p) => p.id);
    expect(names({})).toEqual(['ada', 'grace', 'alan']);
    expect(names({ minAttended: 2 })).toEqual(['ada', 'alan']);
    expect(names({ attendedEventId: lisbon.id })).toEqual(['ada', 'alan']);
    expect(names({ noShowLastYear: true })).toEqual(['grace']);
    expect(names({ company: 'ANALYTIC' })).toEqual(['ada', 'alan']);
    expect(names({ search: 'navy.example' })).toEqual(['grace']);
    // The address of a record merged into Ada's finds her too.
    const merged = new Map([['ada', ['ada.lovelace+events@old.example']]]);
    expect(filterPeople(people, index, { ...NO_PEOPLE_FILTER, search: '+events@old' }, 'newest', merged)).toEqual([
      people[0],
    ]);
    // Alan last came to Paris (June), Ada to Dubai (October); Grace never: last, in the order given.
    expect(names({}, 'last-attended')).toEqual(['ada', 'alan', 'grace']);
    expect(index.startedEvents.map((e) => e.id)).toEqual(['dubai', 'paris', 'lisbon', 'boston']);
  });
});
