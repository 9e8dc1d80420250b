/**
 * An attendee as grids show them (photo or initials, name, job title, company); the whole card is a
 * button that opens the page's 'Attendee Profile' dialog (profile-host.tsx), which then gives focus
 * back to the card.
 */
import type { PastAttendee } from '../../data/public-content.ts';
import { cx } from '../../lib/class-names.ts';
import { AttendeePhoto } from './attendee-photo.tsx';
import { present } from './priorities.ts';
import { useOpenProfile } from './profile-host.tsx';

export interface AttendeeCardProps {
  attendee: PastAttendee;
  className?: string;
}

export function AttendeeCard({ attendee, className }: AttendeeCardProps) {
  const openProfile = useOpenProfile();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={(event) => openProfile(attendee, event.currentTarget)}
      className={cx(
        'flex h-full w-full flex-col items-center rounded-lg border border-slate-200 bg-white p-4 text-center',
        'transition-shadow hover:shadow-md',
        className,
      )}
    >
      <AttendeePhoto attendee={attendee} size={96} />
      <span className="mt-3 font-semibold text-ink">{attendee.name}</span>
      {present(attendee.job_title) ? <span className="mt-1 text-sm text-slate-700">{attendee.job_title}</span> : null}
      {present(attendee.company) ? <span className="text-sm text-slate-600">{attendee.company}</span> : null}
    </button>
  );
}

export interface AttendeeGridProps {
  attendees: PastAttendee[];
  className?: string;
}

/** A responsive grid of attendee cards. */
export function AttendeeGrid({ attendees, className }: AttendeeGridProps) {
  return (
    <ul className={cx('grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4', className)}>
      {attendees.map((attendee) => (
        <li key={attendee.id}>
          <AttendeeCard attendee={attendee} />
        </li>
      ))}
    </ul>
  );
}
