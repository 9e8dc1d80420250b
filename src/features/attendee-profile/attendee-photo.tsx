import type { PastAttendee } from '../../data/public-content.ts';
import { cx } from '../../lib/class-names.ts';
import { initialsOf } from './priorities.ts';
import { shownImage } from '../../lib/shown-image.ts';

export interface AttendeePhotoProps {
  attendee: Pick<PastAttendee, 'name' | 'photo_url'>;
  /** Rendered size in CSS pixels (square): width and height are explicit so nothing shifts. */
  size: number;
  className?: string;
  /** Photos below the fold load lazily; the dialog's photo is wanted at once. */
  loading?: 'lazy' | 'eager';
}

/** An attendee's round photo, or their initials on a tinted disc when there is none. */
export function AttendeePhoto({ attendee, size, className, loading = 'lazy' }: AttendeePhotoProps) {
  const style = { width: size, height: size };
  const photo = shownImage(attendee.photo_url);
  if (photo) {
    return (
      <img
        src={photo}
        alt=""
        width={size}
        height={size}
        loading={loading}
        decoding="async"
        style={style}
        className={cx('shrink-0 rounded-full bg-slate-200 object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: Math.round(size * 0.36) }}
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-700',
        className,
      )}
    >
      {initialsOf(attendee.name)}
    </span>
  );
}
