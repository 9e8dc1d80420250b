import { describe, expect, it } from 'vitest';
import type { EventPage } from '../../data/public-content.ts';
import { eventHeadTags, eventJsonLd } from './use-event-head.ts';

const ORIGIN = 'https://cdovision.example';

function event(fields: Partial<EventPage['event']>): EventPage['event'] {
  return {
    id: 'e1',
    slug: 'dubai-2047',
    title: 'CDO Vision Dubai 2047',
    description: null,
    subheading: 'Thirty-five data leaders',
    location: 'Museum of the Future',
    start_date: '2047-03-10T05:00:00+00:00',
    end_date: '2047-03-10T09:00:00+00:00',
    featured_image_url: null,
    request_invite_url: null,
    why_attend: [],
    why_partner: [],
    time_zone: 'Asia/Dubai',
    ...fields,
  } as EventPage['event'];
}

/** The schema.org Event the server's HTML carries for crawlers, parsed back. */
function serverJsonLd(row: EventPage['event']): Record<string, unknown> {
  const html = eventHeadTags(row, `${ORIGIN}/events/${row.slug}`, ORIGIN);
  const match = /<script type="application\/ld\+json" data-event-page="">(.*?)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe("the event page's JSON-LD for search engines", () => {
  it("gives start and end as the venue's local time with its offset, in the server's HTML and the browser's head alike", () => {
    const dubai = event({});
    const expected = { startDate: '2047-03-10T09:00:00+04:00', endDate: '2047-03-10T13:00:00+04:00' };
    expect(serverJsonLd(dubai)).toMatchObject(expected);
    expect(eventJsonLd(dubai, `${ORIGIN}/events/dubai-2047`, ORIGIN)).toMatchObject(expected);
  });

  it("follows the venue's summer time, a 45-minute offset and a date that differs from UTC's", () => {
    const ld = (fields: Partial<EventPage['event']>) => {
      const data = serverJsonLd(event(fields));
      return [data.startDate, data.endDate];
    };
    expect(
      ld({ time_zone: 'America/New_York', start_date: '2027-03-13T14:00:00Z', end_date: '2027-03-14T14:00:00Z' }),
    ).toEqual(['2027-03-13T09:00:00-05:00', '2027-03-14T10:00:00-04:00']);
    expect(
      ld({ time_zone: 'Asia/Kathmandu', start_date: '2047-03-10T03:15:00Z', end_date: '2047-03-10T11:15:00Z' }),
    ).toEqual(['2047-03-10T09:00:00+05:45', '2047-03-10T17:00:00+05:45']);
    expect(
      ld({ time_zone: 'Asia/Tokyo', start_date: '2027-06-10T23:30:00Z', end_date: '2027-06-11T08:00:00Z' }),
    ).toEqual(['2027-06-11T08:30:00+09:00', '2027-06-11T17:00:00+09:00']);
  });

  it('gives a UTC event, or one whose zone this engine does not know, in UTC with its offset', () => {
    for (const time_zone of ['UTC', 'Mars/Olympus_Mons']) {
      expect(serverJsonLd(event({ time_zone })), time_zone).toMatchObject({
        startDate: '2047-03-10T05:00:00+00:00',
        endDate: '2047-03-10T09:00:00+00:00',
      });
    }
  });
});
