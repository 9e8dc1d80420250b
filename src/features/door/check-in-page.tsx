/**
 * Admin: Check-in (issue 16), the door on a phone held in one hand: pick the event (today's first),
 * 'Checked in 28 of 34', a search by name or company as you type, and the roster with one tap to
 * check a guest in and a visible Undo. Everything reads and writes the admin's local replica, so it
 * works offline; each check-in and undo is a row of its own, so several phones never conflict. Its
 * own line says how many check-ins wait to sync and whether the device is online.
 */
import { Link } from '@tanstack/react-router';
import { CloudOff, QrCode, RefreshCw, UserPlus } from 'lucide-react';
import { useId, useMemo, useState, type ComponentType, type FormEvent } from 'react';
import type { SyncDoc } from '../../data/admin-data.ts';
import { useCheckInActions, type WalkInPerson } from '../../data/check-in-actions.ts';
import { DEVICE_LABEL_MAX, deviceName, setDeviceLabel, useDevice } from '../../data/door-device.ts';
import { checkedInCount, rosterGuest, walkInKey, type RosterGuest } from '../../data/door-roster.ts';
import { useRoster } from '../../data/use-roster.ts';
import { allTimesIn, eventTimeZone, formatVenueTime } from '../../lib/venue-time.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { countsLine, pendingLine, searchIndexOf, searchRoster, type ArrivalFilter } from './door-list.ts';
import { DEFAULT_BADGE_LAYOUT } from './badge-layout.ts';
import { DoorEventOptions, useDoorEvent } from './door-event.tsx';
import { PrintBadgeLink } from './print-badge-link.tsx';
import { ScanDialog } from './scan-dialog.tsx';
import { useDoorSync } from './use-door-sync.ts';
import { WalkInDialog } from './walk-in-dialog.tsx';

type EventDoc = SyncDoc<'events'>;

/** Rows drawn at a time: a thousand rows with photos would make each keystroke slow on a phone. */
const PAGE = 100;

const FILTERS: { value: ArrivalFilter; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'not-arrived', label: 'Not yet arrived' },
  { value: 'checked-in', label: 'Checked in' },
];

/** What the screen last did, with its Undo: a guest checked in may leave the list ('Not yet arrived'). */
interface LastAction {
  guest: RosterGuest;
  undone: boolean;
}

/** A guest's round photo, or their initials (the site's attendee photo, given by the route). */
export type GuestPhoto = ComponentType<{ name: string; photoUrl: string | null; size: number }>;

export interface CheckInPageProps {
  /** The event in the address (`?event=`); without it, the door's rule picks one (door-event.tsx). */
  eventId: string | undefined;
  onEvent(eventId: string): void;
  Photo: GuestPhoto;
}

export function CheckInPage({ eventId, onEvent, Photo }: CheckInPageProps) {
  const { events, event: chosen } = useDoorEvent(eventId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-2xl space-y-4">
      <h2 id={headingId} className="text-2xl font-bold">
        Check-in
      </h2>
      {events === undefined ? (
        <p className="text-slate-600">Loading...</p>
      ) : !chosen ? (
        <p className="text-slate-600">No events yet</p>
      ) : (
        <>
          <Field label="Event">
            {(ids) => (
              <Select
                {...ids}
                className="min-h-11"
                value={chosen.id}
                onChange={(change) => onEvent(change.target.value)}
              >
                <DoorEventOptions events={events} />
              </Select>
            )}
          </Field>
          <DoorRoster key={chosen.id} event={chosen} events={events} Photo={Photo} />
        </>
      )}
    </section>
  );
}

function DoorRoster({ event, events, Photo }: { event: EventDoc; events: readonly EventDoc[]; Photo: GuestPhoto }) {
  // Check-in times on the venue's clock, the door's, whatever zone this device is set to.
  const zone = eventTimeZone(event);
  const { guests, requests, loading } = useRoster(event.id);
  const actions = useCheckInActions();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ArrivalFilter>('all');
  const [limit, setLimit] = useState(PAGE);
  const [last, setLast] = useState<LastAction | null>(null);
  const [walkingIn, setWalkingIn] = useState(false);
  const [scanning, setScanning] = useState(false);
  // Guests tapped in here whose check-in the replica's list does not show yet, with the tap's time:
  // the row says so at once (the local write and the list's update take a moment on a busy phone).
  const [tapped, setTapped] = useState<ReadonlyMap<string, string>>(() => new Map());
  const device = useDevice();
  const filterLabel = useId();

  const roster = useMemo(() => guests ?? [], [guests]);
  const index = useMemo(() => searchIndexOf(roster), [roster]);
  const shown = useMemo(() => searchRoster(index, query, filter), [index, query, filter]);
  const inCount = useMemo(
    () => checkedInCount(roster) + roster.filter((guest) => guest.checkedInAt === null && tapped.has(guest.key)).length,
    [roster, tapped],
  );
  // Once the list shows a tapped guest in, the tap has done its part (an undo later must show).
  const [prunedFor, setPrunedFor] = useState(roster);
  if (prunedFor !== roster) {
    setPrunedFor(roster);
    const seen = roster.filter((guest) => guest.checkedInAt !== null && tapped.has(guest.key));
    if (seen.length > 0) {
      const next = new Map(tapped);
      for (const guest of seen) next.delete(guest.key);
      setTapped(next);
    }
  }
  const asShown = (guest: RosterGuest): RosterGuest => {
    const at = guest.checkedInAt === null ? tapped.get(guest.key) : undefined;
    return at ? { ...guest, checkedInAt: at, checkedInOn: deviceName(device.id, device.label) } : guest;
  };
  // The last guest acted on, as the roster has them now (an undo elsewhere shows here too). A walk-in
  // changes key once the server has linked them to an attendee: found again by e-mail.
  const lastOnRoster = last
    ? (roster.find((guest) => guest.key === last.guest.key) ??
      (last.guest.walkIn && last.guest.email
        ? roster.find((guest) => guest.email?.toLowerCase() === last.guest.email!.toLowerCase())
        : undefined))
    : undefined;
  const lastGuest = last ? (lastOnRoster ? asShown(lastOnRoster) : last.guest) : null;
  // Undone here, or on another device since (the roster has them, not checked in).
  const lastUndone = Boolean(last?.undone) || (lastOnRoster !== undefined && lastGuest?.checkedInAt === null);

  const whenAndWhere = (guest: RosterGuest) =>
    guest.checkedInAt
      ? `at ${formatVenueTime(guest.checkedInAt, zone)} on ${guest.checkedInOn ?? 'another device'}`
      : '';

  async function checkIn(guest: RosterGuest) {
    if (guest.checkedInAt === null) setTapped((current) => new Map(current).set(guest.key, new Date().toISOString()));
    try {
      await actions.checkIn(event.id, guest);
      setLast({ guest, undone: false });
    } catch (error) {
      setTapped((current) => {
        const next = new Map(current);
        next.delete(guest.key);
        return next;
      });
      toastError(error);
    }
  }

  async function undo(guest: RosterGuest) {
    try {
      await actions.undo(event.id, guest);
      setLast({ guest, undone: true });
    } catch (error) {
      toastError(error);
    }
  }

  async function walkIn(person: WalkInPerson, onRoster: RosterGuest | undefined) {
    try {
      if (onRoster?.checkedInAt) {
        toast.success(`${onRoster.name} is already checked in`, { description: whenAndWhere(onRoster) });
        return;
      }
      await actions.walkIn(event.id, person);
      setLast({ guest: onRoster ?? walkInGuest(person), undone: false });
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div className="space-y-4">
      <DoorStatus />
      <p className="text-sm text-slate-600">{allTimesIn(zone, event.start_date)}</p>
      <p className="text-xl font-semibold text-ink" aria-live="polite">
        {loading ? 'Loading the roster...' : countsLine(inCount, roster.length)}
      </p>

      <div className="grid grid-cols-2 gap-2">
        <Button size="lg" onClick={() => setScanning(true)} disabled={!actions.ready}>
          <QrCode aria-hidden="true" className="h-5 w-5" />
          Scan code
        </Button>
        <Button size="lg" variant="outline" onClick={() => setWalkingIn(true)} disabled={!actions.ready}>
          <UserPlus aria-hidden="true" className="h-5 w-5" />
          Walk-in
        </Button>
      </div>

      {lastGuest ? (
        <div
          role="status"
          className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
        >
          <p className="text-sm text-ink">
            <strong>{lastGuest.name}</strong>{' '}
            {lastUndone
              ? 'check-in undone'
              : lastGuest.checkedInAt
                ? `checked in ${whenAndWhere(lastGuest)}`
                : 'checked in'}
          </p>
          {!lastUndone && lastGuest.checkedInAt ? (
            <Button variant="outline" className="min-h-11" onClick={() => void undo(lastGuest)}>
              Undo
            </Button>
          ) : null}
          {/* The badges helper's mount: print the badge of the guest just checked in. */}
          {!lastUndone && lastGuest.checkedInAt ? <PrintBadgeLink eventId={event.id} guest={lastGuest} /> : null}
        </div>
      ) : null}

      <Field label="Search">
        {(ids) => (
          <Input
            {...ids}
            type="search"
            placeholder="Name or company"
            autoComplete="off"
            className="min-h-11 text-base"
            value={query}
            onChange={(change) => {
              setQuery(change.target.value);
              setLimit(PAGE);
            }}
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
              variant={filter === value ? 'primary' : 'outline'}
              className="min-h-11 px-2 whitespace-normal"
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setLimit(PAGE);
              }}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>

      {loading ? null : shown.length === 0 ? (
        <p className="text-slate-600">
          {roster.length === 0
            ? 'No guests for this event yet'
            : filter === 'not-arrived' && query.trim() === ''
              ? 'Everyone has arrived'
              : 'No guests match'}
        </p>
      ) : (
        <>
          <ul aria-label="Guests" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {shown.slice(0, limit).map((listed) => {
              const guest = asShown(listed);
              return (
                <GuestRow
                  key={guest.key}
                  guest={guest}
                  when={guest.checkedInAt ? whenAndWhere(guest) : ''}
                  disabled={!actions.ready}
                  storing={guest !== listed}
                  Photo={Photo}
                  onCheckIn={checkIn}
                  onUndo={undo}
                />
              );
            })}
          </ul>
          {shown.length > limit ? (
            <Button
              variant="outline"
              size="lg"
              className="w-full"
              onClick={() => setLimit((current) => current + PAGE)}
            >
              Show more ({shown.length - limit} more)
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

      <WalkInDialog open={walkingIn} onOpenChange={setWalkingIn} roster={roster} onWalkIn={walkIn} />
      <ScanDialog
        open={scanning}
        onOpenChange={setScanning}
        eventId={event.id}
        roster={roster}
        requests={requests}
        titleOf={(id) => events.find((candidate) => candidate.id === id)?.title ?? null}
        onCheckIn={checkIn}
        whenAndWhere={whenAndWhere}
      />
    </div>
  );
}

/** A walk-in as the roster shows them until the replica has their row (for the last action's line). */
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

interface GuestRowProps {
  guest: RosterGuest;
  when: string;
  disabled: boolean;
  /** Checked in on screen, the row not stored yet: Undo waits (and keeps the focus the tap left on it). */
  storing: boolean;
  Photo: GuestPhoto;
  onCheckIn(guest: RosterGuest): Promise<void>;
  onUndo(guest: RosterGuest): Promise<void>;
}

/** One guest: photo, name, company, and 'Check in', or when and where they were checked in with 'Undo'. */
function GuestRow({ guest, when, disabled, storing, Photo, onCheckIn, onUndo }: GuestRowProps) {
  const inside = guest.checkedInAt !== null;
  return (
    <li className={cx('flex items-center gap-3 p-3', inside && 'bg-emerald-50')}>
      <Photo name={guest.name} photoUrl={guest.photoUrl} size={44} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink">{guest.name}</p>
        {guest.company ? <p className="truncate text-sm text-slate-700">{guest.company}</p> : null}
        {inside ? <p className="text-sm text-emerald-800">Checked in {when}</p> : null}
      </div>
      {inside ? (
        <Button
          variant="outline"
          className="min-h-11 min-w-20"
          disabled={disabled}
          aria-disabled={storing || undefined}
          onClick={() => {
            if (!storing) void onUndo(guest);
          }}
        >
          Undo
          <span className="sr-only"> check-in of {guest.name}</span>
        </Button>
      ) : (
        <Button className="min-h-11 min-w-24" disabled={disabled} onClick={() => void onCheckIn(guest)}>
          Check in
          <span className="sr-only"> {guest.name}</span>
        </Button>
      )}
    </li>
  );
}

/** The screen's own sync line: offline or online, and the check-ins still waiting for the server. */
function DoorStatus() {
  const { online, syncing, pending } = useDoorSync();
  const Icon = online ? RefreshCw : CloudOff;
  return (
    <p
      role="status"
      className={cx(
        'flex items-center gap-2 rounded-md px-3 py-2 text-sm',
        online ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900',
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      {[
        online ? (syncing ? 'Syncing...' : 'Online') : 'Offline',
        pending > 0 ? pendingLine(pending) : 'All check-ins synced',
      ].join(' · ')}
    </p>
  );
}

/** This device's name, which its check-ins carry ('on Door phone 2'). */
function DeviceName() {
  const device = useDevice();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? device.label;

  function save(event: FormEvent) {
    event.preventDefault();
    setDeviceLabel(value);
    setDraft(null);
    toast.success('Device name saved');
  }

  return (
    <form onSubmit={save} className="flex items-end gap-2">
      <Field label="This device's name" hint="Shown beside the check-ins made on it." className="flex-1">
        {(ids) => (
          <Input
            {...ids}
            className="min-h-11"
            maxLength={DEVICE_LABEL_MAX}
            placeholder="Door phone 1"
            value={value}
            onChange={(change) => setDraft(change.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" className="mb-6 min-h-11" disabled={draft === null}>
        Save
      </Button>
    </form>
  );
}
