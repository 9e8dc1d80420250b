import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useUpcomingEvents } from '../data/public-content.ts';
import { EventsCalendar } from '../features/calendar/events-calendar.tsx';

export const Route = createFileRoute('/calendar')({
  head: () => ({
    meta: [
      { title: 'Events Calendar | CDO Vision' },
      {
        name: 'description',
        content: 'Upcoming CDO Vision events by month: add an event to your calendar or subscribe to the whole series.',
      },
    ],
  }),
  component: CalendarPage,
});

function CalendarPage() {
  const upcoming = useUpcomingEvents();
  // The same answers render the same page: the replica's start re-renders this route through its
  // reads' hooks a few seconds after load, and renders nothing below it (src/data/same-content.ts).
  return useMemo(() => <EventsCalendar state={upcoming} />, [upcoming]);
}
