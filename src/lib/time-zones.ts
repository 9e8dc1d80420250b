/**
 * The venue's time zone (docs/decisions/019-venue-time-zones.md). The code lives in
 * supabase/functions/_shared/portable/time-zones.ts and is re-exported here: the messages and calendar files
 * of the server functions read an event's times with the same code, and functions may import
 * nothing outside supabase/.
 */
export {
  DEFAULT_TIME_ZONE,
  instantOf,
  isKnownTimeZone,
  localDateTimeOf,
  offsetMinutesAt,
  zoneCity,
  zoneOffsetLabel,
  zoneTimeLabel,
  type LocalDateTime,
} from '../../supabase/functions/_shared/portable/time-zones.ts';
