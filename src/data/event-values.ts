/**
 * The conversions between what the event and session forms show and what the tables hold: slugs
 * (spec section 5), point lists, date-time and time-of-day inputs in local time, display orders.
 */
import { format } from 'date-fns';

/**
 * The slug as the admin types it (spec section 5): lower-case; anything outside a-z, 0-9 and '-'
 * becomes '-'; repeated hyphens collapse. Hyphens at the ends stay while typing ('my-' must be
 * typeable on the way to 'my-event'); `slugForSave` trims them.
 */
export function normaliseSlugInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-{2,}/g, '-');
}

/** The slug to store: normalised and trimmed of end hyphens, as the server keeps it; blank → null (the server generates it from the title). */
export function slugForSave(value: string): string | null {
  const slug = normaliseSlugInput(value).replace(/^-+|-+$/g, '');
  return slug === '' ? null : slug;
}

/** The most seats an event may have (the migration's check on `events.capacity`). */
export const MAX_CAPACITY = 100_000;

/** The seats as the form shows them: blank for no limit. */
export function toCapacityInput(capacity: number | null | undefined): string {
  return capacity === null || capacity === undefined ? '' : String(capacity);
}

/**
 * The seats the admin typed, as stored: null when blank (no limit), the whole number when it is one
 * from 1 to MAX_CAPACITY, and undefined for anything else ('12.5', '0', 'forty'), which the form refuses.
 */
export function capacityFromInput(value: string): number | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return undefined;
  const seats = Number(text);
  return seats >= 1 && seats <= MAX_CAPACITY ? seats : undefined;
}

/** A point list as stored: each entry trimmed, empty entries dropped. */
export function cleanPoints(points: readonly string[]): string[] {
  return points.map((point) => point.trim()).filter((point) => point !== '');
}

/** A stored timestamp as a `datetime-local` value, in local time to the minute ('2026-03-05T09:30'). */
export function toDateTimeInput(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : format(date, "yyyy-MM-dd'T'HH:mm");
}

/** A `datetime-local` value (local time) as a stored timestamp; null when blank or unreadable. */
export function fromDateTimeInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A stored timestamp as a `time` input value in local time ('09:30'). */
export function toTimeInput(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'HH:mm');
}

/**
 * A session time (spec section 5): the time of day on the event's start date, or on `today` when
 * the session has no event or the event no start date. Null when the time is blank.
 */
export function combineDateAndTime(
  eventStart: string | null | undefined,
  time: string,
  today: Date = new Date(),
): string | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return null;
  const day = eventStart ? new Date(eventStart) : today;
  const base = Number.isNaN(day.getTime()) ? today : day;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const combined = new Date(base.getFullYear(), base.getMonth(), base.getDate(), hours, minutes);
  return combined.toISOString();
}

/** The display order of a new item at the end of a list: the current maximum plus 1 (0 for the first). */
export function nextDisplayOrder(items: readonly { display_order: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.display_order), -1) + 1;
}

/**
 * The two display-order writes that move `items[index]` one place up (-1) or down (+1): it swaps
 * display_order with its neighbour (spec section 4). Null at the ends. When both hold the same
 * order (older data), the moved item takes a distinct one so that the move shows.
 */
export function swapDisplayOrder<T extends { id: string; display_order: number }>(
  items: readonly T[],
  index: number,
  direction: -1 | 1,
): [{ id: string; display_order: number }, { id: string; display_order: number }] | null {
  const item = items[index];
  const neighbour = items[index + direction];
  if (!item || !neighbour) return null;
  const same = item.display_order === neighbour.display_order;
  return [
    { id: item.id, display_order: same ? neighbour.display_order + direction : neighbour.display_order },
    { id: neighbour.id, display_order: item.display_order },
  ];
}
