/**
 * 'Join the Leaders' (spec section 2): shown when the event has attendees or why_attend points. The
 * attendee grids come first (nav 'Attendees', the section's anchor), then up to 4 why_attend cards
 * under their own anchor (nav 'Why Attend'), then 'Register Now': the external request page when
 * the event names one, else the site's own invite request form while the event has not ended, else
 * the contact form.
 */
import { CircleCheck, ExternalLink } from 'lucide-react';
import type { EventPage, PastAttendee } from '../../data/public-content.ts';
import { Button } from '../../ui/button.tsx';
import type { AttendeeSlots } from './attendee-slots.ts';
import {
  CONTACT_SECTION_ID,
  MAX_WHY_ATTEND_CARDS,
  hasText,
  inGridOrder,
  points,
  takesInviteRequests,
} from './event-texts.ts';
import type { RequestInviteSlot } from './invite-slot.ts';
import { scrollToSection } from './scroll.ts';
import { usePassed } from '../../lib/use-passed.ts';

export function LeadersSection({
  page,
  slots,
  requestInvite,
}: {
  page: EventPage;
  slots: AttendeeSlots;
  requestInvite: RequestInviteSlot;
}) {
  const { event } = page;
  const ended = usePassed(event.end_date);
  const links = inGridOrder(page.attendees);
  const byType = (type: 'current' | 'past') =>
    links.flatMap((link) =>
      link.attendee_type === type && link.attendee ? [{ key: link.id, attendee: link.attendee }] : [],
    );
  const current = byType('current');
  const past = byType('past');
  const whyAttend = points(event.why_attend).slice(0, MAX_WHY_ATTEND_CARDS);
  if (current.length + past.length === 0 && whyAttend.length === 0) return null;
  const hasAttendees = current.length + past.length > 0;

  return (
    <section
      id={hasAttendees ? 'attendees' : undefined}
      aria-labelledby="leaders-heading"
      tabIndex={hasAttendees ? -1 : undefined}
      style={{ outline: 'none' }}
      className="below-fold scroll-mt-2 py-12 sm:py-16"
    >
      <div className="mx-auto max-w-[1300px] px-4 sm:px-6">
        <h2 id="leaders-heading" className="text-3xl font-bold tracking-tight text-ink">
          Join the Leaders
        </h2>
        <p className="mt-2 max-w-3xl text-lg text-slate-700">
          An invite-only room of chief data officers and enterprise AI leaders.
        </p>
        <AttendeeGroup title="Current Attendees" attendees={current} slots={slots} />
        <AttendeeGroup title="Past Attendees" attendees={past} slots={slots} />
        {whyAttend.length > 0 ? (
          <div id="why-attend" tabIndex={-1} style={{ outline: 'none' }} className="mt-12 scroll-mt-2">
            <h3 className="text-2xl font-semibold text-ink">Why Attend</h3>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {whyAttend.map((point, index) => (
                <li
                  key={`${index}-${point}`}
                  className="flex gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
                >
                  <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-strong" />
                  <span className="text-slate-800">{point}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-10">
          {hasText(event.request_invite_url) ? (
            <Button asChild size="lg">
              <a href={event.request_invite_url} target="_blank" rel="noopener noreferrer">
                Register Now
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          ) : takesInviteRequests(event, ended) ? (
            requestInvite(<Button size="lg">Register Now</Button>)
          ) : (
            <Button size="lg" onClick={() => scrollToSection(CONTACT_SECTION_ID)}>
              Register Now
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

function AttendeeGroup({
  title,
  attendees,
  slots,
}: {
  title: string;
  attendees: { key: string; attendee: PastAttendee }[];
  slots: AttendeeSlots;
}) {
  if (attendees.length === 0) return null;
  return (
    <div className="mt-10">
      <h3 className="text-2xl font-semibold text-ink">{title}</h3>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {attendees.map(({ key, attendee }) => (
          <li key={key}>{slots.card(attendee)}</li>
        ))}
      </ul>
    </div>
  );
}
