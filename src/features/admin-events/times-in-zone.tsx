/**
 * Names the zone the times of a form are typed in ('Times in Tokyo time (JST, UTC+9)'): the event's,
 * the venue's (issue 28), whatever the admin's computer says. The time fields are described by it.
 */
import { zoneTimeLabel } from '../../lib/time-zones.ts';
import { cx } from '../../lib/class-names.ts';

export interface TimesInZoneProps {
  id: string;
  zone: string;
  /** The day whose offset to name (the event's start; summer time differs from winter's). Now without one. */
  at?: string | null | undefined;
  /** Said after it. */
  note?: string;
  className?: string;
}

export function TimesInZone({ id, zone, at, note, className }: TimesInZoneProps) {
  const day = at ? new Date(at) : new Date();
  const label = zoneTimeLabel(zone, Number.isNaN(day.getTime()) ? new Date() : day);
  return (
    <p id={id} className={cx('text-sm font-medium text-ink', className)}>
      Times in {label}
      {note ? <span className="font-normal text-slate-600"> {note}</span> : null}
    </p>
  );
}

/** The ids a time field is described by: its own (hint, error) and the zone's note. */
export function describedBy(ids: { 'aria-describedby'?: string }, zoneNoteId: string): string {
  return [ids['aria-describedby'], zoneNoteId].filter(Boolean).join(' ');
}
