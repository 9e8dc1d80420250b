import { createFileRoute } from '@tanstack/react-router';
import { AwardsPage } from '../features/awards/awards-page.tsx';

export const Route = createFileRoute('/awards')({
  head: () => ({
    meta: [
      { title: 'Awards | CDO Vision' },
      {
        name: 'description',
        content:
          'The CDO Vision Awards recognise the data and AI leaders and teams turning data into results. Categories, judging and how to submit nominations.',
      },
    ],
  }),
  component: AwardsPage,
});
