/**
 * Saving the event form of the back office (spec section 2, "Admin: Events"): the form's schema and
 * values, and the write. A new event is inserted; an edited one is patched with the fields that
 * changed only, so that edits of different fields made on two devices both survive.
 *
 * The featured image is queued in the file outbox when the form is saved, not when it is picked:
 * the outbox swaps the public URL into the record only if the record already holds the placeholder,
 * so the placeholder and the file must reach the replica in the same action.
 */
import { z } from 'zod';
import { useAdminActions, type DocPatch, type SyncDoc } from './admin-data.ts';
import { isKnownTimeZone } from '../lib/time-zones.ts';
import { ownTimeZone } from '../lib/time-zone-options.ts';
import { eventTimeZone } from '../lib/venue-time.ts';
import {
  MAX_CAPACITY,
  capacityFromInput,
  cleanPoints,
  fromDateTimeInput,
  sessionsMovedWithTheEvent,
  slugForSave,
  toCapacityInput,
  toDateTimeInput,
  type VenueTime,
} from './event-values.ts';
import { patchOf } from './patch-of.ts';
import { blankToNull, checkAgainstTable } from './table-check.ts';

type EventDoc = SyncDoc<'events'>;
type SessionDoc = SyncDoc<'sessions'>;

/**
 * What an edit that changes the event's zone does with the times already set (issue 28): keep
 * their clock times in the new zone (the zone was wrong: 9:00 stays 9:00, now in Tokyo), or keep
 * the moments they happen at (the clock times change: 9:00 in London becomes 17:00 in Tokyo).
 */
export type ZoneChange = 'keep-clock-times' | 'keep-moments';

/** The event form: required fields, then every column checked as the server would check it. */
export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required'),
    slug: z.string(),
    subheading: z.string(),
    description: z.string(),
    location: z.string(),
    time_zone: z.string().refine(isKnownTimeZone, 'Pick a time zone from the list'),
    start_date: z.string().min(1, 'Start date is required'),
    end_date: z.string().min(1, 'End date is required'),
    request_invite_url: z.string(),
    capacity: z.string(),
    why_attend: z.array(z.string()),
    why_partner: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    if (capacityFromInput(values.capacity) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['capacity'],
        message: `Enter a whole number of seats from 1 to ${MAX_CAPACITY}, or leave it blank for no limit`,
      });
    }
    if (values.title.trim() === '' || values.start_date === '' || values.end_date === '') return;
    if (!isKnownTimeZone(values.time_zone)) return;
    const times = eventTimesOf(values, null);
    let refused = false;
    for (const field of ['start_date', 'end_date'] as const) {
      const time = times[field];
      if (time.kind === 'refused') {
        ctx.addIssue({ code: 'custom', path: [field], message: time.message });
        refused = true;
      }
    }
    if (!refused) checkAgainstTable(ctx, 'events', eventFieldsOf(values, null));
  });

export type EventFormValues = z.input<typeof eventFormSchema>;

/**
 * The start and end the form's fields store, typed in the form's zone. Editing, a field the admin
 * left as it was keeps its stored instant: in the same zone always (a time that happens twice stays
 * the one it was), and in a new zone when the admin chose to keep the moments.
 */
export function eventTimesOf(
  values: EventFormValues,
  event: EventDoc | null,
  zoneChange: ZoneChange = 'keep-clock-times',
): Record<'start_date' | 'end_date', VenueTime> {
  const storedZone = event ? eventTimeZone(event) : values.time_zone;
  const read = (value: string, stored: string | undefined): VenueTime => {
    if (stored && zoneChange === 'keep-moments' && toDateTimeInput(stored, storedZone) === value) {
      return { kind: 'instant', instant: stored, note: null };
    }
    return fromDateTimeInput(value, values.time_zone, storedZone === values.time_zone ? stored : null);
  };
  return { start_date: read(values.start_date, event?.start_date), end_date: read(values.end_date, event?.end_date) };
}

/** True when saving `values` moves the edited event to another zone. */
export function changesZone(event: EventDoc | null, values: EventFormValues): boolean {
  return event !== null && values.time_zone !== eventTimeZone(event);
}

const instantOrBlank = (time: VenueTime) => (time.kind === 'instant' ? time.instant : '');

/** The columns the form writes (the featured image aside). */
function eventFieldsOf(values: EventFormValues, event: EventDoc | null, zoneChange?: ZoneChange) {
  const times = eventTimesOf(values, event, zoneChange);
  return {
    title: values.title.trim(),
    slug: slugForSave(values.slug),
    subheading: blankToNull(values.subheading),
    description: blankToNull(values.description),
    location: blankToNull(values.location),
    // Unchanged, not written: a document that lacks its zone yet (read in UTC meanwhile) must not
    // overwrite the server's with that stand-in.
    time_zone: changesZone(event, values) || !event ? values.time_zone : undefined,
    start_date: instantOrBlank(times.start_date),
    end_date: instantOrBlank(times.end_date),
    request_invite_url: blankToNull(values.request_invite_url),
    capacity: capacityFromInput(values.capacity) ?? null,
    why_attend: cleanPoints(values.why_attend),
    why_partner: cleanPoints(values.why_partner),
  };
}

/** What the form shows for a stored event (in its zone), or for a new one (null; in the admin's own zone). */
export function eventFormValues(event: EventDoc | null): EventFormValues {
  const zone = event ? eventTimeZone(event) : ownTimeZone();
  return {
    title: event?.title ?? '',
    slug: event?.slug ?? '',
    subheading: event?.subheading ?? '',
    description: event?.description ?? '',
    location: event?.location ?? '',
    time_zone: zone,
    start_date: toDateTimeInput(event?.start_date, zone),
    end_date: toDateTimeInput(event?.end_date, zone),
    request_invite_url: event?.request_invite_url ?? '',
    capacity: toCapacityInput(event?.capacity),
    why_attend: event?.why_attend ?? [],
    why_partner: event?.why_partner ?? [],
  };
}

/** The writes of the event form. They throw when the admin replica is not open yet. */
export function useSaveEvent() {
  const actions = useAdminActions();
  return {
    ready: actions.ready,
    /** Queues a picked featured image for event `id`; resolves to the placeholder URL to save. */
    queueFeaturedImage: (id: string, file: File): Promise<string> =>
      actions.queueImage(file, {
        kind: 'event-image',
        eventId: id,
        target: { table: 'events', id, column: 'featured_image_url' },
      }),
    /**
     * Inserts event `id` (`event` null) or patches `event` with what the form changed.
     * `featuredImage`: a URL or null to write, undefined to leave the stored one. When the edit moves
     * the event to another zone, `zoneChange` says what happens to the times already set, and with
     * 'keep-clock-times' the event's `sessions` move to the same clock times in the new zone; when it
     * moves the event to another day, they move with it (local writes, offline too). Resolves with
     * the notes on how summer time read the times typed, and on the sessions moved.
     */
    async save(
      event: EventDoc | null,
      id: string,
      values: EventFormValues,
      featuredImage: string | null | undefined,
      { zoneChange, sessions = [] }: { zoneChange?: ZoneChange; sessions?: readonly SessionDoc[] } = {},
    ): Promise<{ notes: string[] }> {
      const fields = eventFieldsOf(values, event, zoneChange);
      let movedNote: string | null = null;
      if (event) {
        const patch: DocPatch<'events'> = patchOf(event, fields);
        if (featuredImage !== undefined) patch.featured_image_url = featuredImage;
        if (Object.keys(patch).length > 0) await actions.patch('events', id, patch);
        const before = { start: event.start_date, zone: eventTimeZone(event) };
        const after = { start: fields.start_date || event.start_date, zone: values.time_zone };
        const keptClock = changesZone(event, values) && zoneChange === 'keep-clock-times';
        const moved = sessionsMovedWithTheEvent(sessions, before, after, keptClock ? before.zone : after.zone);
        // A session deleted meanwhile has nothing left to move (patchMany skips it).
        if (moved.length > 0) await actions.patchMany('sessions', moved);
        if (moved.length > 0 && !changesZone(event, values)) {
          movedNote = `${moved.length === 1 ? 'Its session' : `Its ${moved.length} sessions`} moved with it, at the same times of day.`;
        }
      } else {
        await actions.insert('events', { id, ...fields, featured_image_url: featuredImage ?? null });
      }
      const times = eventTimesOf(values, event, zoneChange);
      return {
        notes: [
          ...[times.start_date, times.end_date].flatMap((time) =>
            time.kind === 'instant' && time.note ? [time.note] : [],
          ),
          ...(movedNote ? [movedNote] : []),
        ],
      };
    },
  };
}
