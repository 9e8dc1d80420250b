/**
 * The requests of the approval queue as a table: a checkbox per row (and one for every row shown),
 * name, e-mail, company with the job title under it, the event (on the Invitations page), status,
 * when it was asked, and approve / decline / waitlist. The name opens the row's details: 'Why you', LinkedIn, consent.
 */
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  DECISIONS,
  STATUS_LABELS,
  hasDecision,
  isInviteStatus,
  type Decision,
  type InviteRequest,
} from '../../data/invite-queue.ts';
import type { UndeliveredMail } from '../../data/undelivered-mail.ts';
import { cx } from '../../lib/class-names.ts';
import { formatShortDate } from '../../lib/format-date.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zones.ts';
import { Button } from '../../ui/button.tsx';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table.tsx';
import { DECISION_WORDS } from './decision-progress.tsx';

const STATUS_LOOKS: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
  waitlisted: 'bg-sky-100 text-sky-900',
  invited: 'bg-violet-100 text-violet-900',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STATUS_LOOKS[status] ?? 'bg-slate-100 text-slate-800',
      )}
    >
      {isInviteStatus(status) ? STATUS_LABELS[status] : status}
    </span>
  );
}

/** What each message about a request's status is called in the back office. */
const MAIL_NAMES: Record<string, string> = {
  received: 'Request acknowledgement',
  approved: 'Confirmation',
  invited: 'Invitation',
  waitlisted: 'Waitlist notice',
  declined: 'Decline notice',
};

/** Under a request's status: its last message about it has not reached the guest. */
function UndeliveredNote({ mail }: { mail: UndeliveredMail | undefined }) {
  if (!mail) return null;
  const name = MAIL_NAMES[mail.kind] ?? 'Status';
  return (
    <span className="mt-1 block text-xs font-medium text-red-800">
      {mail.given_up ? `${name} e-mail not delivered` : `${name} e-mail refused; trying again`}
    </span>
  );
}

/** '6 Mar 2026' on the clock of the request's event (a request at 16:30 UTC is already the 6th in Tokyo). */
function shortDate(timestamp: string | undefined, zone: string): string {
  const date = timestamp ? new Date(timestamp) : null;
  return date && !Number.isNaN(date.getTime()) ? formatShortDate(date, zone) : '';
}

export interface InvitationsTableProps {
  requests: readonly InviteRequest[];
  /** Event titles by id, for the Event column; without it (an event's own tab) there is none. */
  eventTitles?: ReadonlyMap<string, string>;
  /** Each event's zone by id (`eventTimeZone`): a request's dates are on its event's clock, UTC if unknown. */
  eventZones: ReadonlyMap<string, string>;
  /** The requests whose last message about their status has not reached the guest, by id. */
  undelivered: ReadonlyMap<string, UndeliveredMail>;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  /** Selects or clears every row shown. */
  onSelectAll: (selected: boolean) => void;
  onDecide: (request: InviteRequest, decision: Decision) => void;
  /** While a bulk decision runs, the row actions wait. */
  busy: boolean;
  caption: string;
}

export function InvitationsTable({
  requests,
  eventTitles,
  eventZones,
  undelivered,
  selected,
  onSelect,
  onSelectAll,
  onDecide,
  busy,
  caption,
}: InvitationsTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const selectAll = useRef<HTMLInputElement>(null);
  const chosen = requests.filter((request) => selected.has(request.id)).length;
  const all = chosen > 0 && chosen === requests.length;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  const columns = eventTitles ? 8 : 7;
  const zoneOf = (request: InviteRequest) => eventZones.get(request.event_id) ?? DEFAULT_TIME_ZONE;

  const toggleDetails = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Table className="min-w-[60rem]">
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <input
              ref={selectAll}
              type="checkbox"
              aria-label="Select all shown"
              className="h-4 w-4 accent-brand"
              checked={all}
              onChange={(change) => onSelectAll(change.target.checked)}
            />
          </TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Company, Job Title</TableHead>
          {eventTitles ? <TableHead>Event</TableHead> : null}
          <TableHead>Status</TableHead>
          <TableHead>Requested</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {requests.map((request) => {
          const detailsId = `invite-details-${request.id}`;
          const expanded = open.has(request.id);
          return [
            <TableRow key={request.id} className={selected.has(request.id) ? 'bg-slate-50' : undefined}>
              <TableCell>
                <input
                  type="checkbox"
                  aria-label={`Select ${request.name}`}
                  className="h-4 w-4 accent-brand"
                  checked={selected.has(request.id)}
                  onChange={(change) => onSelect(request.id, change.target.checked)}
                />
              </TableCell>
              <th scope="row" className="px-4 py-3 text-left font-medium text-ink">
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={expanded ? detailsId : undefined}
                  onClick={() => toggleDetails(request.id)}
                  className="inline-flex items-center gap-1 rounded-sm text-left hover:underline"
                >
                  {expanded ? (
                    <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
                  ) : (
                    <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0" />
                  )}
                  {request.name}
                </button>
              </th>
              <TableCell className="break-all text-slate-700">
                {request.email}
                {request.attendee_id ? (
                  <Link
                    to="/admin/person"
                    search={{ id: request.attendee_id }}
                    aria-label={`History of ${request.name}`}
                    className="block text-xs text-slate-600 underline"
                  >
                    History
                  </Link>
                ) : null}
              </TableCell>
              <TableCell className="text-slate-700">
                {request.company}
                {request.job_title ? <span className="block text-xs text-slate-600">{request.job_title}</span> : null}
              </TableCell>
              {eventTitles ? (
                <TableCell className="text-slate-700">{eventTitles.get(request.event_id) ?? ''}</TableCell>
              ) : null}
              <TableCell>
                <StatusBadge status={request.status} />
                <UndeliveredNote mail={undelivered.get(request.id)} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-slate-700">
                {shortDate(request.created_at, zoneOf(request))}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <span className="inline-flex gap-1">
                  {DECISIONS.map((decision) => {
                    // Unavailable, not disabled: the button just pressed turns unavailable, and a
                    // disabled button would drop the keyboard's focus to the page.
                    const unavailable = busy || hasDecision(request.status, decision);
                    return (
                      <Button
                        key={decision}
                        variant="outline"
                        size="sm"
                        className="px-2"
                        aria-disabled={unavailable || undefined}
                        aria-label={`${DECISION_WORDS[decision].action} ${request.name}`}
                        onClick={() => {
                          if (!unavailable) onDecide(request, decision);
                        }}
                      >
                        {DECISION_WORDS[decision].action}
                      </Button>
                    );
                  })}
                </span>
              </TableCell>
            </TableRow>,
            expanded ? (
              <tr key={`${request.id}-details`} id={detailsId}>
                <td colSpan={columns} className="bg-slate-50 px-4 py-3">
                  <RequestDetails request={request} zone={zoneOf(request)} />
                </td>
              </tr>
            ) : null,
          ];
        })}
      </TableBody>
    </Table>
  );
}

function RequestDetails({ request, zone }: { request: InviteRequest; zone: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-slate-700">Why you</dt>
      <dd className="whitespace-pre-line text-ink">{request.reason?.trim() || 'Not given'}</dd>
      <dt className="font-medium text-slate-700">LinkedIn</dt>
      <dd>
        {request.linkedin_url ? (
          <a
            href={request.linkedin_url}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand-strong underline"
          >
            {request.linkedin_url}
          </a>
        ) : (
          <span className="text-ink">Not given</span>
        )}
      </dd>
      <dt className="font-medium text-slate-700">May be contacted</dt>
      <dd className="text-ink">{request.consent ? 'Yes' : 'No'}</dd>
      {request.status_changed_at ? (
        <>
          <dt className="font-medium text-slate-700">Status since</dt>
          <dd className="text-ink">{shortDate(request.status_changed_at, zone)}</dd>
        </>
      ) : null}
    </dl>
  );
}
