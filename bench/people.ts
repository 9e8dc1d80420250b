/**
 * people: a guest's story across the series (issue 32) at the series' expected size, 10,000 people
 * and 500 editions over ten years. The back office holds the replica's rows in memory (its lists
 * follow the replica live), and the person's page and the filtered Attendees list are computed from
 * them by src/data/series-history.ts. This part measures that computation on rows of the replica's
 * shape, generated with a fixed seed: building the index (what a change in the replica costs before
 * either screen shows it), a person's page from the index, and the list under filters and sorted by
 * last attended. It runs in Node, not in the browser: reading the rows out of IndexedDB is the
 * replica's own cost, measured for the door's roster by bench/door.ts.
 *
 * Quick mode (BENCH_QUICK=1): 1,000 people and 50 editions, a few runs each.
 */
import { performance } from 'node:perf_hooks';
import {
  NO_PEOPLE_FILTER,
  filterPeople,
  seriesIndex,
  type NoShowClearing,
  type PeopleFilter,
  type SeriesCheckIn,
  type SeriesEvent,
  type SeriesLink,
  type SeriesRequest,
  type SeriesRows,
} from '../src/data/series-history.ts';
import { figure, loadAverage, median, out, quick } from './figures.ts';

const PEOPLE = quick ? 1_000 : 10_000;
const EDITIONS = quick ? 50 : 500;
const RUNS = quick ? 3 : 15;
const DAY = 86_400_000;

/** A small deterministic generator (mulberry32), so every run measures the same rows. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const CITIES = ['London', 'Lisbon', 'Dubai', 'Singapore', 'New York', 'Paris', 'Tokyo', 'Sydney', 'Madrid', 'Zürich'];
const ZONES = [
  'Europe/London',
  'Europe/Lisbon',
  'Asia/Dubai',
  'Asia/Singapore',
  'America/New_York',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Europe/Madrid',
  'Europe/Zurich',
];

type Person = { id: string; name: string; email: string; company: string; registered_at: string };

/** The rows a replica of such a series holds, as of `now`. */
function seriesRows(now: number): { rows: SeriesRows; people: Person[] } {
  const next = random(32);
  const id = (kind: string, n: number) => `${kind}-${String(n).padStart(6, '0')}`;
  // 500 editions over ten years, one in twelve still to come; the door was used in the later half of the past ones.
  const upcoming = Math.round(EDITIONS / 12);
  const doorFrom = Math.round((EDITIONS - upcoming) / 2);
  const events: SeriesEvent[] = Array.from({ length: EDITIONS }, (_, n) => {
    const start = now - (EDITIONS - upcoming - n) * ((10 * 365 * DAY) / EDITIONS);
    const city = n % CITIES.length;
    return {
      id: id('event', n),
      title: `CDO Vision ${CITIES[city]} ${n}`,
      location: `Venue ${n}, ${CITIES[city]}`,
      start_date: new Date(start).toISOString(),
      end_date: new Date(start + 4 * 3_600_000).toISOString(),
      time_zone: ZONES[city]!,
    };
  });
  const companies = Array.from({ length: 2_000 }, (_, n) => `Company ${n}`);
  const people: Person[] = Array.from({ length: PEOPLE }, (_, n) => ({
    id: id('person', n),
    name: `Person ${n}`,
    email: `person.${n}@company-${n % 2_000}.example`,
    company: companies[n % companies.length]!,
    registered_at: new Date(now - n * 3_600_000).toISOString(),
  }));
  const links: SeriesLink[] = [];
  const requests: SeriesRequest[] = [];
  const checkIns: SeriesCheckIn[] = [];
  const clearings: NoShowClearing[] = [];
  for (const [p, person] of people.entries()) {
    // Most come once or twice, regulars up to a dozen times.
    const editions = Math.floor(next() ** 2 * 12) + 1;
    for (let k = 0; k < editions; k += 1) {
      const e = Math.floor(next() * EDITIONS);
      const event = events[e]!;
      const door = e >= doorFrom;
      const past = Date.parse(event.end_date) < now;
      const came = next() < 0.85;
      const r = next();
      const status = r < 0.7 ? 'approved' : r < 0.8 ? 'invited' : r < 0.9 ? 'declined' : 'waitlisted';
      requests.push({
        id: id(`request-${p}`, k),
        event_id: event.id,
        attendee_id: status === 'approved' || status === 'invited' ? person.id : null,
        email: person.email,
        status,
      });
      if (status === 'declined' || status === 'waitlisted') continue;
      links.push({
        event_id: event.id,
        attendee_id: person.id,
        attendee_type: past && came && !door ? 'past' : 'current',
      });
      if (door && past && came)
        checkIns.push({
          id: id(`check-in-${p}`, k),
          event_id: event.id,
          attendee_id: person.id,
          undoes: null,
          device_id: `device-${e % 3}`,
          device_label: 'Front desk',
          checked_in_at: event.start_date,
          walk_in_email: null,
        });
      else if (door && past && next() < 0.1)
        clearings.push({
          event_id: event.id,
          attendee_id: person.id,
          reason: 'Flight cancelled',
          cleared_at: event.end_date,
        });
    }
  }
  return { rows: { events, attendees: people, links, requests, checkIns, clearings }, people };
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function runPeopleBench(): Promise<void> {
  const now = Date.now();
  const { rows, people } = seriesRows(now);
  out(
    `\npeople · ${PEOPLE.toLocaleString('en')} people, ${EDITIONS} editions: ${rows.links.length.toLocaleString('en')} list links, ` +
      `${rows.requests.length.toLocaleString('en')} requests, ${rows.checkIns.length.toLocaleString('en')} check-ins ` +
      `(median of ${RUNS} runs; ${loadAverage()})`,
  );

  // Each figure starts from the rows, as after a change in the replica: the index is built anew.
  const next = random(7);
  const pages = Array.from({ length: RUNS * 4 }, () => {
    const person = people[Math.floor(next() * people.length)]!;
    return timed(() => {
      // What the person's page reads: the summary with every edition, and its counts.
      const summary = seriesIndex(rows, now).summaryOf(person.id);
      return summary.editions.length + summary.attendedCount + summary.recentNoShows;
    }).ms;
  });
  const sortedPages = [...pages].sort((a, b) => a - b);
  figure(
    `  a person's page from the replica's rows: median ${ms(median(pages))}, p95 ${ms(sortedPages[Math.floor(pages.length * 0.95)]!)}`,
  );

  const index = seriesIndex(rows, now);
  const recent = index.startedEvents[Math.min(5, index.startedEvents.length - 1)]!;
  const filters: { label: string; filter: PeopleFilter }[] = [
    { label: 'attended at least 3', filter: { ...NO_PEOPLE_FILTER, minAttended: 3 } },
    { label: `attended ${recent.title}`, filter: { ...NO_PEOPLE_FILTER, attendedEventId: recent.id } },
    { label: 'a no-show in the last year', filter: { ...NO_PEOPLE_FILTER, noShowLastYear: true } },
    { label: 'company contains "company 1"', filter: { ...NO_PEOPLE_FILTER, company: 'company 1' } },
  ];
  for (const { label, filter } of filters) {
    const runs = Array.from({ length: RUNS }, () =>
      timed(() => filterPeople(people, seriesIndex(rows, now), filter, 'last-attended')),
    );
    figure(
      `  list from the replica's rows, ${label}, sorted by last attended: ${ms(median(runs.map((r) => r.ms)))} ` +
        `(${runs[0]!.value.length.toLocaleString('en')} people)`,
    );
  }
}
