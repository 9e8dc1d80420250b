/**
 * The check-in screen's logic (issue 16): the event it shows (door-event.tsx's rule), that event's
 * roster with the screen's own state over it (check-in-state.ts), and the door's actions with their
 * toasts. check-in-page.tsx draws what this returns and nothing more.
 */
import { useMemo, useReducer } from 'react';
import type { SyncDoc } from '../../data/admin-data.ts';
import { useCheckInActions, type WalkInPerson } from '../../data/check-in-actions.ts';
import { deviceName, useDevice } from '../../data/door-device.ts';
import { rosterGuest, walkInKey, type RosterGuest } from '../../data/door-roster.ts';
import { useRoster } from '../../data/use-roster.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { toast, toastError } from '../../ui/toaster.tsx';
import {
  checkInReducer,
  checkedInShown,
  emptyRosterReason,
  initialCheckInState,
  lastShown,
  shownGuest,
  shownRoster,
  type DoorDialog,
  type EmptyRoster,
  type ShownLastAction,
} from './check-in-state.ts';
import { useDoorEvent, type DoorEvent } from './door-event.tsx';
import { searchIndexOf, searchRoster, whenAndWhere, type ArrivalFilter } from './door-list.ts';

/** A guest of the list as the screen shows them. */
export interface ListedGuest {
  guest: RosterGuest;
  /** Checked in on screen, the row not stored yet: Undo waits. */
  storing: boolean;
}

/** The screen for the event it shows. */
export interface DoorScreen {
  event: DoorEvent;
  /** The venue's zone: check-in times are on the door's clock, whatever zone this device is set to. */
  zone: string;
  /** True until the roster has loaded. */
  loading: boolean;
  checkedIn: number;
  total: number;
  /** False until the replica can take the door's writes. */
  ready: boolean;
  /** The roster as shown, with the taps it does not show yet: what the dialogs match against. */
  roster: readonly RosterGuest[];
  requests: readonly SyncDoc<'invite_requests'>[];
  query: string;
  filter: ArrivalFilter;
  search(query: string): void;
  showOnly(filter: ArrivalFilter): void;
  /** The guests found, as many as are drawn. */
  listed: ListedGuest[];
  /** Guests found but not drawn yet ('Show more'). */
  notListed: number;
  showMore(): void;
  /** Why nothing is listed, once the roster has loaded; null when something is. */
  empty: EmptyRoster | null;
  /** The last guest checked in, undone or walked in here, as the roster has them now. */
  last: ShownLastAction | null;
  dialog: DoorDialog | null;
  setDialogOpen(dialog: DoorDialog, open: boolean): void;
  /** 'at 9:05 AM on Door phone 1' for a guest who is in. */
  whenAndWhere(guest: RosterGuest): string;
  titleOf(eventId: string): string | null;
  checkIn(guest: RosterGuest): Promise<void>;
  undo(guest: RosterGuest): Promise<void>;
  /**
   * Checks in a person taken at the door: `onRoster`, the guest with their e-mail, as themselves when
   * they were expected; or says when and where they were checked in already.
   */
  walkIn(person: WalkInPerson, onRoster: RosterGuest | undefined): Promise<void>;
}

/**
 * The check-in screen for the event the address names (`?event=`): the events to choose from
 * (undefined while the replica loads) and the screen of the event shown (null when there is none).
 * `pinEvent` writes the event picked for an address that names none into it (door-event.tsx).
 */
export function useCheckInScreen(
  eventId: string | undefined,
  pinEvent: (eventId: string) => void,
): {
  events: DoorEvent[] | undefined;
  door: DoorScreen | null;
} {
  const { events, event } = useDoorEvent(eventId, pinEvent);
  const { guests, requests, loading } = useRoster(event ? event.id : null);
  const actions = useCheckInActions();
  const device = useDevice();
  const roster = useMemo(() => guests ?? [], [guests]);
  const index = useMemo(() => searchIndexOf(roster), [roster]);
  const shownId = event ? event.id : null;
  const [state, dispatch] = useReducer(checkInReducer, null, () => initialCheckInState(shownId, roster));
  if (state.eventId !== shownId || state.prunedFor !== roster) dispatch({ type: 'roster', eventId: shownId, roster });
  const found = useMemo(() => searchRoster(index, state.query, state.filter), [index, state.query, state.filter]);
  const thisDevice = deviceName(device.id, device.label);
  const shown = useMemo(() => shownRoster(roster, state.tapped, thisDevice), [roster, state.tapped, thisDevice]);

  if (!events || !event) return { events, door: null };
  const zone = eventTimeZone(event);
  // The event these actions write to (the closures below outlive the render that made them).
  const doorEventId = event.id;

  async function checkIn(guest: RosterGuest) {
    if (guest.checkedInAt === null) {
      dispatch({ type: 'tapped', eventId: doorEventId, key: guest.key, at: new Date().toISOString() });
    }
    try {
      await actions.checkIn(doorEventId, guest);
      dispatch({ type: 'acted', eventId: doorEventId, last: { guest, undone: false } });
    } catch (error) {
      dispatch({ type: 'tap-failed', eventId: doorEventId, key: guest.key });
      toastError(error);
    }
  }

  async function undo(guest: RosterGuest) {
    try {
      const written = await actions.undo(doorEventId, guest);
      // No undo row (the roster did not hold their check-in yet): they are still in, so not 'undone'.
      if (written.length > 0) dispatch({ type: 'acted', eventId: doorEventId, last: { guest, undone: true } });
    } catch (error) {
      toastError(error);
    }
  }

  async function walkIn(person: WalkInPerson, onRoster: RosterGuest | undefined) {
    try {
      if (onRoster?.checkedInAt) {
        toast.success(`${onRoster.name} is already checked in`, { description: whenAndWhere(onRoster, zone) });
        return;
      }
      // An expected guest came through the wrong door: checked in as themselves, not as a walk-in.
      if (onRoster && !onRoster.walkIn && onRoster.attendeeId) {
        await checkIn(onRoster);
        return;
      }
      await actions.walkIn(doorEventId, person);
      dispatch({
        type: 'acted',
        eventId: doorEventId,
        last: { guest: onRoster ?? walkInGuest(person), undone: false },
      });
    } catch (error) {
      toastError(error);
    }
  }

  return {
    events,
    door: {
      event,
      zone,
      loading,
      checkedIn: checkedInShown(roster, state.tapped),
      total: roster.length,
      ready: actions.ready,
      roster: shown,
      requests,
      query: state.query,
      filter: state.filter,
      search: (query) => dispatch({ type: 'search', query }),
      showOnly: (filter) => dispatch({ type: 'filter', filter }),
      listed: found.slice(0, state.limit).map((listed) => {
        const guest = shownGuest(listed, state.tapped, thisDevice);
        return { guest, storing: guest !== listed };
      }),
      notListed: Math.max(0, found.length - state.limit),
      showMore: () => dispatch({ type: 'more' }),
      empty: loading || found.length > 0 ? null : emptyRosterReason(state, roster.length),
      last: lastShown(state.last, roster, state.tapped, thisDevice),
      dialog: state.dialog,
      setDialogOpen: (dialog, open) => dispatch({ type: 'dialog', dialog, open }),
      whenAndWhere: (guest) => whenAndWhere(guest, zone),
      titleOf: (id) => events.find((candidate) => candidate.id === id)?.title ?? null,
      checkIn,
      undo,
      walkIn,
    },
  };
}

/** A walk-in as the roster will show them, for the last action's line until the replica has their row. */
function walkInGuest(person: WalkInPerson): RosterGuest {
  return rosterGuest({
    key: walkInKey(person.email),
    name: person.name,
    email: person.email,
    company: person.company ?? null,
    jobTitle: person.jobTitle ?? null,
    walkIn: true,
  });
}
