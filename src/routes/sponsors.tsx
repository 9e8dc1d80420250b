import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useGeneralTestimonials, useSponsors } from '../data/public-content.ts';
import { TestimonialCard } from '../features/home/testimonial-card.tsx';
import { PastSponsors } from '../features/sponsors/past-sponsors.tsx';
import {
  AudienceStatistics,
  SponsorFunnel,
  SponsorsHero,
  SponsorshipOptions,
} from '../features/sponsors/sponsors-pitch.tsx';

export const Route = createFileRoute('/sponsors')({
  head: () => ({
    meta: [
      { title: 'Sponsors | CDO Vision' },
      {
        name: 'description',
        content:
          'Sponsor CDO Vision: meet senior data and AI decision-makers in 20+ cities. Audience, results and Premier, Platinum and Exhibitor options.',
      },
    ],
  }),
  component: SponsorsRoute,
});

function SponsorsRoute() {
  const sponsors = useSponsors();
  const testimonials = useGeneralTestimonials();
  // The same answers render the same page: the replica's start re-renders this route through its
  // reads' hooks a few seconds after load, and renders nothing below it (src/data/same-content.ts).
  return useMemo(
    () => (
      <main>
        <SponsorsHero />
        <AudienceStatistics />
        <SponsorFunnel />
        <SponsorshipOptions />
        <PastSponsors state={sponsors} />
        <section aria-label="What attendees say" className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
          <div className="mx-auto max-w-3xl">
            <TestimonialCard state={testimonials} tone="dark" index={1} />
          </div>
        </section>
      </main>
    ),
    [sponsors, testimonials],
  );
}
