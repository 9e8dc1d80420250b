import { createFileRoute } from '@tanstack/react-router';
import { SponsorTiersPage } from '../../features/admin-tiers/sponsor-tiers-page.tsx';

export const Route = createFileRoute('/admin/sponsor-tiers')({
  head: () => ({
    meta: [
      { title: 'Sponsor Tiers | CDO Vision' },
      { name: 'description', content: 'Manage the sponsor tiers, their colours and their order.' },
    ],
  }),
  component: SponsorTiersPage,
});
