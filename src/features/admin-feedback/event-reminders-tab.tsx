/**
 * An event's Reminders tab (issue 31): what the server will send and when, on the venue's clock
 * ('Reminders: Mon 9 Mar 9:00 AM GST to 34 guests'), a switch for each reminder, the feedback
 * request's delay after the end, and what was sent. The switches and the delay are the event's own
 * columns, written to the admin's replica like any other edit (offline too; they sync); what was
 * sent is read online (src/data/event-feedback.ts).
 */
import { useId, useMemo, useState } from 'react';
import { useAdminActions, useAdminRows } from '../../data/admin-data.ts';
import { useEventGuestMessages, type EventGuestMessage } from '../../data/event-feedback.ts';
import { useRoster } from '../../data/use-roster.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { toastError } from '../../ui/toaster.tsx';
import { feedbackRequestAt, formatScheduleTime, guestCount, reminderSchedule } from './reminder-schedule.ts';

const KIND_LABELS: Record<EventGuestMessage['kind'], string> = {
  reminder_day_before: 'Reminder, the day before',
  reminder_morning: 'Reminder, the morning of',
  feedback_request: 'Feedback request',
};

const DELAYS = [
  { minutes: 60, label: '1 hour' },
  { minutes: 120, label: '2 hours' },
  { minutes: 240, label: '4 hours' },
  { minutes: 720, label: '12 hours' },
  { minutes: 1440, label: '1 day' },
];

export function EventRemindersTab({ eventId }: { eventId: string }) {
  const events = useAdminRows('events');
  const requests = useAdminRows('invite_requests');
  const links = useAdminRows('event_attendees');
  const { guests } = useRoster(eventId);
  const { patch } = useAdminActions();
  const delayId = useId();
  // When the tab was opened: an event that starts while it is open is told apart on the next opening.
  const [openedAt] = useState(() => Date.now());
  const event = events?.find((row) => row.id === eventId);

  // Approved and invited guests still on the event: who a reminder goes to.
  const remindable = useMemo(() => {
    const onEvent = new Set((links ?? []).filter((link) => link.event_id === eventId).map((link) => link.attendee_id));
    return (requests ?? []).filter(
      (request) =>
        request.event_id === eventId &&
        (request.status === 'approved' || request.status === 'invited') &&
        request.attendee_id !== null &&
        onEvent.has(request.attendee_id),
    ).length;
  }, [requests, links, eventId]);
  const checkedIn = (guests ?? []).filter((guest) => guest.checkedInAt !== null).length;

  if (!event) return <p className="text-slate-600">Loading...</p>;
  const zone = eventTimeZone(event);
  const schedule = reminderSchedule(event);
  const feedbackAt = feedbackRequestAt(event);
  const started = new Date(event.start_date).getTime() <= openedAt;
  const save = (change: Parameters<typeof patch<'events'>>[2]) =>
    void patch('events', eventId, change).catch(toastError);

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${delayId}-reminders`} className="space-y-3">
        <h4 id={`${delayId}-reminders`} className="text-lg font-semibold">
          Reminders
        </h4>
        <p className="text-sm text-slate-600">
          Sent to approved and invited guests with their pass and the calendar file, at hours of the venue&apos;s time
          zone. Nobody declined, waitlisted or removed gets one, and none goes once the event has started.
        </p>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {schedule.map((reminder) => {
            const column = reminder.kind === 'reminder_day_before' ? 'reminder_day_before' : 'reminder_morning';
            const switchId = `${delayId}-${reminder.kind}`;
            return (
              <li key={reminder.kind} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{reminder.label}</p>
                  <p className="text-sm text-slate-700">
                    {!reminder.on
                      ? 'Off: not sent'
                      : started
                        ? 'The event has started: no more reminders'
                        : reminder.beforeStart
                          ? `Reminders: ${formatScheduleTime(reminder.at, zone)} to ${guestCount(remindable)}`
                          : 'Not sent: the event starts before then'}
                  </p>
                </div>
                <label htmlFor={switchId} className="flex items-center gap-2 text-sm font-medium">
                  <input
                    id={switchId}
                    type="checkbox"
                    role="switch"
                    className="h-5 w-5 accent-brand"
                    checked={reminder.on}
                    onChange={(change) => save({ [column]: change.target.checked })}
                  />
                  Send {reminder.label.toLowerCase()}
                </label>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby={`${delayId}-feedback`} className="space-y-3">
        <h4 id={`${delayId}-feedback`} className="text-lg font-semibold">
          Feedback request
        </h4>
        <p className="text-sm text-slate-700">
          {`Feedback request: ${formatScheduleTime(feedbackAt, zone)} to every checked-in guest`}
          {checkedIn > 0 ? ` (${guestCount(checkedIn, 'guest')} checked in so far)` : ''}. Only events that ended within
          the last 14 days are asked about.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={delayId} className="text-sm font-medium">
            Ask after the end
          </label>
          <select
            id={delayId}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            value={event.feedback_delay_minutes}
            onChange={(change) => save({ feedback_delay_minutes: Number(change.target.value) })}
          >
            {DELAYS.some((delay) => delay.minutes === event.feedback_delay_minutes) ? null : (
              <option value={event.feedback_delay_minutes}>{`${event.feedback_delay_minutes} minutes`}</option>
            )}
            {DELAYS.map((delay) => (
              <option key={delay.minutes} value={delay.minutes}>
                {delay.label}
              </option>
            ))}
          </select>
        </div>
      </section>
      <SentMessages eventId={eventId} zone={zone} />
    </div>
  );
}

function statusOf(message: EventGuestMessage, zone: string): string {
  if (message.sent_at) return `Sent ${formatScheduleTime(new Date(message.sent_at), zone)}`;
  if (message.cancelled_at) return 'Not sent: no longer applies';
  if (message.given_up) return 'Not sent: the mail server refused it 10 times; no more tries';
  if (message.failing) return 'Not sent yet: the mail server refused it; trying again';
  return 'Sending';
}

function SentMessages({ eventId, zone }: { eventId: string; zone: string }) {
  const { state } = useEventGuestMessages(eventId);
  const headingId = useId();
  const messages = state.status === 'ready' ? state.data : state.status === 'offline' ? state.kept : null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h4 id={headingId} className="text-lg font-semibold">
        What was sent
      </h4>
      {state.status === 'offline' ? <OfflineNotice what="What was sent" /> : null}
      {state.status === 'error' ? <p role="alert">{state.message}</p> : null}
      {state.status === 'loading' ? <p className="text-slate-600">Loading...</p> : null}
      {messages && messages.length === 0 ? <p className="text-slate-600">Nothing sent yet</p> : null}
      {messages && messages.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Messages sent">
          {messages.map((message) => (
            <li key={message.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
              <span>
                <span className="font-medium">{message.name ?? 'A guest'}</span>{' '}
                <span className="text-slate-600">{message.email}</span>
              </span>
              <span className="text-slate-700">
                {KIND_LABELS[message.kind]}: {statusOf(message, zone)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
