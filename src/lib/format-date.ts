/**
 * Dates as spec section 9 prints them. The formatters live in
 * supabase/functions/_shared/portable/format-date.ts and are re-exported here: the messages to guests print
 * event dates with the same code, and functions may import nothing outside supabase/.
 */
export {
  formatLongDate,
  formatMonth,
  formatShortDate,
  formatShortDay,
  formatTimeOfDay,
} from '../../supabase/functions/_shared/portable/format-date.ts';
