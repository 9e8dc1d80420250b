import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useGeneralTestimonials, useUpcomingEvents, useVideos } from '../data/public-content.ts';
import { DiscussionTopics } from '../features/home/discussion-topics.tsx';
import { FeatureCards } from '../features/home/feature-cards.tsx';
import { Hero } from '../features/home/hero.tsx';
import { PastVideos } from '../features/home/past-videos.tsx';
import { TestimonialCard } from '../features/home/testimonial-card.tsx';
import { UpcomingEvents } from '../features/home/upcoming-events.tsx';
import { PartnerCallToAction, WhyPartner } from '../features/home/why-partner.tsx';

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: 'CDO Vision | Invite-only events for data and AI leaders' },
      {
        name: 'description',
        content:
          'Invite-only gatherings of 30–40 chief data officers and enterprise AI leaders in 20+ cities. See the 2026 calendar and request an invitation.',
      },
    ],
  }),
  component: HomePage,
});

function HomePage() {
  const upcoming = useUpcomingEvents();
  const testimonials = useGeneralTestimonials();
  const videos = useVideos();
  // The same answers render the same page: the replica's start re-renders this route through its
  // reads' hooks a few seconds after load, and renders nothing below it (src/data/same-content.ts).
  return useMemo(
    () => (
      <main>
        <Hero />
        <FeatureCards />
        <UpcomingEvents state={upcoming} />
        <DiscussionTopics />
        <WhyPartner testimonial={<TestimonialCard state={testimonials} />} />
        <PartnerCallToAction />
        <PastVideos state={videos} />
      </main>
    ),
    [upcoming, testimonials, videos],
  );
}
