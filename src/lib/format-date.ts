import { format } from 'date-fns';

/** The long date of spec section 9: 'Monday, 5 January 2026'. */
export function formatLongDate(value: string | Date): string {
  return format(typeof value === 'string' ? new Date(value) : value, 'EEEE, d MMMM yyyy');
}

/** The time of day of spec section 9: '9:05 AM'. */
export function formatTimeOfDay(value: string | Date): string {
  return format(typeof value === 'string' ? new Date(value) : value, 'h:mm a');
}
