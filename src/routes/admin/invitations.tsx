import { createFileRoute } from '@tanstack/react-router';
import { InvitationsPage } from '../../features/admin-invitations/invitations-page.tsx';

export const Route = createFileRoute('/admin/invitations')({
  head: () => ({
    meta: [
      { title: 'Invitations | CDO Vision' },
      {
        name: 'description',
        content: 'Approve, decline or waitlist requests for an invite, and invite guests to an event.',
      },
    ],
  }),
  component: InvitationsPage,
});
