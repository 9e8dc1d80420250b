import { createFileRoute } from '@tanstack/react-router';
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
  return <EventsCalendar state={useUpcomingEvents()} />;
}
