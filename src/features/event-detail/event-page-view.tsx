/**
 * The event detail page (spec section 2, "Event detail") for a loaded event: the sticky section nav,
 * then Overview, 'Join the Leaders', Agenda, 'Partner With Us', Gallery, Testimonials, Videos and
 * 'Get in Touch', each shown only when the event has something for it.
 */
import { memo, startTransition, useEffect, useRef, useState } from 'react';
import type { EventPage } from '../../data/public-content.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { layOutSkippedSections } from '../../ui/below-fold.ts';
import { AgendaSection } from './agenda-section.tsx';
import type { AttendeeSlots } from './attendee-slots.ts';
import { shownSections } from './event-texts.ts';
import { GallerySection } from './gallery-section.tsx';
import { GetInTouchSection } from './get-in-touch-section.tsx';
import type { RequestInviteSlot } from './invite-slot.ts';
import { LeadersSection } from './leaders-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { PartnerSection } from './partner-section.tsx';
import { SectionNav } from './section-nav.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { useEventHead } from './use-event-head.ts';
import { VideosSection } from './videos-section.tsx';

export type { AttendeeSlots } from './attendee-slots.ts';
export type { RequestInviteSlot } from './invite-slot.ts';

/**
 * Memoised: the page renders again only when its content changes, not when what follows it does
 * (the replica taking over from the direct read with the same content: src/data/same-content.ts).
 */
export const EventPageView = memo(function EventPageView({
  page,
  slots,
  requestInvite,
  serverRendered = false,
}: {
  page: EventPage;
  slots: AttendeeSlots;
  /** Opens the event's own invite request form ('Request Invite', 'Register Now'). */
  requestInvite: RequestInviteSlot;
  /**
   * The server rendered the whole page into the HTML (scripts/serve-app.ts), or this device kept what
   * it showed before: render all of it at once (and hydrate it). Read when the page mounts only.
   */
  serverRendered?: boolean;
}) {
  useEventHead(page.event);
  const all = useRestAfterFirstPaint(serverRendered);
  useScrollToHashOnce(page.event.id, all);
  return (
    <div>
      <SectionNav sections={shownSections(page)} />
      <OverviewSection page={page} requestInvite={requestInvite} />
      {all ? (
        <>
          <LeadersSection page={page} slots={slots} requestInvite={requestInvite} />
          <AgendaSection sessions={page.sessions} timeZone={eventTimeZone(page.event)} slots={slots} />
          <PartnerSection page={page} />
          <GallerySection page={page} />
          <TestimonialsSection testimonials={page.testimonials} />
          <VideosSection videos={page.videos} />
          <GetInTouchSection eventTitle={page.event.title} />
        </>
      ) : null}
    </div>
  );
});

/**
 * The overview (the first screen) renders and paints first; the sections below it follow in a
 * transition, which yields to the browser while it renders. One render of the whole page was the
 * event page's longest task, and it held back its largest paint (docs/decisions/007-prerender-and-pwa.md).
 */
function useRestAfterFirstPaint(renderedAlready: boolean): boolean {
  const [all, setAll] = useState(renderedAlready);
  useEffect(() => {
    startTransition(() => setAll(true));
  }, []);
  return all;
}

/** The section a link's `#...` names; a malformed escape (`#20%`) is taken as written, not decoded. */
function sectionOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * A link to a section (/events/x#agenda) can only land once the event has rendered, after the
 * browser has given up looking for the anchor: scroll there once, when the page first shows.
 */
function useScrollToHashOnce(eventId: string, rendered: boolean) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!rendered || done.current === eventId) return;
    done.current = eventId;
    const target = document.getElementById(sectionOf(window.location.hash));
    if (!target) return;
    layOutSkippedSections();
    target.scrollIntoView({ block: 'start' });
  }, [eventId, rendered]);
}
