/**
 * The approval queue (issue 15), shared by the Invitations page (every event, with an event filter)
 * and an event's Invitations tab (that event only): the counts per status as the status filter, a
 * search over name, e-mail and company as the admin types, the event's seats ('32 of 40 seats'),
 * and approve / decline / waitlist for one request or for the selected ones, with progress and a
 * report. Everything reads and writes the admin's local replica, so it works offline.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useAdminRows, useAdminTablePulled, type SyncDoc } from '../../data/admin-data.ts';
import { useInviteDecisions } from '../../data/invite-decisions.ts';
import {
  DECISIONS,
  INVITE_STATUSES,
  STATUS_LABELS,
  countByStatus,
  matchesSearch,
  requestsNewestFirst,
  seatsLine,
  seatsTaken,
  type Decision,
  type InviteRequest,
  type InviteStatus,
} from '../../data/invite-queue.ts';
import { useUndeliveredMail } from '../../data/undelivered-mail.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';
import { ListRows } from '../../ui/list-page.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { DECISION_WORDS, DecisionProgress, DecisionReportPanel } from './decision-progress.tsx';
import { InvitationsTable } from './invitations-table.tsx';
import { useBulkDecisions } from './use-bulk-decisions.ts';

type EventDoc = SyncDoc<'events'>;
type StatusFilter = InviteStatus | 'all';

const eventsByStartDate = (a: EventDoc, b: EventDoc) =>
  Date.parse(a.start_date) - Date.parse(b.start_date) || a.title.localeCompare(b.title);

const requestsCount = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`;

export interface InvitationQueueProps {
  /** The event whose requests show (its tab); without it every event's, with a filter by event. */
  eventId?: string;
  /** Controls shown beside the filters (the tab's 'Invite guests'). */
  actions?: ReactNode;
}

export function InvitationQueue({ eventId, actions }: InvitationQueueProps) {
  const requests = useAdminRows('invite_requests', requestsNewestFirst);
  const pulled = useAdminTablePulled('invite_requests');
  const events = useAdminRows('events', eventsByStartDate);
  const links = useAdminRows('event_attendees');
  const decisions = useInviteDecisions();
  const bulk = useBulkDecisions();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [chosenEvent, setChosenEvent] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const statusLabelId = useId();

  const scopeEvent = eventId ?? chosenEvent;
  const loading = requests === undefined || (!pulled && requests.length === 0);
  const eventTitles = useMemo(() => new Map((events ?? []).map((event) => [event.id, event.title])), [events]);
  const eventZones = useMemo(() => new Map((events ?? []).map((event) => [event.id, eventTimeZone(event)])), [events]);
  const inScope = useMemo(
    () => (requests ?? []).filter((request) => scopeEvent === '' || request.event_id === scopeEvent),
    [requests, scopeEvent],
  );
  const counts = useMemo(() => countByStatus(inScope), [inScope]);
  const undelivered = useUndeliveredMail(
    eventId,
    // A status, and the server's stamp: read again once a decision has reached the server, too.
    useMemo(() => inScope.map((request) => `${request.id}:${request.status}:${request.modified}`).join(','), [inScope]),
  );
  const shown = useMemo(
    () => inScope.filter((request) => (status === 'all' || request.status === status) && matchesSearch(request, query)),
    [inScope, status, query],
  );
  // The selection is what is selected among the rows shown: a filter hides rows from a bulk decision too.
  const chosen = useMemo(() => shown.filter((request) => selected.has(request.id)), [shown, selected]);
  const event = scopeEvent === '' ? undefined : events?.find((candidate) => candidate.id === scopeEvent);
  const taken = event ? seatsTaken(requests ?? [], links ?? [], event.id) : 0;
  const seats = event ? seatsLine(taken, event.capacity) : null;
  const overBy = event?.capacity ? taken - event.capacity : 0;
  const busy = bulk.progress !== null;

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectAll = (on: boolean) => setSelected(on ? new Set(shown.map((request) => request.id)) : new Set());

  async function decideOne(request: InviteRequest, decision: Decision) {
    try {
      await decisions.decide(request, decision);
      toast.success(`Request ${DECISION_WORDS[decision].done}`, { description: request.name });
    } catch (error) {
      toastError(error);
    }
  }

  async function decideChosen(decision: Decision) {
    const targets = chosen;
    try {
      const report = await bulk.run(targets, decision);
      if (report) setSelected(new Set());
    } catch (error) {
      toastError(error);
    }
  }

  const empty =
    (requests ?? []).length === 0
      ? 'No requests for an invite yet'
      : inScope.length === 0
        ? 'No requests for this event yet'
        : 'No requests match these filters';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span id={statusLabelId} className="text-sm font-medium text-ink">
          Status
        </span>
        <div role="group" aria-labelledby={statusLabelId} className="flex flex-wrap gap-1">
          {(['all', ...INVITE_STATUSES] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={status === value ? 'primary' : 'outline'}
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
            >
              {value === 'all' ? 'All' : STATUS_LABELS[value]} ({value === 'all' ? inScope.length : counts[value]})
            </Button>
          ))}
        </div>
        {actions ? <div className="ml-auto flex flex-wrap gap-2">{actions}</div> : null}
      </div>

      <div className="flex flex-wrap items-end gap-3">
        {eventId ? null : (
          <Field label="Event" className="min-w-56 flex-1">
            {(ids) => (
              <Select {...ids} value={chosenEvent} onChange={(change) => setChosenEvent(change.target.value)}>
                <option value="">All events</option>
                {(events ?? []).map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label="Search" className="min-w-56 flex-1">
          {(ids) => (
            <Input
              {...ids}
              type="search"
              placeholder="Name, e-mail or company"
              value={query}
              onChange={(change) => setQuery(change.target.value)}
            />
          )}
        </Field>
      </div>

      {seats ? (
        <p className="text-sm font-medium text-ink">
          {seats}
          {overBy > 0 ? <span className="ml-2 text-red-700">({overBy} over capacity)</span> : null}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3">
        <span className="mr-2 text-sm text-slate-700" aria-live="polite">
          {chosen.length} selected
        </span>
        {DECISIONS.map((decision) => {
          const words = DECISION_WORDS[decision];
          const bulkUnavailable = chosen.length === 0 || busy || !decisions.ready;
          return (
            <ConfirmDialog
              key={decision}
              title={`${words.action} ${requestsCount(chosen.length)}?`}
              description="Each guest is sent a message about it once the change reaches the server."
              confirmLabel={words.action}
              destructive={decision === 'declined'}
              onConfirm={() => {
                // The dialog closes at once; the progress shows on the page.
                void decideChosen(decision);
              }}
              trigger={
                // Unavailable, not disabled: the dialog gives the focus back to this button when it
                // closes, as the decision starts and the selection empties.
                <Button
                  variant="outline"
                  size="sm"
                  aria-disabled={bulkUnavailable || undefined}
                  onClick={(click) => {
                    if (bulkUnavailable) click.preventDefault();
                  }}
                >
                  {words.action} selected
                </Button>
              }
            />
          );
        })}
        <Button variant="ghost" size="sm" disabled={chosen.length === 0 || busy} onClick={() => setSelected(new Set())}>
          Clear selection
        </Button>
      </div>

      {bulk.progress ? <DecisionProgress progress={bulk.progress} /> : null}
      {/* There from the first render, so that screen readers announce the report when it comes. */}
      <div role="status" className={bulk.report ? undefined : 'sr-only'}>
        {bulk.report ? <DecisionReportPanel report={bulk.report} onDismiss={bulk.dismissReport} /> : null}
      </div>

      <ListRows rows={loading ? undefined : shown} empty={empty}>
        {(rows) => (
          <InvitationsTable
            requests={rows}
            {...(eventId ? {} : { eventTitles })}
            eventZones={eventZones}
            undelivered={undelivered}
            selected={selected}
            onSelect={select}
            onSelectAll={selectAll}
            onDecide={(request, decision) => void decideOne(request, decision)}
            busy={busy}
            caption={`Requests for an invite, newest first${event ? `, for ${event.title}` : ''}`}
          />
        )}
      </ListRows>
    </div>
  );
}
