import { createFileRoute } from '@tanstack/react-router';
import { TestimonialsPage } from '../../features/admin-testimonials/testimonials-page.tsx';

export const Route = createFileRoute('/admin/testimonials')({
  head: () => ({
    meta: [
      { title: 'Event Testimonials | CDO Vision' },
      { name: 'description', content: 'Manage the testimonials shown on event pages and the home page.' },
    ],
  }),
  component: TestimonialsPage,
});
