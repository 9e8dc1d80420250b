/**
 * Sessions with their create/edit form: all sessions on /admin/sessions (latest first), or one
 * event's sessions in its Sessions tab (in agenda order). Form mode: closed, create, or edit one
 * session (spec section 4); saving or cancelling closes it. Times are the venue's: each session's
 * in its event's zone, named beside them (issue 28).
 */
import { Pencil } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAdminActions, useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import { zoneShortName } from '../../data/event-values.ts';
import { formatLongDate, formatTimeOfDay } from '../../lib/format-date.ts';
import { ownTimeZone } from '../../lib/time-zone-options.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { FIRST_FIELD } from '../../ui/keep-focus.ts';
import { toast } from '../../ui/toaster.tsx';
import {
  attendeesByName,
  byDisplayOrder,
  eventsByStartDate,
  sessionsByStartTimeDescending,
  type SessionDoc,
} from './admin-rows.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { SessionForm } from './session-form.tsx';

type FormMode = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; id: string };

export interface SessionsPanelProps {
  /** Inside an event's Sessions tab: only its sessions, and new ones belong to it. */
  eventId?: string;
  /** Shown after the 'Add Session' button (the sessions page puts its Back button here). */
  toolbar?: ReactNode;
}

const speakersByOrder = byDisplayOrder<SyncDoc<'session_speakers'>>;

export function SessionsPanel({ eventId, toolbar }: SessionsPanelProps) {
  const [mode, setMode] = useState<FormMode>({ kind: 'closed' });
  const allSessions = useAdminRows('sessions', sessionsByStartTimeDescending);
  const events = useAdminRows('events', eventsByStartDate);
  const attendees = useAdminRows('attendees', attendeesByName);
  const speakers = useAdminRows('session_speakers', speakersByOrder);
  const { remove } = useAdminActions();

  const sessions = useMemo(() => {
    if (!allSessions) return undefined;
    // An event's agenda reads earliest first; the sessions page lists the latest first.
    return eventId ? allSessions.filter((session) => session.event_id === eventId).reverse() : allSessions;
  }, [allSessions, eventId]);
  const eventTitle = useMemo(() => new Map((events ?? []).map((event) => [event.id, event.title])), [events]);
  const zoneOfEvent = useMemo(() => new Map((events ?? []).map((event) => [event.id, eventTimeZone(event)])), [events]);
  const ownZone = useMemo(() => ownTimeZone(), []);
  /** A session's zone: its event's; the admin's own for one without an event, as its form reads it. */
  const zoneOf = (session: SessionDoc) => (session.event_id ? zoneOfEvent.get(session.event_id) : undefined) ?? ownZone;
  const attendeeName = useMemo(
    () => new Map((attendees ?? []).map((attendee) => [attendee.id, attendee.name])),
    [attendees],
  );
  const speakersOf = (sessionId: string) => (speakers ?? []).filter((row) => row.session_id === sessionId);

  const editing = mode.kind === 'edit' ? (sessions?.find((session) => session.id === mode.id) ?? null) : null;
  const formOpen = mode.kind === 'create' || editing !== null;
  const formRef = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The keyboard goes into the form that opens, and back to Add Session when it closes (its Save or
  // Cancel, which held the focus, leaves with it).
  useEffect(() => {
    if (mode.kind !== 'closed') formRef.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [mode]);
  const close = () => {
    setMode({ kind: 'closed' });
    toggle.current?.focus();
  };

  const deleteSession = async (session: SessionDoc) => {
    await remove('sessions', session.id);
    if (mode.kind === 'edit' && mode.id === session.id) close();
    toast.success('Session deleted');
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          ref={toggle}
          variant={formOpen ? 'outline' : 'primary'}
          onClick={() => (formOpen ? close() : setMode({ kind: 'create' }))}
        >
          {formOpen ? 'Cancel' : 'Add Session'}
        </Button>
        {toolbar}
      </div>
      {formOpen && events && attendees ? (
        <div ref={formRef}>
          <SessionForm
            key={editing?.id ?? 'new'}
            session={editing}
            speakerRows={editing ? speakersOf(editing.id) : []}
            {...(eventId ? { fixedEventId: eventId } : {})}
            events={events}
            attendees={attendees}
            onDone={close}
          />
        </div>
      ) : null}
      {sessions === undefined ? (
        <p className="text-slate-600">Loading...</p>
      ) : sessions.length === 0 ? (
        <p className="text-slate-600">No sessions added yet</p>
      ) : (
        <ul className="space-y-3" aria-label="Sessions">
          {sessions.map((session) => {
            const zone = zoneOf(session);
            const names = speakersOf(session.id)
              .map((row) => attendeeName.get(row.attendee_id))
              .filter((name): name is string => Boolean(name));
            return (
              <li
                key={session.id}
                className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4"
              >
                <div className="min-w-0 space-y-1">
                  <h3 className="font-semibold">{session.title}</h3>
                  {eventId ? null : (
                    <p className="text-sm text-slate-700">
                      {session.event_id ? (eventTitle.get(session.event_id) ?? 'Unknown event') : 'No event'}
                    </p>
                  )}
                  <p className="text-sm text-slate-700">
                    <span>{formatLongDate(session.start_time, zone)}</span>
                    {' · '}
                    <span>{`${formatTimeOfDay(session.start_time, zone)} - ${formatTimeOfDay(session.end_time, zone)}`}</span>
                    <span className="text-slate-600">{` (${zoneShortName(zone)})`}</span>
                    {session.room ? (
                      <>
                        {' · '}
                        <span>{session.room}</span>
                      </>
                    ) : null}
                  </p>
                  {session.description ? <p className="text-sm text-slate-600">{session.description}</p> : null}
                  {names.length > 0 ? <p className="text-sm text-slate-600">Speakers: {names.join(', ')}</p> : null}
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${session.title}`}
                    onClick={() => setMode({ kind: 'edit', id: session.id })}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <ConfirmDelete
                    label={`Delete ${session.title}`}
                    title="Delete this session?"
                    description={`"${session.title}" and its speaker list will be deleted.`}
                    onConfirm={() => deleteSession(session)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
