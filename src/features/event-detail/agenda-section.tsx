/**
 * The agenda (spec section 2): sessions by start time, each a disclosure (a button with
 * aria-expanded) showing title, 'h:mm a - h:mm a', room and speakers; opened, the description and
 * speaker chips that open each speaker's profile.
 *
 * Times are the venue's (the event's zone, named once above the sessions), on the server and after
 * hydration alike. A visitor whose clock reads otherwise is offered their own time too, by a
 * 'Show my time' toggle in a line the server's HTML already holds: it can only appear once the page
 * runs in the browser, and filling a line kept for it moves nothing, where times added to every
 * session unasked would push the agenda down (layout shift; a shift right after a tap does not count).
 */
import { ChevronDown, Clock, DoorOpen, Globe } from 'lucide-react';
import { useState, useSyncExternalStore, type ComponentProps } from 'react';
import type { EventPageSession, PastAttendee } from '../../data/public-content.ts';
import type { AttendeeSlots } from './attendee-slots.ts';
import { hasText, sessionTimeRange } from './event-texts.ts';
import { PageSection } from './page-section.tsx';
import {
  allTimesIn,
  visitorClockDiffers,
  visitorTimeRange,
  visitorZoneLabel,
  visitorZoneName,
} from '../../lib/venue-time.ts';
import { Accordion } from '../../ui/accordion.tsx';
import { Button } from '../../ui/button.tsx';

export function AgendaSection({
  sessions,
  timeZone,
  slots,
}: {
  sessions: EventPageSession[];
  /** The venue's zone, which every time here is shown in. */
  timeZone: string;
  slots: AttendeeSlots;
}) {
  const [yourTimeShown, setYourTimeShown] = useState(false);
  if (sessions.length === 0) return null;
  return (
    <PageSection id="agenda" title="Agenda" className="bg-slate-50">
      <div className="mb-4 text-sm text-slate-700">
        <p className="flex items-center gap-2">
          <Globe aria-hidden="true" className="h-4 w-4 shrink-0" />
          {allTimesIn(timeZone, sessions[0]!.start_time)}
        </p>
        <YourTimeToggle
          timeZone={timeZone}
          sessions={sessions}
          pressed={yourTimeShown}
          onPressedChange={setYourTimeShown}
        />
      </div>
      <Accordion
        multiple
        renderClosed={false}
        className="space-y-3"
        itemClassName="rounded-lg border border-slate-200 bg-white shadow-sm"
        buttonClassName="flex w-full items-start justify-between gap-4 rounded-lg p-5 text-left hover:bg-slate-50"
        panelClassName="border-t border-slate-200 px-5 pt-4 pb-5"
        items={sessions.map((session) => ({
          key: session.id,
          header: <SessionHeader session={session} timeZone={timeZone} yourTime={yourTimeShown} />,
          panel: <SessionDetails session={session} slots={slots} />,
        }))}
      />
    </PageSection>
  );
}

const noSubscription = () => () => undefined;

/**
 * 'Show my time (Los Angeles, UTC-7)', pressed or not, for a visitor whose clock differs from the
 * venue's at some session; nothing for the others. The server cannot know the visitor's zone, so the
 * line it renders (and hydration with it) is empty, and the browser fills it just after.
 */
function YourTimeToggle({
  timeZone,
  sessions,
  pressed,
  onPressedChange,
}: {
  timeZone: string;
  sessions: readonly EventPageSession[];
  pressed: boolean;
  onPressedChange(pressed: boolean): void;
}) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const instants = sessions.flatMap((session) => [session.start_time, session.end_time]);
  const differs = inBrowser && visitorClockDiffers(timeZone, instants);
  return (
    <div className="mt-2 flex h-8 items-center">
      {differs ? (
        <Button
          size="sm"
          variant={pressed ? 'secondary' : 'outline'}
          aria-pressed={pressed}
          className="max-w-full"
          onClick={() => onPressedChange(!pressed)}
        >
          <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="min-w-0 truncate">Show my time ({visitorZoneLabel(instants[0]!, visitorZoneName())})</span>
        </Button>
      ) : null}
    </div>
  );
}

function speakersOf(session: EventPageSession) {
  return session.speakers.flatMap((speaker) =>
    speaker.attendee ? [{ key: speaker.id, attendee: speaker.attendee }] : [],
  );
}

function SessionHeader({
  session,
  timeZone,
  yourTime,
}: {
  session: EventPageSession;
  timeZone: string;
  /** Show the session's time on the visitor's clock too (under the venue's). */
  yourTime: boolean;
}) {
  const speakers = speakersOf(session);
  return (
    <>
      <span className="min-w-0">
        <span className="block text-lg font-semibold text-ink">{session.title}</span>
        <span className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="h-4 w-4" />
            <span>{sessionTimeRange(session.start_time, session.end_time, timeZone)}</span>
          </span>
          {hasText(session.room) ? (
            <span className="inline-flex items-center gap-1.5">
              <DoorOpen aria-hidden="true" className="h-4 w-4" />
              <span>{session.room}</span>
            </span>
          ) : null}
        </span>
        {yourTime ? (
          <span className="mt-1 block text-sm text-slate-600">
            Your time: {visitorTimeRange(session.start_time, session.end_time)}
          </span>
        ) : null}
        {speakers.length > 0 ? (
          <span className="mt-2 block text-sm text-slate-700">
            <span className="font-medium">Speakers: </span>
            <span data-testid="session-speakers">{speakers.map(({ attendee }) => attendee.name).join(', ')}</span>
          </span>
        ) : null}
      </span>
      <ChevronDown
        aria-hidden="true"
        className="mt-1 h-5 w-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180"
      />
    </>
  );
}

function SessionDetails({ session, slots }: { session: EventPageSession; slots: AttendeeSlots }) {
  const speakers = speakersOf(session);
  return (
    <>
      {hasText(session.description) ? (
        <p className="whitespace-pre-line text-slate-800">{session.description}</p>
      ) : null}
      {speakers.length > 0 ? (
        <ul aria-label={`Speakers of ${session.title}`} className="mt-4 flex flex-wrap gap-2">
          {speakers.map(({ key, attendee }) => (
            <li key={key}>{slots.opener(attendee, <SpeakerChip attendee={attendee} />)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A speaker's name as a chip; the route's opener gives it the click that opens the profile. */
function SpeakerChip({ attendee, ...props }: ComponentProps<'button'> & { attendee: PastAttendee }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white py-1.5 pr-3 pl-3 text-sm font-medium text-ink hover:border-brand hover:bg-slate-50"
      {...props}
    >
      <span>{attendee.name}</span>
      {hasText(attendee.job_title) ? <span className="text-slate-600">{attendee.job_title}</span> : null}
    </button>
  );
}
