import { createFileRoute } from '@tanstack/react-router';
import { EventsPage } from '../../features/admin-events/events-page.tsx';

export const Route = createFileRoute('/admin/events')({
  head: () => ({
    meta: [
      { title: 'Events | CDO Vision' },
      { name: 'description', content: 'Create and edit events, their sessions, attendees, sponsors and gallery.' },
    ],
  }),
  component: EventsPage,
});
