/**
 * The event a door page (check-in, badges, report) is about, and the select that changes it. Events
 * come from the admin replica, so the pages work offline.
 */
import { useEffect, useMemo } from 'react';
import { useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import { eventTimeZone, formatVenueDate } from '../../lib/venue-time.ts';
import { Field, Select } from '../../ui/field.tsx';
import { doorEventOrder } from './door-list.ts';

export type DoorEvent = SyncDoc<'events'>;

/**
 * The events in the door's order (today's, then upcoming soonest first, then past latest first;
 * undefined while the replica loads), and the event a door page shows, by one rule for all three:
 * the event the address names (`?event=<id>`) when the replica has it; else the first in that order,
 * which is today's first, else the next upcoming one, else the latest past one. The door opens on the
 * event at hand without a choice to make, and an address naming an event that is gone (an old
 * bookmark) still opens on one. Null only when there are no events at all.
 *
 * An event picked for an address that names none is written into the address once (`pin`, a
 * navigation that replaces the entry): the order moves with the clock and every change of an event
 * re-sorts it, so the page would otherwise move to another event mid-rush (another city's edition
 * the same day, once the first one ends), losing the search and the last action with its Undo.
 */
export function useDoorEvent(
  eventId: string | undefined,
  pin: (eventId: string) => void,
): {
  events: DoorEvent[] | undefined;
  event: DoorEvent | null;
} {
  const allEvents = useAdminRows('events');
  const events = useMemo(() => (allEvents ? doorEventOrder(allEvents) : undefined), [allEvents]);
  const event = events?.find((candidate) => candidate.id === eventId) ?? events?.[0] ?? null;
  const picked = eventId === undefined ? event?.id : undefined;
  useEffect(() => {
    if (picked) pin(picked);
  }, [picked, pin]);
  return { events, event };
}

/** The events as options of a select, each with its date on the venue's calendar. */
export function DoorEventOptions({ events }: { events: readonly DoorEvent[] }) {
  return events.map((event) => (
    <option key={event.id} value={event.id}>
      {event.title} ({formatVenueDate(event.start_date, eventTimeZone(event))})
    </option>
  ));
}

/** The badge and report pages' choice of event. */
export function DoorEventSelect({
  events,
  selected,
  onChange,
}: {
  events: readonly DoorEvent[];
  /** The event shown (useDoorEvent's); undefined when there are no events. */
  selected: string | undefined;
  onChange(eventId: string): void;
}) {
  return (
    <Field label="Event" className="max-w-md">
      {(ids) => (
        <Select {...ids} value={selected ?? ''} onChange={(change) => onChange(change.target.value)}>
          {selected ? null : <option value="">Choose an event</option>}
          <DoorEventOptions events={events} />
        </Select>
      )}
    </Field>
  );
}
