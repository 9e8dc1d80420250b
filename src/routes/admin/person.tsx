import { createFileRoute } from '@tanstack/react-router';
import { PersonPage } from '../../features/admin-people/person-page.tsx';
import { personSearch } from '../../features/admin-people/person-search.ts';

export const Route = createFileRoute('/admin/person')({
  validateSearch: personSearch,
  head: () => ({
    meta: [
      { title: 'Person | CDO Vision' },
      {
        name: 'description',
        content: "A guest's story across the series: every edition asked for, attended or missed, and their feedback.",
      },
    ],
  }),
  component: PersonRoute,
});

function PersonRoute() {
  const { id } = Route.useSearch();
  return <PersonPage attendeeId={id ?? ''} />;
}
