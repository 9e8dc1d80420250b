import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/admin-shell/dashboard-page.tsx';

export const Route = createFileRoute('/admin/')({
  head: () => ({
    meta: [
      { title: 'Admin Dashboard | CDO Vision' },
      { name: 'description', content: 'The CDO Vision back office: events, attendees, sponsors and admin accounts.' },
    ],
  }),
  component: DashboardPage,
});
