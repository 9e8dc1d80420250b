/**
 * Admin: name badges (issue 16) for an event's roster, or for one guest of it: shown on screen as
 * the printed pages will be, and printed with 'Print' in one of two layouts (badge-layout.ts). Only
 * the badges print; the roster comes from the admin replica, so this works offline at the door.
 */
import { Link } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { guestOfKey, type RosterGuest } from '../../data/door-roster.ts';
import { useRoster } from '../../data/use-roster.ts';
import { eventTimeZone, formatVenueDate } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { BackToDashboard } from '../../ui/list-page.tsx';
import {
  BADGE_LAYOUTS,
  badgeLayoutOf,
  badgeNameSize,
  badgePages,
  badgePrintCss,
  badgesPerPage,
  type BadgeLayout,
} from './badge-layout.ts';
import { DoorEventSelect, useDoorEvent, type DoorEvent } from './door-event.tsx';
import type { BadgesSearch } from './door-search.ts';

export interface BadgesPageProps extends BadgesSearch {
  /** Changes what the address names (the event, the guest, the layout). */
  onSearch(next: Partial<BadgesSearch>): void;
}

export function BadgesPage({ event: eventId, guest: guestKey, layout: layoutId, onSearch }: BadgesPageProps) {
  const { events, event } = useDoorEvent(eventId, (picked) => onSearch({ event: picked }));
  const roster = useRoster(event ? event.id : null);
  const layout = BADGE_LAYOUTS[badgeLayoutOf(layoutId)];
  // One guest's badge: a walk-in's link (taken before the server linked them) finds them still.
  const single = guestKey && roster.guests ? (guestOfKey(roster.guests, guestKey) ?? null) : null;
  const guests = guestKey ? roster.guests && (single ? [single] : []) : roster.guests;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">{single ? `Badge: ${single.name}` : 'Name badges'}</h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => window.print()} disabled={!guests || guests.length === 0}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            Print
          </Button>
          {event ? (
            <Button asChild variant="outline">
              <Link to="/admin/check-in/report" search={{ event: event.id }}>
                Attendance report
              </Link>
            </Button>
          ) : null}
          <BackToDashboard />
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-6">
        {events ? (
          <DoorEventSelect
            events={events}
            selected={event?.id}
            onChange={(next) => onSearch({ event: next, guest: undefined })}
          />
        ) : null}
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-ink">Layout</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {Object.values(BADGE_LAYOUTS).map((choice) => (
              <label key={choice.id} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="badge-layout"
                  value={choice.id}
                  checked={choice.id === layout.id}
                  onChange={() => onSearch({ layout: choice.id })}
                  className="h-4 w-4 accent-brand"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      {guestKey && event ? (
        <p>
          <Link
            to="/admin/check-in/badges"
            search={{ event: event.id, layout: layout.id }}
            className="text-sm font-medium text-brand-strong underline"
          >
            Badges for every guest
          </Link>
        </p>
      ) : null}

      <BadgesBody events={events} event={event} guests={guests} loading={roster.loading} layout={layout} />
    </div>
  );
}

function BadgesBody({
  events,
  event,
  guests,
  loading,
  layout,
}: {
  events: DoorEvent[] | undefined;
  event: DoorEvent | null;
  guests: RosterGuest[] | undefined;
  loading: boolean;
  layout: BadgeLayout;
}) {
  if (events === undefined) return <p className="text-slate-600">Loading...</p>;
  if (!event) return <p className="text-slate-600">Choose an event to print its badges.</p>;
  if (guests === undefined || (loading && guests.length === 0)) return <p className="text-slate-600">Loading...</p>;
  if (guests.length === 0) return <p className="text-slate-600">No guests to print badges for.</p>;
  return <BadgeSheet event={event} guests={guests} layout={layout} />;
}

function BadgeSheet({ event, guests, layout }: { event: DoorEvent; guests: RosterGuest[]; layout: BadgeLayout }) {
  const pages = badgePages(guests, layout);
  const perPage = badgesPerPage(layout);
  return (
    <>
      <style>{badgePrintCss(layout)}</style>
      <p className="text-sm text-slate-600">
        {guests.length === 1 ? '1 badge' : `${guests.length} badges`} on{' '}
        {pages.length === 1 ? '1 page' : `${pages.length} pages`}
        {perPage > 1 ? ` (${perPage} per page)` : ''}.
      </p>
      <div data-badge-sheet data-layout={layout.id} className="overflow-x-auto print:overflow-visible">
        <div className="flex flex-col items-start gap-6 print:block">
          {pages.map((page, index) => (
            <section
              key={index}
              data-badge-page
              aria-label={`Page ${index + 1} of ${pages.length}`}
              className="grid shrink-0 content-center justify-center border border-slate-300 bg-white shadow-sm print:border-0 print:shadow-none"
              style={{
                width: layout.page.width,
                height: layout.page.height,
                gridTemplateColumns: `repeat(${layout.columns}, ${layout.badge.width})`,
                gridAutoRows: layout.badge.height,
                breakAfter: index < pages.length - 1 ? 'page' : 'auto',
                breakInside: 'avoid',
              }}
            >
              {page.map((guest) => (
                <NameBadge key={guest.key} guest={guest} event={event} layout={layout} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

/** One badge: the series' name in its colour, the guest's name large, job title and company, the event. */
function NameBadge({ guest, event, layout }: { guest: RosterGuest; event: DoorEvent; layout: BadgeLayout }) {
  const label = layout.id === 'label';
  return (
    <article
      data-badge
      aria-label={`Badge of ${guest.name}`}
      className="flex flex-col overflow-hidden border border-dashed border-slate-300 bg-white text-ink print:border-slate-200"
      style={{ width: layout.badge.width, height: layout.badge.height }}
    >
      <div className="bg-brand px-[4mm] py-[1.5mm] text-white" style={{ fontSize: label ? '12pt' : '8pt' }}>
        <span className="font-bold tracking-wide">CDO Vision</span>
      </div>
      <div className="flex min-h-0 flex-1 flex-col justify-center overflow-hidden px-[4mm]">
        <p
          className="line-clamp-3 leading-tight font-bold break-words"
          style={{ fontSize: `${badgeNameSize(guest.name, layout)}pt` }}
        >
          {guest.name}
        </p>
        {guest.jobTitle ? (
          <p className="mt-[1mm] leading-snug" style={{ fontSize: label ? '13pt' : '9pt' }}>
            {guest.jobTitle}
          </p>
        ) : null}
        {guest.company ? (
          <p className="leading-snug font-semibold" style={{ fontSize: label ? '13pt' : '9pt' }}>
            {guest.company}
          </p>
        ) : null}
      </div>
      <div
        className="border-t-2 border-brand px-[4mm] py-[1.5mm] leading-snug text-slate-700"
        style={{ fontSize: label ? '10pt' : '7pt' }}
      >
        <p className="truncate font-semibold">{event.title}</p>
        <p>{formatVenueDate(event.start_date, eventTimeZone(event))}</p>
      </div>
    </article>
  );
}
