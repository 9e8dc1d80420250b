import { describe, expect, it } from 'vitest';
import { rosterGuest, type RosterGuest } from '../../data/door-roster.ts';
import {
  PAGE,
  checkInReducer,
  checkedInShown,
  emptyRosterReason,
  initialCheckInState,
  lastShown,
  shownGuest,
  shownRoster,
  type CheckInAction,
} from './check-in-state.ts';
import { matchGuestCode } from './guest-code.ts';

const EVENT = 'event-door';
const AT = '2026-11-27T09:05:00.000Z';

const ada = rosterGuest({ key: 'att-ada', attendeeId: 'att-ada', name: 'Ada Lovelace' });
const grace = rosterGuest({ key: 'att-grace', attendeeId: 'att-grace', name: 'Grace Hopper' });
const checkedIn = (guest: RosterGuest, on = 'Door phone 2') => ({
  ...guest,
  checkedInAt: AT,
  checkedInOn: on,
  liveCheckInIds: ['ci-1'],
});

const run = (roster: readonly RosterGuest[], ...actions: CheckInAction[]) =>
  actions.reduce(checkInReducer, initialCheckInState(EVENT, roster));

describe('the check-in screen', () => {
  it('shows a tapped guest in at once, on this device, until the roster shows them in; an undo later shows', () => {
    const roster = [ada, grace];
    let state = run(roster, { type: 'tapped', eventId: EVENT, key: ada.key, at: AT });
    expect(shownGuest(ada, state.tapped, 'Door phone 1')).toMatchObject({
      checkedInAt: AT,
      checkedInOn: 'Door phone 1',
    });
    expect(checkedInShown(roster, state.tapped)).toBe(1);

    const stored = [checkedIn(ada), grace];
    state = checkInReducer(state, { type: 'roster', eventId: EVENT, roster: stored });
    expect(state.tapped.size).toBe(0);
    expect(checkedInShown(stored, state.tapped)).toBe(1);
    // Undone on another phone: the tap does not bring them back.
    expect(shownGuest(ada, state.tapped, 'Door phone 1').checkedInAt).toBeNull();
  });

  it('takes the tap back when the write fails', () => {
    const state = run(
      [ada],
      { type: 'tapped', eventId: EVENT, key: ada.key, at: AT },
      { type: 'tap-failed', eventId: EVENT, key: ada.key },
    );
    expect(checkedInShown([ada], state.tapped)).toBe(0);
  });

  it('starts afresh for another event, and ignores a write of the event left that ends after', () => {
    let state = run(
      [ada],
      { type: 'search', query: 'ada' },
      { type: 'dialog', dialog: 'scan', open: true },
      { type: 'acted', eventId: EVENT, last: { guest: ada, undone: false } },
    );
    expect(state).toMatchObject({ query: 'ada', dialog: 'scan', last: { guest: ada } });
    state = checkInReducer(state, { type: 'roster', eventId: 'event-other', roster: [] });
    expect(state).toEqual(initialCheckInState('event-other', []));
    expect(checkInReducer(state, { type: 'acted', eventId: EVENT, last: { guest: ada, undone: false } })).toBe(state);
  });

  it('draws a page of guests more at a time, and from the first page again after a new search or filter', () => {
    let state = run([], { type: 'more' }, { type: 'more' });
    expect(state.limit).toBe(3 * PAGE);
    state = checkInReducer(state, { type: 'filter', filter: 'not-arrived' });
    expect(state).toMatchObject({ filter: 'not-arrived', limit: PAGE });
    state = checkInReducer(checkInReducer(state, { type: 'more' }), { type: 'search', query: 'gr' });
    expect(state).toMatchObject({ query: 'gr', limit: PAGE });
  });

  it('closes only the dialog that asks to close', () => {
    const state = run([], { type: 'dialog', dialog: 'walk-in', open: true });
    expect(checkInReducer(state, { type: 'dialog', dialog: 'scan', open: false }).dialog).toBe('walk-in');
    expect(checkInReducer(state, { type: 'dialog', dialog: 'walk-in', open: false }).dialog).toBeNull();
  });

  it('shows the last guest as the roster has them now: in, undone elsewhere, or a walk-in linked since', () => {
    const none = new Map<string, string>();
    expect(lastShown({ guest: ada, undone: false }, [checkedIn(ada)], none, 'Door phone 1')).toEqual({
      guest: checkedIn(ada),
      undone: false,
      storing: false,
    });
    // Checked in here, undone on another phone.
    expect(lastShown({ guest: checkedIn(ada), undone: false }, [ada], none, 'Door phone 1')).toEqual({
      guest: ada,
      undone: true,
      storing: false,
    });
    // A walk-in not on the roster yet stays as taken; once the server linked them, found by e-mail.
    const walkIn = rosterGuest({
      key: 'walk-in:kat@nasa.example',
      name: 'Kat',
      email: 'kat@nasa.example',
      walkIn: true,
    });
    expect(lastShown({ guest: walkIn, undone: false }, [ada], none, 'Door phone 1')).toEqual({
      guest: walkIn,
      undone: false,
      storing: false,
    });
    const linked = checkedIn({ ...walkIn, key: 'att-kat', attendeeId: 'att-kat', email: 'Kat@NASA.example' });
    expect(lastShown({ guest: walkIn, undone: false }, [linked], none, 'Door phone 1')?.guest).toBe(linked);
  });

  it("keeps the last action's Undo waiting while the roster does not hold the tap's check-in, which it would not undo", () => {
    // The row is saved and the last action recorded; the roster updates a moment later.
    let state = run(
      [ada],
      { type: 'tapped', eventId: EVENT, key: ada.key, at: AT },
      { type: 'acted', eventId: EVENT, last: { guest: ada, undone: false } },
    );
    expect(lastShown(state.last, [ada], state.tapped, 'Door phone 1')).toEqual({
      guest: { ...ada, checkedInAt: AT, checkedInOn: 'Door phone 1' },
      undone: false,
      storing: true,
    });

    const stored = [checkedIn(ada, 'Door phone 1')];
    state = checkInReducer(state, { type: 'roster', eventId: EVENT, roster: stored });
    expect(lastShown(state.last, stored, state.tapped, 'Door phone 1')).toEqual({
      guest: stored[0],
      undone: false,
      storing: false,
    });
  });

  it('lets the dialogs see a guest just tapped in here as in, so a scan of their code says so', () => {
    const token = 'a'.repeat(64);
    const roster = [{ ...ada, token }, grace];
    const state = run(roster, { type: 'tapped', eventId: EVENT, key: ada.key, at: AT });
    const shown = shownRoster(roster, state.tapped, 'Door phone 1');
    expect(shown.map((guest) => guest.checkedInAt)).toEqual([AT, null]);
    const match = matchGuestCode(token, EVENT, shown, []);
    expect(match).toMatchObject({ kind: 'guest', guest: { checkedInAt: AT, checkedInOn: 'Door phone 1' } });
    // Nothing tapped: the roster itself.
    expect(shownRoster(roster, new Map(), 'Door phone 1')).toBe(roster);
  });

  it('says why nothing is listed', () => {
    expect(emptyRosterReason({ filter: 'all', query: '' }, 0)).toBe('no-guests');
    expect(emptyRosterReason({ filter: 'not-arrived', query: ' ' }, 3)).toBe('all-arrived');
    expect(emptyRosterReason({ filter: 'not-arrived', query: 'zed' }, 3)).toBe('no-match');
    expect(emptyRosterReason({ filter: 'all', query: 'zed' }, 3)).toBe('no-match');
  });
});
