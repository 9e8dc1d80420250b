/** One guest of the check-in screen's list, with the button a thumb taps. */
import type { ComponentType } from 'react';
import type { RosterGuest } from '../../data/door-roster.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';

/** A guest's round photo, or their initials (the site's attendee photo, given by the route). */
export type GuestPhoto = ComponentType<{ name: string; photoUrl: string | null; size: number }>;

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
export function GuestRow({ guest, when, disabled, storing, Photo, onCheckIn, onUndo }: GuestRowProps) {
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
