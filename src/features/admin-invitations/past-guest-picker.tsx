/**
 * 'Invite guests' from past editions (issue 32): the admin ticks the editions to draw from, says
 * what the people did there (attended, were invited or on the list, missed it), may leave out
 * no-shows and narrow by company or job title; the dialog then previews the people chosen like a
 * pasted list (past-guests.ts has the rule). Editions are named with their date on the venue's calendar.
 */
import type { SyncDoc } from '../../data/admin-data.ts';
import { eventTimeZone, formatVenueDate } from '../../lib/venue-time.ts';
import { Field, Input, Select } from '../../ui/field.tsx';
import type { PastGuestCriteria, PastGuests, PastPart } from './past-guests.ts';

export interface PastGuestPickerProps {
  /** Past editions, the latest first (the edition being invited to left out). */
  events: readonly SyncDoc<'events'>[];
  criteria: PastGuestCriteria;
  onChange(criteria: PastGuestCriteria): void;
  disabled: boolean;
  /** What the criteria found for the chosen event; null before an event is chosen. */
  found: (Pick<PastGuests<never>, 'alreadyThere'> & { chosen: readonly unknown[] }) | null;
  /** Cleared no-shows cannot be read offline: they count as no-shows then. */
  offline: boolean;
}

const PARTS: { value: PastPart; label: string }[] = [
  { value: 'attended', label: 'Attended' },
  { value: 'expected', label: 'Were invited or on the list (came or not)' },
  { value: 'no-show', label: 'Were a no-show' },
];

export function PastGuestPicker({ events, criteria, onChange, disabled, found, offline }: PastGuestPickerProps) {
  const set = (patch: Partial<PastGuestCriteria>) => onChange({ ...criteria, ...patch });
  const chosen = new Set(criteria.eventIds);
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="text-sm font-medium text-ink">Past editions</legend>
        {events.length === 0 ? <p className="text-sm text-slate-600">No past edition yet.</p> : null}
        <div
          role="group"
          aria-label="Past editions to draw from"
          className="max-h-48 space-y-1 overflow-auto rounded border border-slate-200 p-2"
        >
          {events.map((event) => (
            <label key={event.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={chosen.has(event.id)}
                onChange={(change) =>
                  set({
                    eventIds: change.target.checked
                      ? [...criteria.eventIds, event.id]
                      : criteria.eventIds.filter((id) => id !== event.id),
                  })
                }
              />
              {event.title} ({formatVenueDate(event.start_date, eventTimeZone(event))})
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="At those editions they">
          {(ids) => (
            <Select
              {...ids}
              disabled={disabled}
              value={criteria.part}
              onChange={(change) => set({ part: PARTS.find((part) => part.value === change.target.value)!.value })}
            >
              {PARTS.map((part) => (
                <option key={part.value} value={part.value}>
                  {part.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Company">
          {(ids) => (
            <Input
              {...ids}
              type="search"
              disabled={disabled}
              value={criteria.company}
              onChange={(change) => set({ company: change.target.value })}
            />
          )}
        </Field>
        <Field label="Job title">
          {(ids) => (
            <Input
              {...ids}
              type="search"
              disabled={disabled}
              value={criteria.jobTitle}
              onChange={(change) => set({ jobTitle: change.target.value })}
            />
          )}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="h-4 w-4"
          disabled={disabled || criteria.part === 'no-show'}
          checked={criteria.leaveOutNoShows && criteria.part !== 'no-show'}
          onChange={(change) => set({ leaveOutNoShows: change.target.checked })}
        />
        Leave out anyone who was a no-show at one of them
      </label>
      {offline ? (
        <p className="text-sm text-amber-800">
          You&apos;re offline: no-shows an admin cleared are read online, so they count as no-shows here.
        </p>
      ) : null}
      {found === null ? (
        <p className="text-sm text-slate-700">Choose the event to invite to.</p>
      ) : criteria.eventIds.length === 0 ? (
        <p className="text-sm text-slate-700">Tick the editions to draw guests from.</p>
      ) : (
        <p className="text-sm text-slate-700">
          {found.chosen.length === 1 ? '1 person' : `${found.chosen.length} people`} found
          {found.alreadyThere > 0
            ? `; ${found.alreadyThere} more already asked, invited or on the list for this event, left out`
            : ''}
          .
        </p>
      )}
    </div>
  );
}
