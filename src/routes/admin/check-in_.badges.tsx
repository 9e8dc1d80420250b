import { createFileRoute } from '@tanstack/react-router';
import { badgeLayoutOf } from '../../features/door/badge-layout.ts';
import { BadgesPage, type BadgesSearch } from '../../features/door/badges-page.tsx';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const Route = createFileRoute('/admin/check-in_/badges')({
  validateSearch: (search: Record<string, unknown>): BadgesSearch => ({
    event: text(search.event),
    guest: text(search.guest),
    layout: badgeLayoutOf(search.layout),
  }),
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
