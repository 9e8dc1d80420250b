import { createFileRoute } from '@tanstack/react-router';
import { BadgesPage } from '../../features/door/badges-page.tsx';
import { badgesSearch } from '../../features/door/door-search.ts';

export const Route = createFileRoute('/admin/check-in_/badges')({
  validateSearch: badgesSearch,
  head: () => ({
    meta: [
      { title: 'Name badges | CDO Vision' },
      { name: 'description', content: "Print name badges for an event's guests, on labels or A4 sheets." },
    ],
  }),
  component: BadgesRoute,
});

function BadgesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BadgesPage
      {...search}
      onSearch={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
