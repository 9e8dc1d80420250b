/**
 * /admin/events (spec section 2, "Admin: Events"): the Add Event / Cancel toggle, the event form
 * (closed, create, or edit one event: spec section 4) and the event cards below it.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAdminActions, useAdminRowsPulled } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { FIRST_FIELD } from '../../ui/keep-focus.ts';
import { BackToDashboard } from '../../ui/list-page.tsx';
import { toast } from '../../ui/toaster.tsx';
import { eventsByStartDate } from './admin-rows.ts';
import { EventCard } from './event-card.tsx';
import { EventForm } from './event-form.tsx';

type FormMode = { kind: 'closed' } | { kind: 'create'; id: string } | { kind: 'edit'; id: string };

export interface EventsPageProps {
  /** The content of an event's Invitations tab (another feature's, combined by the route). */
  invitationsTab: (eventId: string) => ReactNode;
  /** The Reminders tab of a saved event (another feature's). */
  remindersTab: (eventId: string) => ReactNode;
  /** The Feedback tab of a saved event (another feature's). */
  feedbackTab: (eventId: string) => ReactNode;
}

export function EventsPage({ invitationsTab, remindersTab, feedbackTab }: EventsPageProps) {
  const events = useAdminRowsPulled('events', eventsByStartDate);
  const { remove } = useAdminActions();
  const [mode, setMode] = useState<FormMode>({ kind: 'closed' });
  const formRef = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const editing = mode.kind === 'edit' ? (events?.find((event) => event.id === mode.id) ?? null) : null;
  const formOpen = mode.kind === 'create' || editing !== null;
  const takenSlugs = useMemo(
    () =>
      new Set(
        (events ?? [])
          .filter((event) => event.id !== (mode.kind === 'closed' ? null : mode.id))
          .map((event) => event.slug)
          .filter((slug): slug is string => Boolean(slug)),
      ),
    [events, mode],
  );

  // Editing an event far down the list brings the form into view, and the keyboard's focus into its
  // first field: left on the card's Edit, the next Tab went on down the cards, away from the form.
  useEffect(() => {
    if (mode.kind === 'closed') return;
    const form = formRef.current;
    if (mode.kind === 'edit') form?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    form?.querySelector<HTMLElement>(FIRST_FIELD)?.focus({ preventScroll: true });
  }, [mode]);

  // The form leaves with the focus on its Save or Cancel: the focus goes back to Add Event.
  const close = () => {
    setMode({ kind: 'closed' });
    toggle.current?.focus();
  };

  const deleteEvent = async (id: string) => {
    await remove('events', id);
    if (mode.kind === 'edit' && mode.id === id) close();
    toast.success('Event deleted');
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold">Events</h2>
        <div className="flex gap-2">
          <Button
            ref={toggle}
            variant={formOpen ? 'outline' : 'primary'}
            onClick={() => (formOpen ? close() : setMode({ kind: 'create', id: crypto.randomUUID() }))}
          >
            {formOpen ? 'Cancel' : 'Add Event'}
          </Button>
          <BackToDashboard />
        </div>
      </div>
      {formOpen && mode.kind !== 'closed' ? (
        <div ref={formRef} className="scroll-mt-4">
          <EventForm
            key={mode.id}
            event={editing}
            id={mode.id}
            takenSlugs={takenSlugs}
            onDone={close}
            invitationsTab={invitationsTab}
            remindersTab={remindersTab}
            feedbackTab={feedbackTab}
          />
        </div>
      ) : null}
      {events === undefined ? (
        <p className="text-slate-600">Loading...</p>
      ) : events.length === 0 ? (
        <p className="text-slate-600">No events yet</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Events">
          {events.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              onEdit={() => setMode({ kind: 'edit', id: event.id })}
              onDelete={() => deleteEvent(event.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
