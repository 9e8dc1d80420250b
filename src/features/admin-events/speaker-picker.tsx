/**
 * 'Add speaker': a list of the attendees, the chosen ones disabled (spec section 5). A choice made
 * with the pointer, or in the list the browser opens, adds the speaker at once. A closed list moved
 * through with the arrow keys (or by typing a name) changes its value at every key in most
 * browsers, which would add every name passed on the way: there the name shown is only held, and
 * Enter adds it.
 */
import { useId, useRef, useState } from 'react';
import { Select } from '../../ui/field.tsx';
import type { AttendeeDoc } from './admin-rows.ts';

/** Keys that move through a closed list (Space, Alt+Down and F4 open it instead). */
function browses(event: React.KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/.test(event.key) || /^\S$/u.test(event.key);
}

export function SpeakerPicker({
  attendees,
  chosen,
  onAdd,
}: {
  attendees: readonly AttendeeDoc[];
  chosen: readonly string[];
  onAdd: (attendeeId: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  const [held, setHeld] = useState('');
  const byKey = useRef(false);
  const add = (attendeeId: string) => {
    setHeld('');
    // A speaker is on a session once (spec section 5); chosen ones are disabled below too.
    if (attendeeId && !chosen.includes(attendeeId)) onAdd(attendeeId);
  };
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Add speaker
      </label>
      <Select
        id={id}
        value={held}
        aria-describedby={hintId}
        onPointerDown={() => {
          byKey.current = false;
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && held) {
            event.preventDefault();
            add(held);
            return;
          }
          byKey.current = browses(event);
        }}
        onChange={(change) => {
          // Each key that moves comes before its change; a change without one is a choice.
          const moved = byKey.current;
          byKey.current = false;
          if (moved) setHeld(change.target.value);
          else add(change.target.value);
        }}
        onBlur={() => {
          byKey.current = false;
          setHeld('');
        }}
      >
        <option value="">Add speaker...</option>
        {attendees.map((attendee) => (
          <option key={attendee.id} value={attendee.id} disabled={chosen.includes(attendee.id)}>
            {attendee.name}
          </option>
        ))}
      </Select>
      <p id={hintId} className="sr-only">
        With the arrow keys, press Enter to add the name shown.
      </p>
    </>
  );
}
