/**
 * The document head of an event page, which only knows its event once the data has loaded: the
 * title '<Event title> | CDO Vision', the meta description, Open Graph tags and a schema.org Event
 * as JSON-LD. Added in an effect and taken away again when the visitor leaves the page (or the
 * event changes), restoring what was there before.
 */
import { useEffect } from 'react';
import type { EventPage } from '../../data/public-content.ts';
import { eventTimeZone, venueIsoMinute } from '../../lib/venue-time.ts';
import { hasText, summaryOf } from './event-texts.ts';
import { shownImage } from '../../lib/shown-image.ts';

export const SITE_NAME = 'CDO Vision';

type EventRow = EventPage['event'];

/** An absolute URL for a stored one (demo images are site-relative). */
function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/**
 * The schema.org Event of an event page (https://schema.org/Event). Its start and end are the
 * venue's local time with its offset ('2047-03-10T09:00:00+04:00'), as Google's event guidelines ask;
 * an event whose zone this engine does not know is given in UTC ('+00:00'), the same instants.
 */
export function eventJsonLd(event: EventRow, pageUrl: string, origin: string): Record<string, unknown> {
  const venue = hasText(event.location) ? event.location.trim() : 'TBD';
  // The zone and its offsets from the zone facts the server's HTML brings (src/lib/zone-facts.ts):
  // asked of Intl in the browser, its first use is a long task (about 20 ms on a phone's CPU).
  const zone = eventTimeZone(event);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: venueIsoMinute(event.start_date, zone),
    endDate: venueIsoMinute(event.end_date, zone),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'Place', name: venue, address: venue },
    ...(shownImage(event.featured_image_url) ? { image: [absolute(event.featured_image_url!, origin)] } : {}),
    description: summaryOf(event),
    url: pageUrl,
    organizer: { '@type': 'Organization', name: SITE_NAME, url: origin },
  };
}

/** The event's head values, for the browser's effect and the server's HTML alike. */
function eventHead(event: EventRow, pageUrl: string, origin: string) {
  const title = `${event.title} | ${SITE_NAME}`;
  const description = summaryOf(event);
  const properties: [string, string][] = [
    ['og:title', title],
    ['og:description', description],
    ['og:type', 'event'],
    ['og:url', pageUrl],
    ['og:site_name', SITE_NAME],
    ...(shownImage(event.featured_image_url)
      ? [['og:image', absolute(event.featured_image_url!, origin)] as [string, string]]
      : []),
  ];
  // '<' escaped so that no text in the data can close the script element.
  const jsonLd = JSON.stringify(eventJsonLd(event, pageUrl, origin)).replace(/</g, '\\u003c');
  return { title, description, properties, jsonLd };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The same head as HTML, for the app server's rendering of an event page (src/entry-server.tsx):
 * crawlers and link previews read it without running any script.
 */
export function eventHeadTags(event: EventRow, pageUrl: string, origin: string): string {
  const head = eventHead(event, pageUrl, origin);
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" data-event-page=""/>`,
    ...head.properties.map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" data-event-page=""/>`,
    ),
    `<script type="application/ld+json" data-event-page="">${head.jsonLd}</script>`,
  ].join('');
}

/**
 * Sets a <meta> (by name or property) and returns how to put back what was there. Every copy is set:
 * the static page and the router's head may each carry one.
 */
function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  const existing = [...document.head.querySelectorAll<HTMLMetaElement>(`meta[${attribute}="${key}"]`)];
  if (existing.length > 0) {
    const before = existing.map((meta) => meta.getAttribute('content'));
    for (const meta of existing) meta.setAttribute('content', content);
    return () =>
      existing.forEach((meta, index) => {
        // Only if nobody has changed it since (the next page's head may already have its own).
        if (meta.getAttribute('content') !== content) return;
        const previous = before[index];
        if (previous === null || previous === undefined) meta.removeAttribute('content');
        else meta.setAttribute('content', previous);
      });
  }
  const meta = document.createElement('meta');
  meta.setAttribute(attribute, key);
  meta.setAttribute('content', content);
  meta.dataset.eventPage = '';
  document.head.append(meta);
  return () => meta.remove();
}

export function useEventHead(event: EventRow | null): void {
  useEffect(() => {
    if (!event) return undefined;
    const origin = window.location.origin;
    const { title, description, properties, jsonLd } = eventHead(event, `${origin}${window.location.pathname}`, origin);

    // What the server put in for this event (scripts/serve-app.ts), its description included, gives
    // way to this effect's own tags, which leave with the page.
    document.head.querySelectorAll('[data-event-page]').forEach((element) => element.remove());
    const titleBefore = document.title;
    document.title = title;
    const restore = [
      setMeta('name', 'description', description),
      ...properties.map(([property, content]) => setMeta('property', property, content)),
    ];

    // The server's copy, if the page came rendered, gives way to this one (which leaves with the page).
    document.head
      .querySelectorAll('script[type="application/ld+json"][data-event-page]')
      .forEach((old) => old.remove());
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.eventPage = '';
    script.textContent = jsonLd;
    document.head.append(script);

    return () => {
      script.remove();
      for (const undo of restore.reverse()) undo();
      if (document.title === title) document.title = titleBefore;
    };
  }, [event]);
}
