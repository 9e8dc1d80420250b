/**
 * The event a badge or report page is about, named in its address (`?event=<id>`), and the select
 * that changes it. Events come from the admin replica, so the pages work offline.
 */
import { useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { Field, Select } from '../../ui/field.tsx';

export type DoorEvent = SyncDoc<'events'>;

const newestFirst = (a: DoorEvent, b: DoorEvent) => Date.parse(b.start_date) - Date.parse(a.start_date);

/** The events, newest first (undefined while the replica loads), and the one `eventId` names. */
export function useDoorEvent(eventId: string | undefined): {
  events: DoorEvent[] | undefined;
  event: DoorEvent | null;
} {
  const events = useAdminRows('events', newestFirst);
  return { events, event: events?.find((event) => event.id === eventId) ?? null };
}

export function DoorEventSelect({
  events,
  eventId,
  onChange,
}: {
  events: readonly DoorEvent[];
  eventId: string | undefined;
  onChange(eventId: string): void;
}) {
  return (
    <Field label="Event" className="max-w-md">
      {(ids) => (
        <Select {...ids} value={eventId ?? ''} onChange={(change) => onChange(change.target.value)}>
          {eventId ? null : <option value="">Choose an event</option>}
          {events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title} ({formatLongDate(event.start_date)})
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
