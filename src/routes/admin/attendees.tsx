import { createFileRoute } from '@tanstack/react-router';
import { AttendeesPage } from '../../features/admin-attendees/attendees-page.tsx';

export const Route = createFileRoute('/admin/attendees')({
  head: () => ({
    meta: [
      { title: 'Attendees | CDO Vision' },
      {
        name: 'description',
        content: 'Manage attendee profiles, enrich them from LinkedIn and import or export them as CSV.',
      },
    ],
  }),
  component: AttendeesPage,
});
