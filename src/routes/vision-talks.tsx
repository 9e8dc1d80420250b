import { createFileRoute } from '@tanstack/react-router';
import { VisionTalksPage } from '../features/vision-talks/vision-talks-page.tsx';

export const Route = createFileRoute('/vision-talks')({
  head: () => ({
    meta: [
      { title: 'Vision Talks | CDO Vision' },
      {
        name: 'description',
        content:
          'Four ideas shaping data and AI leadership: the changing mandate, trust as infrastructure, measurable value and leadership as a team sport.',
      },
    ],
  }),
  component: VisionTalksPage,
});
