/**
 * What the event page says about an event when a field is empty (spec section 2, "Event detail"):
 * pure, so the rules are unit-tested apart from the page.
 */
import { shownImage } from '../../lib/shown-image.ts';
import { formatVenueTime } from '../../lib/venue-time.ts';
import type { EventPage } from '../../data/public-content.ts';

/** Spec section 9: at most 4 why_attend cards. */
export const MAX_WHY_ATTEND_CARDS = 4;
/** Spec section 9: the first 2 gallery images sit in the overview, the rest in the gallery. */
export const OVERVIEW_GALLERY_IMAGES = 2;

export function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/**
 * Whether the event takes requests through the site's own form: it names no external request page,
 * and it has not ended (the request-invite function refuses an event that has; `ended` from
 * src/lib/use-passed.ts, so that the server's markup and the browser's agree).
 */
export function takesInviteRequests(event: Pick<EventPage['event'], 'request_invite_url'>, ended: boolean): boolean {
  return !hasText(event.request_invite_url) && !ended;
}

/** The gallery's photos a visitor can see: not those still uploading from an admin's device. */
export function shownGallery(page: Pick<EventPage, 'gallery'>): EventPage['gallery'] {
  return page.gallery.filter((image) => shownImage(image.image_url) !== null);
}

/** Orders by UTF-16 code units: the same everywhere, and without a collator (below). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The attendee grids' order: as they were added to the event, then by name, then by link. The direct
 * read and the replica list links in different orders, and the grid must not reshuffle when the
 * replica takes over. Names only break ties between guests added together (a bulk approval), so
 * they are compared by code units, not `localeCompare`: its first call in a page loads ICU's
 * collator, 6-19 ms of the event page's hydration on this machine (four times that on Lighthouse's
 * phone).
 */
export function inGridOrder<T extends { id: string; created_at: string; attendee: { name: string } | null }>(
  links: readonly T[],
): T[] {
  // Each time read once: parsing it in the comparison parsed it a dozen times per link.
  return links
    .map((link) => ({ link, at: Date.parse(link.created_at), name: link.attendee?.name ?? '' }))
    .sort((a, b) => a.at - b.at || byCodeUnits(a.name, b.name) || byCodeUnits(a.link.id, b.link.id))
    .map(({ link }) => link);
}

/** Venue: the location, or 'TBD'. */
export function venueText(location: string | null | undefined): string {
  return hasText(location) ? location.trim() : 'TBD';
}

/** Audience: the subheading, else the number of attendees ('12 attendees'), else '30+ attendees'. */
export function audienceText(subheading: string | null | undefined, attendeeCount: number): string {
  if (hasText(subheading)) return subheading.trim();
  if (attendeeCount > 0) return `${attendeeCount} ${attendeeCount === 1 ? 'attendee' : 'attendees'}`;
  return '30+ attendees';
}

/** A session's time range on the venue's clock (`timeZone`, the event's): '9:00 AM - 10:30 AM'. */
export function sessionTimeRange(start: string, end: string, timeZone: string): string {
  return `${formatVenueTime(start, timeZone)} - ${formatVenueTime(end, timeZone)}`;
}

/** The points of a why list worth showing (blank entries dropped). */
export function points(list: readonly string[] | null | undefined): string[] {
  return (list ?? []).map((point) => point.trim()).filter((point) => point.length > 0);
}

/** A short plain description for search results and link previews (about 160 characters). */
export function summaryOf(page: Pick<EventPage['event'], 'subheading' | 'description' | 'title'>): string {
  const text = [page.subheading, page.description].find(hasText)?.replace(/\s+/g, ' ').trim();
  if (!text) return `${page.title}: an invite-only gathering of chief data officers and enterprise AI leaders.`;
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 100 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}...`;
}

/** The sections of the page, in the section nav's order (spec section 2), with their labels. */
export const SECTION_LABELS = {
  overview: 'Overview',
  attendees: 'Attendees',
  agenda: 'Agenda',
  'why-attend': 'Why Attend',
  sponsors: 'Sponsors',
  gallery: 'Gallery',
  testimonials: 'Testimonials',
  videos: 'Videos',
} as const;

export type SectionId = keyof typeof SECTION_LABELS;

/** Every section, in the nav's order. */
export const SECTION_IDS = Object.keys(SECTION_LABELS) as SectionId[];

/** The anchor of the bottom 'Get in Touch' section, where the page's call-to-action buttons lead. */
export const CONTACT_SECTION_ID = 'get-in-touch';

/** Which sections an event shows; the nav links to these (and lists the others as unavailable). */
export function shownSections(page: EventPage): SectionId[] {
  const attendees = page.attendees.some((link) => link.attendee !== null);
  const whyAttend = points(page.event.why_attend).length > 0;
  const sections: SectionId[] = ['overview'];
  if (attendees) sections.push('attendees');
  if (page.sessions.length > 0) sections.push('agenda');
  if (whyAttend) sections.push('why-attend');
  if (page.sponsors.some((link) => link.sponsor !== null) || points(page.event.why_partner).length > 0) {
    sections.push('sponsors');
  }
  if (shownGallery(page).length > OVERVIEW_GALLERY_IMAGES) sections.push('gallery');
  if (page.testimonials.length > 0) sections.push('testimonials');
  if (page.videos.length > 0) sections.push('videos');
  return sections;
}
