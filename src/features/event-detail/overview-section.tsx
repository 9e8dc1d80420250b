/**
 * The top of the event page: date, title (the page's h1), featured image (the LCP element: sized,
 * eager, high priority), Venue and Audience, description, the calls to action, the calendar
 * download and the first two gallery photos.
 */
import { CalendarDays, CalendarPlus, ExternalLink, MapPin, Users } from 'lucide-react';
import type { EventPage } from '../../data/public-content.ts';
import { eventTimeZone, formatVenueDate } from '../../lib/venue-time.ts';
import { buildCalendar, calendarEventFromEvent, downloadCalendarFile, icsFileName } from '../../lib/ics.ts';
import { Button } from '../../ui/button.tsx';
import {
  CONTACT_SECTION_ID,
  OVERVIEW_GALLERY_IMAGES,
  audienceText,
  hasText,
  shownGallery,
  takesInviteRequests,
  venueText,
} from './event-texts.ts';
import { GalleryImage } from './gallery-image.tsx';
import type { RequestInviteSlot } from './invite-slot.ts';
import { scrollToSection } from './scroll.ts';
import { shownImage } from '../../lib/shown-image.ts';
import { usePassed } from '../../lib/use-passed.ts';

export function OverviewSection({ page, requestInvite }: { page: EventPage; requestInvite: RequestInviteSlot }) {
  const { event } = page;
  const takesRequests = takesInviteRequests(event, usePassed(event.end_date));
  const attendeeCount = page.attendees.filter((link) => link.attendee !== null).length;
  const overviewImages = shownGallery(page).slice(0, OVERVIEW_GALLERY_IMAGES);

  const addToCalendar = () => {
    const ics = buildCalendar({ name: event.title, events: [calendarEventFromEvent(event, window.location.origin)] });
    downloadCalendarFile(icsFileName(event.title), ics);
  };

  return (
    <section
      id="overview"
      aria-labelledby="overview-heading"
      tabIndex={-1}
      style={{ outline: 'none' }}
      className="scroll-mt-2 bg-slate-50 py-10 sm:py-14"
    >
      <div className="mx-auto grid max-w-[1300px] gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:items-start">
        <div>
          <p className="flex items-center gap-2 font-medium text-brand-strong">
            <CalendarDays aria-hidden="true" className="h-5 w-5" />
            <time dateTime={event.start_date}>{formatVenueDate(event.start_date, eventTimeZone(event))}</time>
          </p>
          <h1 id="overview-heading" className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            {event.title}
          </h1>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
                <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-strong" />
                Venue
              </dt>
              <dd className="mt-1 font-semibold text-ink">{venueText(event.location)}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
                <Users aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-strong" />
                Audience
              </dt>
              <dd className="mt-1 font-semibold text-ink">{audienceText(event.subheading, attendeeCount)}</dd>
            </div>
          </dl>
          {hasText(event.description) ? (
            <p className="mt-6 text-lg whitespace-pre-line text-slate-700">{event.description}</p>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            {hasText(event.request_invite_url) ? (
              <Button asChild size="lg">
                <a href={event.request_invite_url} target="_blank" rel="noopener noreferrer">
                  Request Invite
                  <ExternalLink aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : takesRequests ? (
              requestInvite(<Button size="lg">Request Invite</Button>)
            ) : null}
            <Button
              size="lg"
              variant={hasText(event.request_invite_url) || takesRequests ? 'outline' : 'primary'}
              onClick={() => scrollToSection(CONTACT_SECTION_ID)}
            >
              Be a part of this event
            </Button>
            <Button size="lg" variant="outline" onClick={addToCalendar}>
              <CalendarPlus aria-hidden="true" className="h-5 w-5" />
              Add to calendar
            </Button>
          </div>
        </div>
        <div>
          {shownImage(event.featured_image_url) ? (
            // The browser's own priority: high where the layout puts it in view (beside the text on a
            // wide screen, where it may be the largest paint), low below the text on a phone, where
            // the description is the largest paint and the page's own bytes come first on a slow link.
            <img
              src={shownImage(event.featured_image_url)!}
              alt=""
              width={1200}
              height={750}
              className="aspect-[16/10] h-auto w-full rounded-xl bg-slate-200 object-cover shadow-sm"
            />
          ) : (
            <div
              aria-hidden="true"
              className="aspect-[16/10] w-full rounded-xl bg-gradient-to-br from-brand via-indigo-500 to-ink"
            />
          )}
          {overviewImages.length > 0 ? (
            <div className="mt-4 grid grid-cols-2 gap-4">
              {overviewImages.map((image, index) => (
                <GalleryImage key={image.id} image={image} position={index + 1} eventTitle={event.title} />
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
