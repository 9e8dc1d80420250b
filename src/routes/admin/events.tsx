import { createFileRoute } from '@tanstack/react-router';
import { EventsPage } from '../../features/admin-events/events-page.tsx';
import { EventFeedbackTab } from '../../features/admin-feedback/event-feedback-tab.tsx';
import { EventRemindersTab } from '../../features/admin-feedback/event-reminders-tab.tsx';
import { EventInvitationsTab } from '../../features/admin-invitations/event-invitations-tab.tsx';

export const Route = createFileRoute('/admin/events')({
  head: () => ({
    meta: [
      { title: 'Events | CDO Vision' },
      {
        name: 'description',
        content:
          'Create and edit events, their sessions, attendees, sponsors, gallery, invitations, reminders and feedback.',
      },
    ],
  }),
  component: AdminEventsPage,
});

/** The events page, with each event's invitations, reminders and feedback (other features) in its editor. */
function AdminEventsPage() {
  return (
    <EventsPage
      invitationsTab={(eventId) => <EventInvitationsTab eventId={eventId} />}
      remindersTab={(eventId) => <EventRemindersTab eventId={eventId} />}
      feedbackTab={(eventId) => <EventFeedbackTab eventId={eventId} />}
    />
  );
}
