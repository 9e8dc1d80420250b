import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventPage } from '../../data/public-content.ts';
import { audienceText, inGridOrder, sessionTimeRange, shownSections, summaryOf, venueText } from './event-texts.ts';

/** Gallery rows with these image URLs (the rest of each row does not matter here). */
const photos = (...urls: string[]) => urls.map((image_url) => ({ image_url })) as never;

function page(overrides: Partial<EventPage> = {}, event: Partial<EventPage['event']> = {}): EventPage {
  return {
    event: {
      id: 'e1',
      slug: 'summit',
      title: 'Summit',
      description: null,
      subheading: null,
      location: null,
      start_date: '2027-01-05T09:00:00Z',
      end_date: '2027-01-05T17:00:00Z',
      featured_image_url: null,
      request_invite_url: null,
      why_attend: [],
      why_partner: [],
      ...event,
    } as EventPage['event'],
    gallery: [],
    sponsors: [],
    sessions: [],
    attendees: [],
    testimonials: [],
    videos: [],
    ...overrides,
  };
}

describe('what the event page says when a field is empty', () => {
  it("shows the location as venue, or 'TBD'", () => {
    expect(venueText('  Berlin ')).toBe('Berlin');
    expect(venueText('')).toBe('TBD');
    expect(venueText(null)).toBe('TBD');
  });

  it("shows the subheading as audience, else the attendee count, else '30+ attendees'", () => {
    expect(audienceText('40 CDOs from DACH', 12)).toBe('40 CDOs from DACH');
    expect(audienceText(' ', 12)).toBe('12 attendees');
    expect(audienceText(null, 1)).toBe('1 attendee');
    expect(audienceText(null, 0)).toBe('30+ attendees');
  });

  it("prints session times as 'h:mm a - h:mm a'", () => {
    const start = new Date(Date.UTC(2027, 0, 5, 9, 5)).toISOString();
    const end = new Date(Date.UTC(2027, 0, 5, 13, 30)).toISOString();
    expect(sessionTimeRange(start, end, 'UTC')).toBe('9:05 AM - 1:30 PM');
  });

  it("prints session times on the venue's clock, wherever the reader is", () => {
    // 05:00-06:30 UTC is 9:00-10:30 in Dubai and 10:45-12:15 in Kathmandu (UTC+5:45).
    expect(sessionTimeRange('2047-03-10T05:00:00Z', '2047-03-10T06:30:00Z', 'Asia/Dubai')).toBe('9:00 AM - 10:30 AM');
    expect(sessionTimeRange('2047-03-10T05:00:00Z', '2047-03-10T06:30:00Z', 'Asia/Kathmandu')).toBe(
      '10:45 AM - 12:15 PM',
    );
  });

  it('summarises the subheading or description in about 160 characters', () => {
    expect(summaryOf({ title: 'T', subheading: 'Short', description: 'Long' })).toBe('Short');
    const long = 'word '.repeat(60);
    const summary = summaryOf({ title: 'T', subheading: null, description: long });
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary.endsWith('...')).toBe(true);
    expect(summaryOf({ title: 'T', subheading: null, description: null })).toMatch(/^T: /);
  });
});

describe('the sections an event shows', () => {
  it('shows only the overview for a bare event', () => {
    expect(shownSections(page())).toEqual(['overview']);
  });

  it('adds a section for each kind of content, in page order', () => {
    const attendee = { id: 'a' } as never;
    const full = page(
      {
        attendees: [{ attendee } as never],
        sessions: [{ id: 's' } as never],
        gallery: photos('/demo/gallery/1.webp', '/demo/gallery/2.webp', '/demo/gallery/3.webp'),
        testimonials: [{}] as never,
        videos: [{}] as never,
      },
      { why_attend: ['Peers'], why_partner: ['Reach'] },
    );
    expect(shownSections(full)).toEqual([
      'overview',
      'attendees',
      'agenda',
      'why-attend',
      'sponsors',
      'gallery',
      'testimonials',
      'videos',
    ]);
  });

  it('keeps the gallery out with two photos or fewer, and ignores blank why points', () => {
    expect(
      shownSections(page({ gallery: photos('/demo/gallery/1.webp', '/demo/gallery/2.webp') }, { why_attend: [' '] })),
    ).toEqual(['overview']);
    // A photo still uploading from an admin's device is not one a visitor can see.
    const uploading = `/outbox/${'a'.repeat(32)}`;
    expect(shownSections(page({ gallery: photos('/demo/gallery/1.webp', '/demo/gallery/2.webp', uploading) }))).toEqual(
      ['overview'],
    );
  });
});

describe("the attendee grids' order", () => {
  afterEach(() => vi.restoreAllMocks());
  const link = (id: string, created_at: string, name: string | null) => ({
    id,
    created_at,
    attendee: name === null ? null : { name },
  });

  it('lists guests as they were added, then by name, then by link, whatever order they come in', () => {
    const links = [
      link('l5', '2026-11-02T10:00:00Z', 'Ada'),
      link('l4', '2026-11-01T10:00:00.000Z', 'Zoë Keller'),
      link('l3', '2026-11-01T10:00:00Z', 'Bram'),
      link('l2', '2026-11-01T10:00:00Z', 'Bram'),
      link('l1', '2026-11-01T09:00:00+01:00', null),
    ];
    const order = ['l1', 'l2', 'l3', 'l4', 'l5'];
    expect(inGridOrder(links).map((l) => l.id)).toEqual(order);
    expect(inGridOrder([...links].reverse()).map((l) => l.id)).toEqual(order);
    expect(links.map((l) => l.id)).toEqual(['l5', 'l4', 'l3', 'l2', 'l1']);
  });

  it('orders without a collator, whose first use is a long task in the hydrating page', () => {
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    const collator = vi.spyOn(Intl, 'Collator');
    inGridOrder([link('b', '2026-11-01T10:00:00Z', 'Émile'), link('a', '2026-11-01T10:00:00Z', 'Emile')]);
    expect(localeCompare).not.toHaveBeenCalled();
    expect(collator).not.toHaveBeenCalled();
  });
});
