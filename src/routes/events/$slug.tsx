/**
 * /events/{slug}: an event's page. The parameter is the slug, or the id for an event without one
 * (the data hook matches either). 'Loading...' until the event is read (and while its read fails
 * online: it is tried again), the 404 page when the answer is that there is no such event, and the
 * offline page when the device is offline and holds nothing of it. The head here is the generic one the prerendered shell carries; the page sets the
 * event's own title, description, Open Graph tags and JSON-LD once it has loaded (the app server puts
 * them, and the whole page, into the HTML it serves: src/entry-server.tsx). A guest's personal link
 * (`#guest=<token>`) also opens their pass (src/features/guest-pass/), and a checked-in guest's
 * feedback link (`#feedback=<token>`) their feedback form (src/features/guest-feedback/).
 */
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { answeredByServer, isUnanswered, useEventPage, type PastAttendee } from '../../data/public-content.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { AttendeeCard } from '../../features/attendee-profile/attendee-card.tsx';
import { AttendeeProfileHost, ProfileOpener } from '../../features/attendee-profile/profile-host.tsx';
import {
  EventPageView,
  type AttendeeSlots,
  type RequestInviteSlot,
} from '../../features/event-detail/event-page-view.tsx';
import { FeedbackHost } from '../../features/guest-feedback/feedback-host.tsx';
import { GuestPassHost } from '../../features/guest-pass/guest-pass-host.tsx';
import { RequestInviteHost, RequestInviteOpener } from '../../features/request-invite/request-invite-host.tsx';
import { NotFoundPage } from '../../features/site-chrome/not-found-page.tsx';
import { OfflinePage } from '../../features/site-chrome/offline-page.tsx';

export const Route = createFileRoute('/events/$slug')({
  head: () => ({
    meta: [
      { title: 'Event | CDO Vision' },
      {
        name: 'description',
        content:
          'An invite-only CDO Vision gathering of chief data officers and enterprise AI leaders: agenda, attendees and sponsors.',
      },
    ],
  }),
  component: EventRoute,
});

/** Attendee cards and speaker chips open the 'Attendee Profile' dialog of the attendee-profile feature. */
const ATTENDEE_SLOTS: AttendeeSlots = {
  card: (attendee: PastAttendee) => <AttendeeCard attendee={attendee} />,
  opener: (attendee, element) => <ProfileOpener attendee={attendee}>{element}</ProfileOpener>,
};

/** 'Request Invite' and 'Register Now' open the request-invite feature's form (an event with no external page). */
const REQUEST_INVITE_SLOT: RequestInviteSlot = (element) => <RequestInviteOpener>{element}</RequestInviteOpener>;

function EventRoute() {
  const { slug } = Route.useParams();
  const read = useEventPage(slug);
  const online = useOnline();
  // As the page first showed: a later answer from elsewhere (the replica's) changes nothing of it.
  const [serverRendered] = useState(
    () => read.status === 'ready' && (read.source === 'server' || read.source === 'kept'),
  );
  // Online, an empty answer that no one gave (the page's read failed with a server error and the
  // replica has not pulled yet) says nothing of the event: the read is tried again meanwhile.
  if (read.status === 'loading' || (online && isUnanswered(read))) {
    // A whole screen high, so that the footer starts below the fold, and <main> the same box as the
    // loaded page's: the event's content, when it arrives, then moves nothing the visitor can see
    // (layout shift; docs/decisions/007-prerender-and-pwa.md).
    return (
      <main className="min-h-screen">
        <div className="mx-auto flex min-h-screen max-w-[1300px] items-center justify-center px-4">
          <p role="status" className="text-lg text-slate-700">
            Loading...
          </p>
        </div>
      </main>
    );
  }
  // Offline, an answer of nothing from this device is not a missing event (one published since the
  // replica last heard from the server, say): it is a page not held yet. Only the server says 404.
  if (!read.data) return !online && !answeredByServer(read) ? <OfflinePage /> : <NotFoundPage />;
  const { event } = read.data;
  return (
    <main className="min-h-screen">
      <AttendeeProfileHost>
        <RequestInviteHost event={{ id: event.id, title: event.title, path: `/events/${event.slug ?? event.id}` }}>
          <EventPageView
            page={read.data}
            slots={ATTENDEE_SLOTS}
            requestInvite={REQUEST_INVITE_SLOT}
            serverRendered={serverRendered}
          />
        </RequestInviteHost>
      </AttendeeProfileHost>
      <GuestPassHost event={event} />
      <FeedbackHost />
    </main>
  );
}
