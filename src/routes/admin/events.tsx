import { createFileRoute } from '@tanstack/react-router';
import { EventsPage } from '../../features/admin-events/events-page.tsx';
import { EventInvitationsTab } from '../../features/admin-invitations/event-invitations-tab.tsx';

export const Route = createFileRoute('/admin/events')({
  head: () => ({
    meta: [
      { title: 'Events | CDO Vision' },
      {
        name: 'description',
        content: 'Create and edit events, their sessions, attendees, sponsors, gallery and invitations.',
      },
    ],
  }),
  component: AdminEventsPage,
});

/** The events page, with each event's invitations (another feature) in its editor. */
function AdminEventsPage() {
  return <EventsPage invitationsTab={(eventId) => <EventInvitationsTab eventId={eventId} />} />;
}
