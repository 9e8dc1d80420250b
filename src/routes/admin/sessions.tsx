import { createFileRoute } from '@tanstack/react-router';
import { AdminSessionsPage } from '../../features/admin-events/admin-sessions-page.tsx';

export const Route = createFileRoute('/admin/sessions')({
  head: () => ({
    meta: [
      { title: 'Sessions | CDO Vision' },
      { name: 'description', content: 'Create and edit the sessions of every event and their speakers.' },
    ],
  }),
  component: AdminSessionsPage,
});
