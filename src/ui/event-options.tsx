/**
 * The options of the 'Event' select of a record that belongs to one event or to none (a general
 * one, stored as a null event_id): 'none' first, then the events. An event that was deleted still
 * shows as the record's choice until the admin picks another.
 */

/** The select's value for a general record, stored as a null event_id. */
export const NO_EVENT = 'none';

export interface EventChoice {
  id: string;
  title: string;
}

export interface EventOptionsProps {
  /** The text of 'none', such as 'None (general video)'. */
  noneLabel: string;
  /** Events to choose from, newest first. */
  events: readonly EventChoice[];
  /** The record's event_id as stored. */
  current: string | null | undefined;
}

export function EventOptions({ noneLabel, events, current }: EventOptionsProps) {
  const missing = current && !events.some((event) => event.id === current);
  return (
    <>
      <option value={NO_EVENT}>{noneLabel}</option>
      {missing ? <option value={current}>(deleted event)</option> : null}
      {events.map((event) => (
        <option key={event.id} value={event.id}>
          {event.title}
        </option>
      ))}
    </>
  );
}
