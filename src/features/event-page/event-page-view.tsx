/**
 * The event detail page (spec section 2, "Event detail") for a loaded event: the sticky section nav,
 * then Overview, 'Join the Leaders', Agenda, 'Partner With Us', Gallery, Testimonials, Videos and
 * 'Get in Touch', each shown only when the event has something for it.
 */
import { useEffect, useRef } from 'react';
import type { EventPage } from '../../data/public-content.ts';
import { AgendaSection } from './agenda-section.tsx';
import type { AttendeeSlots } from './attendee-slots.ts';
import { shownSections } from './event-texts.ts';
import { GallerySection } from './gallery-section.tsx';
import { GetInTouchSection } from './get-in-touch-section.tsx';
import { LeadersSection } from './leaders-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { PartnerSection } from './partner-section.tsx';
import { SectionNav } from './section-nav.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { useEventHead } from './use-event-head.ts';
import { VideosSection } from './videos-section.tsx';

export type { AttendeeSlots } from './attendee-slots.ts';

export function EventPageView({ page, slots }: { page: EventPage; slots: AttendeeSlots }) {
  useEventHead(page.event);
  useScrollToHashOnce(page.event.id);
  return (
    <div>
      <SectionNav sections={shownSections(page)} />
      <OverviewSection page={page} />
      <LeadersSection page={page} slots={slots} />
      <AgendaSection sessions={page.sessions} slots={slots} />
      <PartnerSection page={page} />
      <GallerySection page={page} />
      <TestimonialsSection testimonials={page.testimonials} />
      <VideosSection videos={page.videos} />
      <GetInTouchSection eventTitle={page.event.title} />
    </div>
  );
}

/**
 * A link to a section (/events/x#agenda) can only land once the event has rendered, after the
 * browser has given up looking for the anchor: scroll there once, when the page first shows.
 */
function useScrollToHashOnce(eventId: string) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (done.current === eventId) return;
    done.current = eventId;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [eventId]);
}
