/**
 * The orders the events and sessions pages list rows in (spec section 7, "Admin" reads), as
 * comparators defined once so that `useAdminRows` does not re-sort on every render.
 */
import type { SyncDoc } from '../../data/admin-data.ts';

export type EventDoc = SyncDoc<'events'>;
export type SessionDoc = SyncDoc<'sessions'>;
export type AttendeeDoc = SyncDoc<'attendees'>;

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
// Compared as instants: the server and the local replica may print the same time differently.
const byTime = (a: string, b: string) => Date.parse(a) - Date.parse(b);

/** Events by start date, earliest first (the events list and every event picker of the back office). */
export const eventsByStartDate = (a: EventDoc, b: EventDoc) =>
  byTime(a.start_date, b.start_date) || byText(a.title, b.title);

/** Sessions by start time, latest first (the sessions page). */
export const sessionsByStartTimeDescending = (a: SessionDoc, b: SessionDoc) =>
  byTime(b.start_time, a.start_time) || byText(a.title, b.title);

/** Attendees by name (pickers). */
export const attendeesByName = (a: AttendeeDoc, b: AttendeeDoc) => byText(a.name, b.name);

/** Rows with a display order, lowest first. */
export const byDisplayOrder = <T extends { display_order: number; id: string }>(a: T, b: T) =>
  a.display_order - b.display_order || a.id.localeCompare(b.id);
