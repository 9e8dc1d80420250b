import { createFileRoute } from '@tanstack/react-router';
import { UpcomingEvents } from '../features/home/upcoming-events.tsx';
import { useUpcomingEvents } from '../data/public-content.ts';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const upcoming = useUpcomingEvents();
  return (
    <main className="mx-auto max-w-[1300px] px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">CDO Vision</h1>
      <p className="mt-2 text-lg text-slate-700">
        Invite-only gatherings of chief data officers and enterprise AI leaders.
      </p>
      <UpcomingEvents state={upcoming} />
    </main>
  );
}
