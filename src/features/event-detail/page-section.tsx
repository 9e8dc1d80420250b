import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

export interface PageSectionProps {
  /** The anchor the section nav and buttons scroll to. */
  id: string;
  title: ReactNode;
  /** A line under the heading. */
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * One titled section of the event page. Its scroll margin clears the sticky site header and section
 * nav, and it takes focus from in-page links (tabIndex -1; no outline, as it is never tabbed to).
 */
export function PageSection({ id, title, intro, children, className }: PageSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={-1}
      style={{ outline: 'none' }}
      className={cx('below-fold scroll-mt-2 py-12 sm:py-16', className)}
    >
      <div className="mx-auto max-w-[1300px] px-4 sm:px-6">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        {intro ? <p className="mt-2 max-w-3xl text-lg text-slate-700">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
