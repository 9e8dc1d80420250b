import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { usePastAttendees, usePastEvents, useSponsors } from '../data/public-content.ts';
import { AttendeeGrid } from '../features/attendee-profile/attendee-card.tsx';
import { AttendeeProfileHost } from '../features/attendee-profile/profile-host.tsx';
import { AttendeeLogoStrip } from '../features/past-highlights/attendee-logo-strip.tsx';
import { ByTheNumbers } from '../features/past-highlights/by-the-numbers.tsx';
import { HighlightsTestimonials } from '../features/past-highlights/highlights-testimonials.tsx';
import { MarketsBanner } from '../features/past-highlights/markets-banner.tsx';
import { PAST_EVENTS_SHOWN, PastEventsGrid } from '../features/past-highlights/past-events-grid.tsx';
import { PastAttendees } from '../features/past-highlights/past-attendees.tsx';
import { PastHighlightsHero } from '../features/past-highlights/past-highlights-hero.tsx';
import { PastSponsors } from '../features/past-highlights/past-sponsors.tsx';

export const Route = createFileRoute('/past-highlights')({
  head: () => ({
    meta: [
      { title: 'Past Highlights | CDO Vision' },
      {
        name: 'description',
        content:
          'Past CDO Vision events, the data and AI leaders who attended and the sponsors who made them possible.',
      },
    ],
  }),
  component: PastHighlightsPage,
});

function PastHighlightsPage() {
  const pastEvents = usePastEvents(PAST_EVENTS_SHOWN);
  const pastAttendees = usePastAttendees();
  const sponsors = useSponsors();
  // The same answers render the same page: the replica's start re-renders this route through its
  // reads' hooks a few seconds after load, and renders nothing below it (src/data/same-content.ts).
  return useMemo(
    () => (
      <main>
        <PastHighlightsHero />
        <PastEventsGrid state={pastEvents} />
        <AttendeeLogoStrip state={pastAttendees} />
        <PastSponsors state={sponsors} />
        <AttendeeProfileHost>
          <PastAttendees state={pastAttendees} renderGrid={(attendees) => <AttendeeGrid attendees={attendees} />} />
        </AttendeeProfileHost>
        <ByTheNumbers />
        <HighlightsTestimonials />
        <MarketsBanner />
      </main>
    ),
    [pastEvents, pastAttendees, sponsors],
  );
}
