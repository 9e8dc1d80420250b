/**
 * When an event's reminders and feedback request go, as the back office shows them ('Reminders:
 * Mon 9 Mar 9:00 AM GST to 34 guests'). The same rule as the server's (`private.reminder_times` and
 * `queue_event_messages`, migration 20261128000600): the day before at 9:00 AM and the day itself at
 * 7:00 AM on the venue's clock, each only before the event starts; the feedback request the event's
 * delay after its end. Pure code over the event's row, so it is tested without a browser.
 */
import {
  formatUtcOffset,
  instantOf,
  isKnownTimeZone,
  localDateTimeOf,
  wallClock,
  zoneAbbreviation,
} from '../../../supabase/functions/_shared/portable/time-zones.ts';

export type ReminderKind = 'reminder_day_before' | 'reminder_morning';

export interface ScheduleEvent {
  start_date: string;
  end_date: string;
  time_zone?: string | null;
  reminder_day_before?: boolean;
  reminder_morning?: boolean;
  feedback_delay_minutes?: number;
}

export interface ScheduledReminder {
  kind: ReminderKind;
  label: string;
  at: Date;
  on: boolean;
  /** False once the event has started by `at`: such a reminder is never sent. */
  beforeStart: boolean;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function zoneOf(event: ScheduleEvent): string {
  const zone = event.time_zone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

/** The day before `date` (yyyy-mm-dd), as yyyy-mm-dd. */
function dayBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/** The instant the venue's clock reads `time` on `date` (9:00 and 7:00 exist on every day). */
function atVenueClock(date: string, time: string, zone: string): Date {
  const found = instantOf({ date, time }, zone);
  if (found.kind === 'exact' || found.kind === 'ambiguous') return found.instant;
  throw new Error(`${date} ${time} does not exist in ${zone}`);
}

/** The event's two reminders, in the order they go. */
export function reminderSchedule(event: ScheduleEvent): ScheduledReminder[] {
  const zone = zoneOf(event);
  const day = localDateTimeOf(event.start_date, zone).date;
  const start = new Date(event.start_date).getTime();
  const dayBeforeAt = atVenueClock(dayBefore(day), '09:00', zone);
  const morningAt = atVenueClock(day, '07:00', zone);
  return [
    {
      kind: 'reminder_day_before',
      label: 'The day before',
      at: dayBeforeAt,
      on: event.reminder_day_before ?? true,
      beforeStart: dayBeforeAt.getTime() < start,
    },
    {
      kind: 'reminder_morning',
      label: 'The morning of the event',
      at: morningAt,
      on: event.reminder_morning ?? true,
      beforeStart: morningAt.getTime() < start,
    },
  ];
}

/** When the checked-in guests are asked for feedback. */
export function feedbackRequestAt(event: ScheduleEvent): Date {
  return new Date(new Date(event.end_date).getTime() + (event.feedback_delay_minutes ?? 120) * 60_000);
}

/** 'Mon 9 Mar 9:00 AM GST' on the venue's clock; the offset where no abbreviation is known ('UTC+5'). */
export function formatScheduleTime(at: Date, zoneName: string | null | undefined): string {
  const zone = zoneName && isKnownTimeZone(zoneName) ? zoneName : 'UTC';
  const clock = wallClock(at, zone);
  const hour = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  const time = `${hour}:${String(clock.minute).padStart(2, '0')} ${clock.hour < 12 ? 'AM' : 'PM'}`;
  const name = zone === 'UTC' ? 'UTC' : (zoneAbbreviation(zone, at) ?? formatUtcOffset(clock.offsetMinutes));
  return `${DAYS[clock.weekday]} ${clock.day} ${MONTHS[clock.month - 1]} ${time} ${name}`;
}

/** 'to 34 guests', 'to 1 guest'. */
export function guestCount(count: number, what = 'guest'): string {
  return `${count} ${what}${count === 1 ? '' : 's'}`;
}
