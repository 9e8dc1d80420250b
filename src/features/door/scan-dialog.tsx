/**
 * 'Scan code': the camera reads a guest's QR code (their personal link) and the local roster says
 * who it is, offline: a guest not in yet is checked in at once; one in already is said so, with when
 * and on which device; a code whose request was declined or waitlisted, another event's, or an
 * unknown one is said plainly. The scanner stays open
 * for the next guest.
 */
import { useState } from 'react';
import type { RosterGuest } from '../../data/door-roster.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { matchGuestCode } from './guest-code.ts';
import { QrScanner } from './qr-scanner.tsx';

export type ScanOutcome =
  | { kind: 'checked-in'; guest: RosterGuest }
  | { kind: 'already'; guest: RosterGuest }
  | { kind: 'not-on-list'; status: string }
  | { kind: 'other-event'; title: string | null }
  | { kind: 'unknown' };

export interface ScanDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  eventId: string;
  roster: readonly RosterGuest[];
  requests: readonly { event_id: string; status: string; guest_token?: string | null; attendee_id?: string | null }[];
  titleOf(eventId: string): string | null;
  onCheckIn(guest: RosterGuest): Promise<void>;
  /** 'at 9:05 AM on Door phone 1' for a guest who is in. */
  whenAndWhere(guest: RosterGuest): string;
}

export function ScanDialog({
  open,
  onOpenChange,
  eventId,
  roster,
  requests,
  titleOf,
  onCheckIn,
  whenAndWhere,
}: ScanDialogProps) {
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);

  function onCode(text: string) {
    const match = matchGuestCode(text, eventId, roster, requests);
    if (match.kind === 'unknown') setOutcome({ kind: 'unknown' });
    else if (match.kind === 'not-on-list') setOutcome(match);
    else if (match.kind === 'other-event') setOutcome({ kind: 'other-event', title: titleOf(match.eventId) });
    else if (match.guest.checkedInAt !== null) setOutcome({ kind: 'already', guest: match.guest });
    else {
      setOutcome({ kind: 'checked-in', guest: match.guest });
      void onCheckIn(match.guest);
    }
  }

  function close(next: boolean) {
    if (!next) setOutcome(null);
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Scan code">
      <div className="space-y-3">
        <div role="status" aria-live="assertive" className="min-h-12">
          {outcome ? <ScanOutcomeText outcome={outcome} whenAndWhere={whenAndWhere} /> : null}
        </div>
        {open ? <QrScanner onCode={onCode} onClose={() => close(false)} /> : null}
      </div>
    </Dialog>
  );
}

/**
 * What the door hears of a code whose request does not put its holder on the guest list: the code
 * went out with an approval that was later turned into a decline or a waiting-list place, or the
 * admin took the guest off the event. Letting them in is the staff's call (Walk-in).
 */
const NOT_ON_LIST: Partial<Record<string, string>> = {
  declined: 'Not on the guest list: their request was declined',
  waitlisted: 'Not on the guest list: they are on the waiting list',
  pending: 'Not on the guest list: their request is not approved yet',
};

function ScanOutcomeText({
  outcome,
  whenAndWhere,
}: {
  outcome: ScanOutcome;
  whenAndWhere(guest: RosterGuest): string;
}) {
  switch (outcome.kind) {
    case 'checked-in':
      return (
        <p className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
          <strong className="block text-lg">{outcome.guest.name}</strong>
          {outcome.guest.company ? <span className="block">{outcome.guest.company}</span> : null}
          Checked in
        </p>
      );
    case 'already':
      return (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <strong className="block text-lg">{outcome.guest.name}</strong>
          Already checked in {whenAndWhere(outcome.guest)}
        </p>
      );
    case 'not-on-list':
      return (
        <p className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {NOT_ON_LIST[outcome.status] ?? 'Not on the guest list'}
        </p>
      );
    case 'other-event':
      return (
        <p className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          This code is for another event{outcome.title ? `: ${outcome.title}` : ''}
        </p>
      );
    case 'unknown':
      return <p className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">Unknown code</p>;
  }
}
