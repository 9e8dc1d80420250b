/**
 * 'Past Attendees': people who attended past editions, twelve at first and twelve more per 'View
 * More' until all show (spec sections 2 and 9). The cards and their profile dialog come from the
 * route (`renderGrid`), since features do not import each other. After each 'View More' a status
 * line says how many show; when the button goes away, focus moves to that line instead of the page.
 */
import { useRef, useState, type ReactNode } from 'react';
import type { LiveRead, PastAttendee } from '../../data/public-content.ts';
import { isUnanswered } from '../../data/public-content.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { Button } from '../../ui/button.tsx';
import { ATTENDEE_PAGE_SIZE, nextVisibleCount } from './paging.ts';

export const NO_PAST_ATTENDEES = 'Past attendee profiles coming soon!';

export interface PastAttendeesProps {
  state: LiveRead<PastAttendee[]>;
  renderGrid: (attendees: PastAttendee[]) => ReactNode;
}

export function PastAttendees({ state, renderGrid }: PastAttendeesProps) {
  const [shown, setShown] = useState(ATTENDEE_PAGE_SIZE);
  const [expanded, setExpanded] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);

  const total = state.status === 'ready' ? state.data.length : 0;
  const offlineWithNothing = !useOnline() && isUnanswered(state);
  const visible = Math.min(shown, total);
  const viewMore = () => {
    const next = nextVisibleCount(visible, total);
    setShown(next);
    setExpanded(true);
    // The button is about to disappear: keep the keyboard user where they were.
    if (next >= total) requestAnimationFrame(() => statusRef.current?.focus());
  };

  return (
    <section aria-labelledby="past-attendees-heading" className="below-fold bg-slate-50">
      <div className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
        <h2 id="past-attendees-heading" className="text-3xl font-bold tracking-tight">
          Past Attendees
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700">
          Chief data officers, chief AI officers and their peers who have shared a table with us.
        </p>
        {state.status === 'loading' ? (
          <p role="status" className="mt-8 text-slate-700">
            Loading...
          </p>
        ) : offlineWithNothing ? (
          <OfflineNotice what="Past attendees" className="mt-8" />
        ) : total === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {NO_PAST_ATTENDEES}
          </p>
        ) : (
          <>
            <div className="mt-8">{renderGrid(state.data.slice(0, visible))}</div>
            <p
              ref={statusRef}
              tabIndex={-1}
              role="status"
              className={expanded ? 'mt-6 text-center text-sm text-slate-700 outline-none' : 'sr-only'}
            >
              {expanded ? `Showing ${visible} of ${total} attendees` : ''}
            </p>
            {visible < total ? (
              <div className="mt-4 flex justify-center">
                <Button variant="outline" size="lg" onClick={viewMore}>
                  View More
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
