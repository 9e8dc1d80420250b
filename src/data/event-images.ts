/**
 * The images an event page shows (featured image, gallery, sponsor logos, attendee and speaker photos
 * and company logos, testimonial photos, video stills), as absolute URLs, for keeping every upcoming
 * event readable offline with its pictures. Pure: the replica's answer in, a list out.
 */
import type { EventPage } from '../../sync/first-paint.ts';

type Maybe = string | null | undefined;

export function imagesOfEventPage(page: EventPage, base: string): string[] {
  const found: Maybe[] = [page.event.featured_image_url];
  for (const image of page.gallery) found.push(image.image_url);
  for (const link of page.sponsors) found.push(link.sponsor?.logo_url);
  for (const link of page.attendees) found.push(link.attendee?.photo_url, link.attendee?.company_logo_url);
  for (const session of page.sessions) {
    for (const speaker of session.speakers) found.push(speaker.attendee?.photo_url, speaker.attendee?.company_logo_url);
  }
  for (const testimonial of page.testimonials) found.push(testimonial.photo_url);
  for (const video of page.videos) found.push(video.thumbnail_url);
  const urls = new Set<string>();
  for (const value of found) {
    if (!value || value.startsWith('blob:') || value.startsWith('data:')) continue;
    try {
      const url = new URL(value, base);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.add(url.href);
    } catch {
      // Not a URL: nothing to keep.
    }
  }
  return [...urls];
}
