/**
 * Admin: Check-in (issue 16), the door on a phone held in one hand: pick the event (today's first),
 * 'Checked in 28 of 34', a search by name or company as you type, and the roster with one tap to
 * check a guest in and a visible Undo. Everything reads and writes the admin's local replica, so it
 * works offline; each check-in and undo is a row of its own, so several phones never conflict. Its
 * own line says how many check-ins wait to sync and whether the device is online. The logic is in
 * use-check-in-screen.ts: this file draws.
 */
import { Link } from '@tanstack/react-router';
import { QrCode, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { allTimesIn } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';
import { keepFocusWithin } from '../../ui/keep-focus.ts';
import { DEFAULT_BADGE_LAYOUT } from './badge-layout.ts';
import type { EmptyRoster } from './check-in-state.ts';
import { DeviceName } from './device-name-form.tsx';
import { DoorEventOptions } from './door-event.tsx';
import { countsLine, type ArrivalFilter } from './door-list.ts';
import { DoorStatus } from './door-status.tsx';
import { GuestRow, type GuestPhoto } from './guest-row.tsx';
import { PrintBadgeLink } from './print-badge-link.tsx';
import { ScanDialog } from './scan-dialog.tsx';
import { useCheckInScreen, type DoorScreen } from './use-check-in-screen.ts';
import { WalkInDialog } from './walk-in-dialog.tsx';

const FILTERS: { value: ArrivalFilter; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'not-arrived', label: 'Not yet arrived' },
  { value: 'checked-in', label: 'Checked in' },
];

/**
 * A row the filter drops once its check-in is stored, or the last action's Undo once pressed, hands
 * the focus on (to the next row, else the search) instead of dropping it.
 */
const keepFocus = keepFocusWithin('[data-door-search]');

const EMPTY_ROSTER: Record<EmptyRoster, string> = {
  'no-guests': 'No guests for this event yet',
  'all-arrived': 'Everyone has arrived',
  'no-match': 'No guests match',
};

export interface CheckInPageProps {
  /** The event in the address (`?event=`); without it, the door's rule picks one (door-event.tsx). */
  eventId: string | undefined;
  onEvent(eventId: string): void;
  Photo: GuestPhoto;
}

export function CheckInPage({ eventId, onEvent, Photo }: CheckInPageProps) {
  const { events, door } = useCheckInScreen(eventId, onEvent);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-2xl space-y-4">
      <h2 id={headingId} className="text-2xl font-bold">
        Check-in
      </h2>
      {events === undefined ? (
        <p className="text-slate-600">Loading...</p>
      ) : !door ? (
        <p className="text-slate-600">No events yet</p>
      ) : (
        <>
          <Field label="Event">
            {(ids) => (
              <Select
                {...ids}
                className="min-h-11"
                value={door.event.id}
                onChange={(change) => onEvent(change.target.value)}
              >
                <DoorEventOptions events={events} />
              </Select>
            )}
          </Field>
          {/* Keyed by event: the dialogs' own state starts afresh with another event, as the screen's does. */}
          <DoorRoster key={door.event.id} door={door} Photo={Photo} />
        </>
      )}
    </section>
  );
}

function DoorRoster({ door, Photo }: { door: DoorScreen; Photo: GuestPhoto }) {
  const filterLabel = useId();
  const { event, last } = door;

  return (
    <div className="space-y-4">
      <DoorStatus />
      <p className="text-sm text-slate-600">{allTimesIn(door.zone, event.start_date)}</p>
      <p className="text-xl font-semibold text-ink" aria-live="polite">
        {door.loading ? 'Loading the roster...' : countsLine(door.checkedIn, door.total)}
      </p>

      <div className="grid grid-cols-2 gap-2">
        <Button size="lg" onClick={() => door.setDialogOpen('scan', true)} disabled={!door.ready}>
          <QrCode aria-hidden="true" className="h-5 w-5" />
          Scan code
        </Button>
        <Button size="lg" variant="outline" onClick={() => door.setDialogOpen('walk-in', true)} disabled={!door.ready}>
          <UserPlus aria-hidden="true" className="h-5 w-5" />
          Walk-in
        </Button>
      </div>

      {/* There from the first render, so that screen readers announce the first check-in too. */}
      <div
        ref={keepFocus}
        role="status"
        className={
          last
            ? 'flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3'
            : 'sr-only'
        }
      >
        {last ? (
          <>
            <p className="text-sm text-ink">
              <strong>{last.guest.name}</strong>{' '}
              {last.undone
                ? 'check-in undone'
                : last.guest.checkedInAt
                  ? `checked in ${door.whenAndWhere(last.guest)}`
                  : 'checked in'}
            </p>
            {!last.undone && last.guest.checkedInAt ? (
              <Button
                variant="outline"
                className="min-h-11"
                disabled={last.storing}
                onClick={() => void door.undo(last.guest)}
              >
                Undo
              </Button>
            ) : null}
            {/* The badges helper's mount: print the badge of the guest just checked in. */}
            {!last.undone && last.guest.checkedInAt ? <PrintBadgeLink eventId={event.id} guest={last.guest} /> : null}
          </>
        ) : null}
      </div>

      <Field label="Search">
        {(ids) => (
          <Input
            {...ids}
            data-door-search
            type="search"
            placeholder="Name or company"
            autoComplete="off"
            className="min-h-11 text-base"
            value={door.query}
            onChange={(change) => door.search(change.target.value)}
          />
        )}
      </Field>

      <div className="flex flex-wrap items-center gap-2">
        <span id={filterLabel} className="sr-only">
          Show
        </span>
        <div role="group" aria-labelledby={filterLabel} className="grid w-full grid-cols-3 gap-1">
          {FILTERS.map(({ value, label }) => (
            <Button
              key={value}
              variant={door.filter === value ? 'primary' : 'outline'}
              className="min-h-11 px-2 whitespace-normal"
              aria-pressed={door.filter === value}
              onClick={() => door.showOnly(value)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>

      {door.loading ? null : door.empty ? (
        <p className="text-slate-600">{EMPTY_ROSTER[door.empty]}</p>
      ) : (
        <>
          <ul
            ref={keepFocus}
            aria-label="Guests"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {door.listed.map(({ guest, storing }) => (
              <GuestRow
                key={guest.key}
                guest={guest}
                when={door.whenAndWhere(guest)}
                disabled={!door.ready}
                storing={storing}
                Photo={Photo}
                onCheckIn={door.checkIn}
                onUndo={door.undo}
              />
            ))}
          </ul>
          {door.notListed > 0 ? (
            <Button variant="outline" size="lg" className="w-full" onClick={door.showMore}>
              Show more ({door.notListed} more)
            </Button>
          ) : null}
        </>
      )}

      <nav aria-label="After the door" className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        <Button asChild variant="outline" className="min-h-11">
          <Link to="/admin/check-in/badges" search={{ event: event.id, layout: DEFAULT_BADGE_LAYOUT }}>
            Badges
          </Link>
        </Button>
        <Button asChild variant="outline" className="min-h-11">
          <Link to="/admin/check-in/report" search={{ event: event.id }}>
            Attendance report
          </Link>
        </Button>
      </nav>

      <DeviceName />

      <WalkInDialog
        open={door.dialog === 'walk-in'}
        onOpenChange={(open) => door.setDialogOpen('walk-in', open)}
        roster={door.roster}
        onWalkIn={door.walkIn}
      />
      <ScanDialog
        open={door.dialog === 'scan'}
        onOpenChange={(open) => door.setDialogOpen('scan', open)}
        eventId={event.id}
        roster={door.roster}
        requests={door.requests}
        titleOf={door.titleOf}
        onCheckIn={door.checkIn}
        whenAndWhere={door.whenAndWhere}
      />
    </div>
  );
}
