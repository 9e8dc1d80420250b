/**
 * The Attendees list's filters and order (issue 32): attended at least N editions, attended one
 * edition, a no-show within the last year, company, name or e-mail; newest first or by last
 * attended. Editions are named with their date on the venue's calendar.
 */
import type { PeopleFilter, PeopleSort, SeriesEvent } from '../../data/series-history.ts';
import { eventTimeZone, formatVenueDate } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';
import { NO_PEOPLE_FILTER } from '../../data/series-history.ts';

export interface PeopleFiltersProps {
  filter: PeopleFilter;
  sort: PeopleSort;
  /** The editions that have started, latest first. */
  events: readonly SeriesEvent[];
  onFilter(filter: PeopleFilter): void;
  onSort(sort: PeopleSort): void;
  shown: number;
  total: number;
}

export function PeopleFilters({ filter, sort, events, onFilter, onSort, shown, total }: PeopleFiltersProps) {
  const set = (patch: Partial<PeopleFilter>) => onFilter({ ...filter, ...patch });
  return (
    <section aria-label="Filter attendees" className="space-y-3 rounded-md border border-slate-200 p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Name or e-mail">
          {(ids) => (
            <Input {...ids} type="search" value={filter.search} onChange={(e) => set({ search: e.target.value })} />
          )}
        </Field>
        <Field label="Company">
          {(ids) => (
            <Input {...ids} type="search" value={filter.company} onChange={(e) => set({ company: e.target.value })} />
          )}
        </Field>
        <Field label="Attended at least">
          {(ids) => (
            <Select
              {...ids}
              value={String(filter.minAttended)}
              onChange={(e) => set({ minAttended: Number(e.target.value) })}
            >
              <option value="0">Any number of editions</option>
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? '1 edition' : `${n} editions`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Attended edition">
          {(ids) => (
            <Select {...ids} value={filter.attendedEventId} onChange={(e) => set({ attendedEventId: e.target.value })}>
              <option value="">Any edition</option>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.title}, {formatVenueDate(event.start_date, eventTimeZone(event))}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Sort by">
          {(ids) => (
            <Select
              {...ids}
              value={sort}
              onChange={(e) => onSort(e.target.value === 'last-attended' ? 'last-attended' : 'newest')}
            >
              <option value="newest">Newest first</option>
              <option value="last-attended">Last attended</option>
            </Select>
          )}
        </Field>
        <div className="flex items-end">
          <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={filter.noShowLastYear}
              onChange={(e) => set({ noShowLastYear: e.target.checked })}
            />
            No-show in the last year
          </label>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-slate-700">
          {shown === total ? `${total} attendees` : `${shown} of ${total} attendees`}
        </p>
        <Button variant="outline" size="sm" onClick={() => onFilter(NO_PEOPLE_FILTER)}>
          Clear filters
        </Button>
      </div>
    </section>
  );
}
