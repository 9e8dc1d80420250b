/**
 * The check-in screen's own state, apart from the roster it shows: the search, the filter and how
 * many rows are drawn, the dialog open, the last action with its Undo, and the guests tapped in here
 * whose check-in the roster does not show yet. A reducer and pure derivations, so the rules are
 * tested without a browser; use-check-in-screen.ts holds it for the view.
 */
import { checkedInCount, guestOfKey, type RosterGuest } from '../../data/door-roster.ts';
import type { ArrivalFilter } from './door-list.ts';

/** Rows drawn at a time: a thousand rows with photos would make each keystroke slow on a phone. */
export const PAGE = 100;

/** What the screen last did, with its Undo: a guest checked in may leave the list ('Not yet arrived'). */
export interface LastAction {
  guest: RosterGuest;
  undone: boolean;
}

export type DoorDialog = 'scan' | 'walk-in';

export interface CheckInState {
  /** The event the state is about (null while there is none): another event starts afresh. */
  eventId: string | null;
  query: string;
  filter: ArrivalFilter;
  /** How many of the guests found are drawn. */
  limit: number;
  dialog: DoorDialog | null;
  last: LastAction | null;
  /**
   * Guests tapped in here whose check-in the roster does not show yet, with the tap's time: the row
   * says so at once (the local write and the roster's update take a moment on a busy phone).
   */
  tapped: ReadonlyMap<string, string>;
  /** The roster the taps were last checked against. */
  prunedFor: readonly RosterGuest[];
}

export type CheckInAction =
  /** The roster or the event changed (sent while rendering, when either differs from the state's). */
  | { type: 'roster'; eventId: string | null; roster: readonly RosterGuest[] }
  | { type: 'search'; query: string }
  | { type: 'filter'; filter: ArrivalFilter }
  | { type: 'more' }
  | { type: 'dialog'; dialog: DoorDialog; open: boolean }
  // The outcomes of writes carry their event: one that ends after the admin chose another event is ignored.
  | { type: 'tapped'; eventId: string; key: string; at: string }
  | { type: 'tap-failed'; eventId: string; key: string }
  | { type: 'acted'; eventId: string; last: LastAction };

export function initialCheckInState(eventId: string | null, roster: readonly RosterGuest[]): CheckInState {
  return {
    eventId,
    query: '',
    filter: 'all',
    limit: PAGE,
    dialog: null,
    last: null,
    tapped: new Map(),
    prunedFor: roster,
  };
}

function without(tapped: ReadonlyMap<string, string>, keys: readonly string[]): ReadonlyMap<string, string> {
  const next = new Map(tapped);
  for (const key of keys) next.delete(key);
  return next;
}

/** Once the roster shows a tapped guest in, the tap has done its part (an undo later must show). */
function pruneTaps(tapped: ReadonlyMap<string, string>, roster: readonly RosterGuest[]) {
  const seen = roster.filter((guest) => guest.checkedInAt !== null && tapped.has(guest.key));
  return seen.length === 0
    ? tapped
    : without(
        tapped,
        seen.map((guest) => guest.key),
      );
}

export function checkInReducer(state: CheckInState, action: CheckInAction): CheckInState {
  switch (action.type) {
    case 'roster':
      return action.eventId === state.eventId
        ? { ...state, tapped: pruneTaps(state.tapped, action.roster), prunedFor: action.roster }
        : initialCheckInState(action.eventId, action.roster);
    case 'search':
      return { ...state, query: action.query, limit: PAGE };
    case 'filter':
      return { ...state, filter: action.filter, limit: PAGE };
    case 'more':
      return { ...state, limit: state.limit + PAGE };
    case 'dialog':
      if (action.open) return { ...state, dialog: action.dialog };
      return state.dialog === action.dialog ? { ...state, dialog: null } : state;
    case 'tapped':
      return action.eventId === state.eventId
        ? { ...state, tapped: new Map(state.tapped).set(action.key, action.at) }
        : state;
    case 'tap-failed':
      return action.eventId === state.eventId ? { ...state, tapped: without(state.tapped, [action.key]) } : state;
    case 'acted':
      return action.eventId === state.eventId ? { ...state, last: action.last } : state;
  }
}

/** A guest as the screen shows them: in from the tap's time on this device while a tap waits for the roster. */
export function shownGuest(guest: RosterGuest, tapped: ReadonlyMap<string, string>, thisDevice: string): RosterGuest {
  const at = guest.checkedInAt === null ? tapped.get(guest.key) : undefined;
  return at ? { ...guest, checkedInAt: at, checkedInOn: thisDevice } : guest;
}

/**
 * The roster as the screen shows it, with the taps it does not show yet: what the scan and walk-in
 * dialogs match against, so that a guest just tapped in here is 'Already checked in', not checked in
 * a second time.
 */
export function shownRoster(
  roster: readonly RosterGuest[],
  tapped: ReadonlyMap<string, string>,
  thisDevice: string,
): readonly RosterGuest[] {
  return tapped.size === 0 ? roster : roster.map((guest) => shownGuest(guest, tapped, thisDevice));
}

/** 'Checked in 28 of 34': the roster's count with the taps it does not show yet. */
export function checkedInShown(roster: readonly RosterGuest[], tapped: ReadonlyMap<string, string>): number {
  return checkedInCount(roster) + roster.filter((guest) => guest.checkedInAt === null && tapped.has(guest.key)).length;
}

/** The last action as the screen shows it. */
export interface ShownLastAction extends LastAction {
  /**
   * In on screen while the roster does not hold the check-in yet (the tap's row is saved, the roster
   * updates a moment later): there is no check-in to undo yet, so the Undo waits.
   */
  storing: boolean;
}

const shownAction = (guest: RosterGuest, undone: boolean): ShownLastAction => ({
  guest,
  undone,
  storing: !undone && guest.checkedInAt !== null && guest.liveCheckInIds.length === 0,
});

/**
 * The last guest acted on, as the roster has them now (an undo elsewhere shows here too), and whether
 * their check-in is undone: here, or on another device since (the roster has them, not checked in).
 * A walk-in changes key once the server has linked them to an attendee: found again by e-mail.
 */
export function lastShown(
  last: LastAction | null,
  roster: readonly RosterGuest[],
  tapped: ReadonlyMap<string, string>,
  thisDevice: string,
): ShownLastAction | null {
  if (!last) return null;
  const { guest, undone } = last;
  const onRoster = guestOfKey(roster, guest.key);
  if (!onRoster) return shownAction(guest, undone);
  const shown = shownGuest(onRoster, tapped, thisDevice);
  return shownAction(shown, undone || shown.checkedInAt === null);
}

export type EmptyRoster = 'no-guests' | 'all-arrived' | 'no-match';

/** Why no guest is listed: none at all, everyone in ('Not yet arrived' without a search), or none found. */
export function emptyRosterReason(state: Pick<CheckInState, 'filter' | 'query'>, rosterSize: number): EmptyRoster {
  if (rosterSize === 0) return 'no-guests';
  return state.filter === 'not-arrived' && state.query.trim() === '' ? 'all-arrived' : 'no-match';
}
