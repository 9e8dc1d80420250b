import { describe, expect, it } from 'vitest';
import { imagesOfUpcomingEvents, pagesOfUpcomingEvents, type EventImageRows } from './event-images.ts';

const now = new Date('2026-11-25T10:00:00.000Z');

function rows(): EventImageRows {
  const event = (id: string, start: string, end: string, featured: string | null) =>
    ({ id, start_date: start, end_date: end, featured_image_url: featured }) as EventImageRows['events'][number];
  return {
    events: [
      event('later', '2027-03-01T09:00:00Z', '2027-03-01T17:00:00Z', '/demo/events/tokyo.webp'),
      event('past', '2026-01-01T09:00:00Z', '2026-01-01T17:00:00Z', '/demo/events/paris.webp'),
      // Started yesterday, ends tomorrow: still upcoming.
      event('soon', '2026-11-24T09:00:00Z', '2026-11-26T17:00:00Z', null),
    ],
    event_gallery: [
      { event_id: 'soon', image_url: 'http://api.example/storage/v1/object/public/g/1.png' },
      { event_id: 'past', image_url: '/demo/gallery/09.webp' },
    ],
    event_sponsors: [{ event_id: 'later', sponsor_id: 'acme' }],
    sponsors_library: [{ id: 'acme', logo_url: 'https://logos.example/acme.svg' }],
    event_attendees: [
      { event_id: 'soon', attendee_id: 'ada' },
      { event_id: 'soon', attendee_id: 'gone' },
    ],
    attendees: [
      { id: 'ada', photo_url: '/demo/people/ada.webp', company_logo_url: '/demo/logos/corp.png' },
      { id: 'grace', photo_url: '/demo/people/grace.webp', company_logo_url: null },
    ],
    sessions: [{ id: 'keynote', event_id: 'later' }],
    session_speakers: [{ session_id: 'keynote', attendee_id: 'grace' }],
    testimonials: [
      { event_id: 'soon', photo_url: 'blob:http://app.example/123' },
      { event_id: null, photo_url: '/demo/people/general.webp' },
    ],
    videos: [{ event_id: 'later', thumbnail_url: 'data:image/png;base64,AAAA' }],
  } as unknown as EventImageRows;
}

describe('the images of every upcoming event', () => {
  it('lists each picture an upcoming event page shows once, soonest event first, as absolute URLs', () => {
    expect(imagesOfUpcomingEvents(rows(), now, 'http://app.example/')).toEqual([
      'http://api.example/storage/v1/object/public/g/1.png',
      'http://app.example/demo/people/ada.webp',
      'http://app.example/demo/logos/corp.png',
      'http://app.example/demo/events/tokyo.webp',
      'https://logos.example/acme.svg',
      'http://app.example/demo/people/grace.webp',
    ]);
  });

  it('lists nothing when no event is upcoming', () => {
    const past = { ...rows(), events: rows().events.filter((event) => event.id === 'past') };
    expect(imagesOfUpcomingEvents(past, now, 'http://app.example/')).toEqual([]);
  });
});

describe('the pages of every upcoming event', () => {
  it('lists the path of each upcoming event, soonest first, by slug or else by id', () => {
    const events = rows().events.map((event) => ({ ...event, slug: event.id === 'later' ? 'tokyo 2027' : null }));
    expect(pagesOfUpcomingEvents(events, now)).toEqual(['/events/soon', '/events/tokyo%202027']);
  });
});
