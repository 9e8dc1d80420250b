/**
 * What the door's three pages read from their address, by one rule: `?event=` (the check-in
 * screen, the report, the badges) and, for the badges, `?guest=` and `?layout=`. A value is a
 * non-empty string or absent; a layout is one the badges know. The routes' `validateSearch` are
 * these functions: the route definitions are in every page's first script (only their components
 * are split off), so the rule is a few lines here rather than a schema library there.
 */
import { badgeLayoutOf, type BadgeLayoutId } from './badge-layout.ts';

export interface DoorSearch {
  /** The event the page is about; absent: the page picks one (door-event.tsx). */
  event?: string | undefined;
}

export interface BadgesSearch extends DoorSearch {
  guest?: string | undefined;
  /** One badge per label unless the address says otherwise. */
  layout?: BadgeLayoutId | undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The check-in screen's and the report's search: the event. */
export function doorSearch(search: Record<string, unknown>): DoorSearch {
  return { event: text(search.event) };
}

/** The badges' search: the event, one guest's badge, the layout. */
export function badgesSearch(search: Record<string, unknown>): BadgesSearch {
  return { ...doorSearch(search), guest: text(search.guest), layout: badgeLayoutOf(search.layout) };
}
