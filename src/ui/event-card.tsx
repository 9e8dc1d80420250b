/**
 * An event's card in the public grids (upcoming events on Home, past events on Past Highlights):
 * image or a gradient placeholder, title, date and place, the whole card linking to the event page.
 */
import { Link } from '@tanstack/react-router';
import { CalendarDays, MapPin } from 'lucide-react';
import { eventTimeZone, formatVenueDate } from '../lib/venue-time.ts';
import { shownImage } from '../lib/shown-image.ts';

export interface EventCardProps {
  /** The event page's route parameter: the slug, or the id when there is none. */
  slug: string;
  title: string;
  /** When it starts (shown as 'Monday, 5 January 2026', the venue's date). */
  startDate: string;
  /** The venue's zone (`events.time_zone`), which the date is shown in wherever the visitor is. */
  timeZone: string;
  location: string | null;
  imageUrl: string | null;
}

/** The event columns a card shows. */
interface CardEvent {
  id: string;
  slug: string | null;
  title: string;
  start_date: string;
  location: string | null;
  featured_image_url: string | null;
  time_zone?: string | null;
}

/** A card's props for an event of the public grids. */
export function eventCardProps(event: CardEvent): EventCardProps {
  return {
    slug: event.slug || event.id,
    title: event.title,
    startDate: event.start_date,
    timeZone: eventTimeZone(event),
    location: event.location,
    imageUrl: shownImage(event.featured_image_url),
  };
}

export function EventCard({ slug, title, startDate, timeZone, location, imageUrl }: EventCardProps) {
  const date = formatVenueDate(startDate, timeZone);
  return (
    <Link
      to="/events/$slug"
      params={{ slug }}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          width={1200}
          height={675}
          className="aspect-video w-full bg-slate-200 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          data-testid="event-image-placeholder"
          className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-brand via-brand-strong to-ink"
        >
          <CalendarDays className="h-10 w-10 text-white/70" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-semibold group-hover:text-brand-strong">{title}</h3>
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0" />
          {date}
        </p>
        {location ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
            {location}
          </p>
        ) : null}
      </div>
    </Link>
  );
}
