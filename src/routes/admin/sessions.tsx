import { createFileRoute } from '@tanstack/react-router';
import { SessionsPage } from '../../features/admin-events/sessions-page.tsx';

export const Route = createFileRoute('/admin/sessions')({
  head: () => ({
    meta: [
      { title: 'Sessions | CDO Vision' },
      { name: 'description', content: 'Create and edit the sessions of every event and their speakers.' },
    ],
  }),
  component: SessionsPage,
});
