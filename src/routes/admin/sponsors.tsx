import { createFileRoute } from '@tanstack/react-router';
import { SponsorLibraryPage } from '../../features/admin-sponsors/sponsor-library-page.tsx';

export const Route = createFileRoute('/admin/sponsors')({
  head: () => ({
    meta: [
      { title: 'Sponsor Library | CDO Vision' },
      { name: 'description', content: 'Manage the sponsors that events can feature.' },
    ],
  }),
  component: SponsorLibraryPage,
});
