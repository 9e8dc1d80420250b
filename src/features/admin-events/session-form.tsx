/**
 * The session form (spec sections 2, 4, 5): event, title, description, start and end as times of
 * day on the event's start date (today without one), room, and speakers chosen from the attendees
 * in order (display_order = position from 0; see `saveSpeakers`). Times are typed and shown in the
 * event's zone, the venue's (issue 28); a session without an event has no venue and takes the
 * admin's own zone.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useAdminActions, type SyncDoc } from '../../data/admin-data.ts';
import { combineDateAndTime, toTimeInput, type VenueTime } from '../../data/event-values.ts';
import { patchOf } from '../../data/patch-of.ts';
import { blankToNull, tableProblems } from '../../data/table-check.ts';
import { ownTimeZone } from '../../lib/time-zone-options.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../ui/field.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { type AttendeeDoc, type EventDoc, type SessionDoc } from './admin-rows.ts';
import { SpeakerPicker } from './speaker-picker.tsx';
import { describedBy, TimesInZone } from './times-in-zone.tsx';
import { moveButtonId, refocusMoveButton } from '../../ui/move-focus.ts';

const TIME = /^\d{2}:\d{2}$/;

const sessionFormSchema = z.object({
  event_id: z.string(),
  title: z.string().trim().min(1, 'Title is required'),
  description: z.string(),
  start_time: z.string().regex(TIME, 'Start time is required'),
  end_time: z.string().regex(TIME, 'End time is required'),
  room: z.string(),
  speakers: z.array(z.string()),
});

type SessionFormValues = z.input<typeof sessionFormSchema>;

type SpeakerRow = SyncDoc<'session_speakers'>;

/**
 * Makes the session's speaker rows say what the admin chose, `chosen`, in order (display_order =
 * position from 0), as a change from `opened`, the speakers the form opened with: a speaker another
 * admin added meanwhile stays (after the chosen ones), and one another admin took off is not put
 * back; a list the admin did not change writes nothing.
 * The spec replaces all rows (delete, then insert); we keep the row of a speaker who stays and only
 * renumber it, because (session, attendee) is unique among live rows on the server and a re-inserted
 * row could reach it before the deletion of the old one and be refused.
 */
async function saveSpeakers(
  actions: ReturnType<typeof useAdminActions>,
  sessionId: string,
  { opened, rows, chosen }: { opened: readonly string[]; rows: readonly SpeakerRow[]; chosen: readonly string[] },
): Promise<void> {
  if (opened.length === chosen.length && opened.every((id, index) => chosen[index] === id)) return;
  const rowOf = new Map(rows.map((row) => [row.attendee_id, row]));
  const wasThere = new Set(opened);
  const attendeeIds = [
    ...chosen.filter((id) => !wasThere.has(id) || rowOf.has(id)),
    ...rows.map((row) => row.attendee_id).filter((id) => !wasThere.has(id) && !chosen.includes(id)),
  ];
  const writes: Promise<unknown>[] = rows
    .filter((row) => !attendeeIds.includes(row.attendee_id))
    .map((row) => actions.remove('session_speakers', row.id));
  for (const [position, attendeeId] of attendeeIds.entries()) {
    const row = rowOf.get(attendeeId);
    if (!row) {
      writes.push(
        actions.insert('session_speakers', { session_id: sessionId, attendee_id: attendeeId, display_order: position }),
      );
    } else if (row.display_order !== position) {
      writes.push(actions.patch('session_speakers', row.id, { display_order: position }));
    }
  }
  await Promise.all(writes);
}

export interface SessionFormProps {
  /** The session being edited, or null to create one. */
  session: SessionDoc | null;
  /** Its speakers' rows, in display order (empty for a new session). */
  speakerRows: readonly SpeakerRow[];
  /** Set inside an event's Sessions tab: the event is fixed and the picker hidden. */
  fixedEventId?: string;
  events: readonly EventDoc[];
  attendees: readonly AttendeeDoc[];
  onDone: () => void;
}

/** The zone of a session of event `eventId` (or of none): the event's, or the admin's own. */
function sessionZone(events: readonly EventDoc[], eventId: string | null): string {
  const event = eventId ? events.find((candidate) => candidate.id === eventId) : undefined;
  return event ? eventTimeZone(event) : ownTimeZone();
}

/** What a time's reading needs said (a time the clocks pass twice), if anything. */
function noteOf(time: VenueTime): string | undefined {
  return time.kind === 'instant' && time.note ? time.note : undefined;
}

export function SessionForm({ session, speakerRows, fixedEventId, events, attendees, onDone }: SessionFormProps) {
  const actions = useAdminActions();
  const [saving, setSaving] = useState(false);
  // The session as the form opened on it: a save writes what differs from it (see saveSpeakers too).
  const [opened] = useState(() => ({ session, speakers: speakerRows.map((row) => row.attendee_id) }));
  const headingId = useId();
  const zoneNoteId = useId();
  const initialEventId = fixedEventId ?? opened.session?.event_id ?? '';
  const initialZone = sessionZone(events, blankToNull(initialEventId));
  const form = useForm<SessionFormValues>({
    resolver: zodResolver(sessionFormSchema),
    defaultValues: {
      event_id: initialEventId,
      title: opened.session?.title ?? '',
      description: opened.session?.description ?? '',
      start_time: toTimeInput(opened.session?.start_time, initialZone),
      end_time: toTimeInput(opened.session?.end_time, initialZone),
      room: opened.session?.room ?? '',
      speakers: opened.speakers,
    },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const attendeeName = new Map(attendees.map((attendee) => [attendee.id, attendee.name]));
  const chosenEventId = blankToNull(useWatch({ control, name: 'event_id' }));
  const chosenEvent = events.find((event) => event.id === chosenEventId) ?? null;
  const zone = sessionZone(events, chosenEventId);
  /** The instants the typed times of day stand for, as a save would store them. */
  const timesOf = (eventId: string | null, values: Pick<SessionFormValues, 'start_time' | 'end_time'>) => {
    const eventStart = events.find((event) => event.id === eventId)?.start_date ?? null;
    const venueZone = sessionZone(events, eventId);
    return {
      start_time: combineDateAndTime(eventStart, values.start_time, venueZone, { stored: opened.session?.start_time }),
      end_time: combineDateAndTime(eventStart, values.end_time, venueZone, { stored: opened.session?.end_time }),
    } satisfies Record<'start_time' | 'end_time', VenueTime>;
  };
  // A time the clocks pass twice that day is said under its field as it is typed, not only after the save.
  const typed = timesOf(chosenEventId, {
    start_time: useWatch({ control, name: 'start_time' }),
    end_time: useWatch({ control, name: 'end_time' }),
  });

  const save = handleSubmit(async (values) => {
    const eventId = blankToNull(values.event_id);
    const times = timesOf(eventId, values);
    const fields = {
      event_id: eventId,
      title: values.title.trim(),
      description: blankToNull(values.description),
      start_time: times.start_time.kind === 'instant' ? times.start_time.instant : '',
      end_time: times.end_time.kind === 'instant' ? times.end_time.instant : '',
      room: blankToNull(values.room),
    };
    // A time the clocks skip that day is refused on its field; the server's checks (lengths) are
    // made here too, shown on the fields instead of a refused write later.
    const refusals = (['start_time', 'end_time'] as const).flatMap((field) => {
      const time = times[field];
      return time.kind === 'refused' ? [{ column: field, message: time.message }] : [];
    });
    const problems = refusals.length > 0 ? refusals : tableProblems('sessions', fields);
    for (const { column, message } of problems) {
      const field = (column in values ? column : 'title') as keyof SessionFormValues;
      setError(field, { message });
    }
    if (problems.length > 0) return;
    const notes = [times.start_time, times.end_time].flatMap((time) => noteOf(time) ?? []);
    setSaving(true);
    try {
      const id = opened.session?.id ?? crypto.randomUUID();
      if (opened.session) {
        const patch = patchOf(opened.session, fields);
        if (Object.keys(patch).length > 0) await actions.patch('sessions', id, patch);
      } else {
        await actions.insert('sessions', { id, ...fields });
      }
      await saveSpeakers(actions, id, { opened: opened.speakers, rows: speakerRows, chosen: values.speakers });
      toast.success(
        session ? 'Session updated successfully' : 'Session created successfully',
        notes.length > 0 ? { description: notes.join(' ') } : undefined,
      );
      onDone();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="mb-4 text-lg font-semibold">
        {session ? 'Edit Session' : 'New Session'}
      </h3>
      <form
        noValidate
        className="grid gap-4 md:grid-cols-2"
        onSubmit={(submitEvent) => {
          submitEvent.preventDefault();
          void save();
        }}
      >
        {fixedEventId ? null : (
          <Field label="Event" error={errors.event_id?.message} className="md:col-span-2">
            {(ids) => (
              <Select {...ids} {...register('event_id')}>
                <option value="">No event</option>
                {events.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label="Title" error={errors.title?.message} className="md:col-span-2">
          {(ids) => <Input {...ids} aria-required="true" {...register('title')} />}
        </Field>
        <Field label="Description" error={errors.description?.message} className="md:col-span-2">
          {(ids) => <Textarea {...ids} rows={3} {...register('description')} />}
        </Field>
        <TimesInZone
          id={zoneNoteId}
          zone={zone}
          at={chosenEvent?.start_date}
          className="md:col-span-2"
          {...(chosenEvent ? {} : { note: 'No event: times are in your own zone.' })}
        />
        <Field label="Start time" error={errors.start_time?.message} hint={noteOf(typed.start_time)}>
          {(ids) => (
            <Input
              {...ids}
              type="time"
              aria-required="true"
              aria-describedby={describedBy(ids, zoneNoteId)}
              {...register('start_time')}
            />
          )}
        </Field>
        <Field label="End time" error={errors.end_time?.message} hint={noteOf(typed.end_time)}>
          {(ids) => (
            <Input
              {...ids}
              type="time"
              aria-required="true"
              aria-describedby={describedBy(ids, zoneNoteId)}
              {...register('end_time')}
            />
          )}
        </Field>
        <Field label="Room" error={errors.room?.message} className="md:col-span-2">
          {(ids) => <Input {...ids} {...register('room')} />}
        </Field>
        <Controller
          control={control}
          name="speakers"
          render={({ field }) => {
            const chosen = field.value;
            const move = (index: number, direction: -1 | 1) => {
              const next = [...chosen];
              const [moved] = next.splice(index, 1);
              if (moved === undefined) return;
              next.splice(index + direction, 0, moved);
              field.onChange(next);
              refocusMoveButton('speaker', moved, direction);
            };
            return (
              <fieldset className="space-y-2 md:col-span-2">
                <legend className="text-sm font-medium text-ink">Speakers</legend>
                {chosen.length > 0 ? (
                  <ol className="space-y-1" aria-label="Chosen speakers">
                    {chosen.map((attendeeId, index) => {
                      const name = attendeeName.get(attendeeId) ?? 'Unknown attendee';
                      return (
                        <li
                          key={attendeeId}
                          className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm"
                        >
                          <span>{name}</span>
                          <span className="flex gap-1">
                            <Button
                              variant="ghost"
                              size="sm"
                              id={moveButtonId('speaker', attendeeId, -1)}
                              aria-label={`Move ${name} up`}
                              disabled={index === 0}
                              onClick={() => move(index, -1)}
                            >
                              <ArrowUp aria-hidden="true" className="h-4 w-4" />
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              id={moveButtonId('speaker', attendeeId, 1)}
                              aria-label={`Move ${name} down`}
                              disabled={index === chosen.length - 1}
                              onClick={() => move(index, 1)}
                            >
                              <ArrowDown aria-hidden="true" className="h-4 w-4" />
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={`Remove speaker ${name}`}
                              onClick={() => field.onChange(chosen.filter((id) => id !== attendeeId))}
                            >
                              <X aria-hidden="true" className="h-4 w-4" />
                            </Button>
                          </span>
                        </li>
                      );
                    })}
                  </ol>
                ) : (
                  <p className="text-sm text-slate-600">No speakers yet.</p>
                )}
                <SpeakerPicker
                  attendees={attendees}
                  chosen={chosen}
                  onAdd={(attendeeId) => field.onChange([...chosen, attendeeId])}
                />
              </fieldset>
            );
          }}
        />
        <div className="flex gap-2 md:col-span-2">
          <Button type="submit" disabled={saving || !actions.ready}>
            {session ? 'Update Session' : 'Create Session'}
          </Button>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
