/**
 * The event's time zone, searched by city, abbreviation, offset or IANA name ('tokyo', 'jst',
 * 'utc+9', 'Asia/Tokyo') and named as people know it ('Tokyo — JST, UTC+9'). The list is built when
 * it first opens: naming 400-odd zones costs a formatter each.
 */
import { useMemo, useState, type Ref } from 'react';
import {
  searchTimeZoneChoices,
  timeZoneChoiceLabel,
  timeZoneChoices,
  type TimeZoneChoice,
} from '../../lib/time-zone-options.ts';
import { Combobox, type ComboboxOption } from '../../ui/combobox.tsx';

export interface TimeZonePickerProps {
  ids: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };
  ref?: Ref<HTMLInputElement>;
  name: string;
  value: string;
  onChange: (zone: string) => void;
  onBlur: () => void;
  /** The event's stored zone: a choice even where this browser lists it otherwise or not at all. */
  storedZone: string | null;
  /**
   * The moment whose offsets the labels give (the event's start): 'London — BST, UTC+1' in June, and
   * on the morning the clocks change, what they say once the event starts, as the form's note does.
   */
  at: Date;
}

type ZoneOption = ComboboxOption & TimeZoneChoice;

const toOption = (choice: TimeZoneChoice): ZoneOption => ({
  ...choice,
  value: choice.zone,
  detail: choice.zone,
});

// The options the combobox hands back are the ones built here, zones included.
const search = (options: readonly ComboboxOption[], query: string) =>
  searchTimeZoneChoices(options as readonly ZoneOption[], query);

export function TimeZonePicker({ ids, ref, name, value, onChange, onBlur, storedZone, at }: TimeZonePickerProps) {
  const [opened, setOpened] = useState(false);
  // To the minute: a form without a start yet passes a new `now` every render.
  const minute = Math.floor(at.getTime() / 60_000);
  const options = useMemo(
    () => (opened ? timeZoneChoices(new Date(minute * 60_000), storedZone ? [storedZone] : []).map(toOption) : []),
    [opened, minute, storedZone],
  );
  return (
    <Combobox
      {...ids}
      {...(ref ? { ref } : {})}
      name={name}
      value={value}
      valueLabel={timeZoneChoiceLabel(value, at)}
      options={options}
      search={search}
      onChange={onChange}
      onBlur={onBlur}
      onOpenChange={(open) => (open ? setOpened(true) : undefined)}
      listLabel="Time zones"
      toggleLabel="Show all time zones"
      noMatches="No time zone matches"
    />
  );
}
