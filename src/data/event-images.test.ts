import { describe, expect, it } from 'vitest';
import type { EventPage } from '../../sync/first-paint.ts';
import { imagesOfEventPage } from './event-images.ts';

const person = (photo: string | null, logo: string | null) => ({ photo_url: photo, company_logo_url: logo });

describe('the images of an event page', () => {
  it('lists every picture the page shows once, as absolute URLs', () => {
    const page = {
      event: { featured_image_url: '/demo/lisbon.jpg' },
      gallery: [
        { image_url: '/demo/lisbon.jpg' },
        { image_url: 'http://api.example/storage/v1/object/public/g/1.png' },
      ],
      sponsors: [{ sponsor: { logo_url: 'https://logos.example/acme.svg' } }, { sponsor: null }],
      attendees: [{ attendee: person('/demo/ada.jpg', null) }, { attendee: null }],
      sessions: [{ speakers: [{ attendee: person('/demo/ada.jpg', '/demo/corp.png') }] }],
      testimonials: [{ photo_url: null }, { photo_url: 'blob:http://app.example/123' }],
      videos: [{ thumbnail_url: '' }, { thumbnail_url: 'data:image/png;base64,AAAA' }],
    } as unknown as EventPage;
    expect(imagesOfEventPage(page, 'http://app.example/events/lisbon')).toEqual([
      'http://app.example/demo/lisbon.jpg',
      'http://api.example/storage/v1/object/public/g/1.png',
      'https://logos.example/acme.svg',
      'http://app.example/demo/ada.jpg',
      'http://app.example/demo/corp.png',
    ]);
  });
});
