/**
 * The event a door page (check-in, badges, report) is about, named in its address (`?event=<id>`),
 * and the badge and report pages' select that changes it. Events come from the admin replica, so the
 * pages work offline.
 */
import { useMemo } from 'react';
import { useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import { eventTimeZone, formatVenueDate } from '../../lib/venue-time.ts';
import { Field, Select } from '../../ui/field.tsx';
import { doorEventOrder, eventWhen } from './door-list.ts';

export type DoorEvent = SyncDoc<'events'>;

/**
 * The events in the check-in screen's order (today's, then upcoming, then past; undefined while the
 * replica loads), and the one `eventId` names; with none named, the event happening today, if any.
 */
export function useDoorEvent(eventId: string | undefined): {
  events: DoorEvent[] | undefined;
  event: DoorEvent | null;
} {
  const allEvents = useAdminRows('events');
  const events = useMemo(() => (allEvents ? doorEventOrder(allEvents) : undefined), [allEvents]);
  const named = eventId ? events?.find((event) => event.id === eventId) : events?.find((e) => eventWhen(e) === 'today');
  return { events, event: named ?? null };
}

export function DoorEventSelect({
  events,
  selected,
  onChange,
}: {
  events: readonly DoorEvent[];
  /** The event shown (named in the address, or today's). */
  selected: string | undefined;
  onChange(eventId: string): void;
}) {
  return (
    <Field label="Event" className="max-w-md">
      {(ids) => (
        <Select {...ids} value={selected ?? ''} onChange={(change) => onChange(change.target.value)}>
          {selected ? null : <option value="">Choose an event</option>}
          {events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title} ({formatVenueDate(event.start_date, eventTimeZone(event))})
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
