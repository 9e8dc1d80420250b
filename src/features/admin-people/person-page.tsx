/**
 * Admin: a person's page (issue 32): their profile, the counts at a glance ('3 editions attended,
 * last in Lisbon, March 2026'; 'No-show 1 of the last 4'), every edition they asked for, were
 * invited to, approved, declined or waitlisted for, attended (checked in: when, on which device,
 * on the venue's clock) or missed, and their feedback. An admin may clear a no-show with a reason,
 * or count it again; both go to the server, which checks them (a connection is needed).
 *
 * The history comes from the admin's replica (offline too); the clearings and the feedback are in
 * no replica and are read online (docs/decisions/024-a-guest-across-the-series.md).
 */
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useAdminRows } from '../../data/admin-data.ts';
import { deviceName } from '../../data/door-device.ts';
import { useAttendeeMerges } from '../../data/person-merges.ts';
import { attendedGlance, noShowGlance } from '../../data/series-glance.ts';
import { type EditionOutcome, type PersonEdition, type PersonSummary } from '../../data/series-history.ts';
import {
  clearingsOf,
  clearNoShow,
  restoreNoShow,
  useNoShowClearings,
  usePersonFeedback,
  useSeriesIndex,
  type PersonFeedback,
} from '../../data/use-series-history.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { eventTimeZone, formatVenueDate, formatVenueDateTime } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, Textarea } from '../../ui/field.tsx';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';

const OUTCOME_LABELS: Record<EditionOutcome, string> = {
  attended: 'Attended',
  'no-show': 'No-show',
  cleared: 'No-show, cleared',
  upcoming: 'Expected',
  'not-recorded': 'Not recorded',
  none: '',
};

const REQUEST_LABELS: Record<string, string> = {
  pending: 'Asked (pending)',
  approved: 'Approved',
  declined: 'Declined',
  waitlisted: 'Waitlisted',
  invited: 'Invited',
};

export function PersonPage({ attendeeId }: { attendeeId: string }) {
  const attendees = useAdminRows('attendees');
  const merges = useAttendeeMerges();
  const liveMerges = merges.state.status === 'ready' ? merges.state.data.filter((m) => m.undone_at === null) : [];
  const clearings = useNoShowClearings();
  const { index } = useSeriesIndex(clearingsOf(clearings.state));
  const person = attendees?.find((attendee) => attendee.id === attendeeId);

  if (attendees === undefined || index === undefined) return <p className="text-slate-600">Loading...</p>;
  if (!person)
    return (
      <div className="space-y-4">
        <h2 className="text-2xl font-bold">Person not found</h2>
        <p className="text-slate-600">
          This person is not in the attendee list (deleted, or merged into another record).
        </p>
        <BackToAttendees />
      </div>
    );
  const summary = index.summaryOf(person.id);
  const clearingsRead = clearings.state.status === 'ready';

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold">{person.name}</h2>
          <p className="text-slate-700">{[person.job_title, person.company].filter(Boolean).join(', ')}</p>
          {liveMerges
            .filter((merge) => merge.kept_id === person.id)
            .map((merge) => (
              <p key={merge.id} className="text-sm text-slate-700">
                Also known as {merge.removed_email}
              </p>
            ))}
        </div>
        <BackToAttendees />
      </div>

      <Glance summary={summary} />
      {clearings.state.status === 'offline' || clearings.state.status === 'error' ? (
        <p role="status" className="text-sm text-amber-800">
          {clearings.state.status === 'offline'
            ? "You're offline: cleared no-shows are read online, so the counts may include some an admin cleared."
            : `Cleared no-shows could not be read: ${clearings.state.message}`}
        </p>
      ) : null}

      <section aria-labelledby="profile-heading" className="space-y-2">
        <h3 id="profile-heading" className="text-lg font-semibold">
          Profile
        </h3>
        <dl className="grid max-w-3xl grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Email</dt>
          <dd>{person.email}</dd>
          <dt className="text-slate-600">Company</dt>
          <dd>{person.company ?? ''}</dd>
          <dt className="text-slate-600">Job title</dt>
          <dd>{person.job_title ?? ''}</dd>
          <dt className="text-slate-600">LinkedIn</dt>
          <dd>
            {person.linkedin_url ? (
              <a className="underline" href={person.linkedin_url} target="_blank" rel="noreferrer noopener">
                {person.linkedin_url}
              </a>
            ) : (
              ''
            )}
          </dd>
          <dt className="text-slate-600">Bio</dt>
          <dd className="whitespace-pre-line">{person.bio || 'No bio available'}</dd>
        </dl>
      </section>

      <History summary={summary} attendeeId={person.id} canClear={clearingsRead} onChanged={clearings.reload} />
      <Feedback attendeeId={person.id} summary={summary} />
    </div>
  );
}

function BackToAttendees() {
  return (
    <Button asChild variant="outline">
      <Link to="/admin/attendees">Back to Attendees</Link>
    </Button>
  );
}

function Glance({ summary }: { summary: PersonSummary }) {
  const noShows = noShowGlance(summary);
  return (
    <section aria-label="At a glance" className="flex flex-wrap gap-3">
      <p className="rounded-md border border-slate-200 px-3 py-2 font-medium">{attendedGlance(summary)}</p>
      {noShows ? <p className="rounded-md border border-slate-200 px-3 py-2 font-medium">{noShows}</p> : null}
      {summary.oftenNoShow ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-medium text-amber-900">
          Often a no-show lately
        </p>
      ) : null}
    </section>
  );
}

function History({
  summary,
  attendeeId,
  canClear,
  onChanged,
}: {
  summary: PersonSummary;
  attendeeId: string;
  canClear: boolean;
  onChanged: () => void;
}) {
  return (
    <section aria-labelledby="history-heading" className="space-y-2">
      <h3 id="history-heading" className="text-lg font-semibold">
        History across editions
      </h3>
      {summary.editions.length === 0 ? (
        <p className="text-slate-600">No edition yet: not asked, invited or on any edition's list.</p>
      ) : (
        <Table>
          <TableCaption className="sr-only">
            Every edition, the latest first; dates and times on each venue's clock
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Edition</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Request</TableHead>
              <TableHead>Attendance</TableHead>
              <TableHead>Checked in</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {summary.editions.map((edition) => (
              <EditionRow
                key={edition.event.id}
                edition={edition}
                attendeeId={attendeeId}
                canClear={canClear}
                onChanged={onChanged}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function EditionRow({
  edition,
  attendeeId,
  canClear,
  onChanged,
}: {
  edition: PersonEdition;
  attendeeId: string;
  canClear: boolean;
  onChanged: () => void;
}) {
  const zone = eventTimeZone(edition.event);
  return (
    <TableRow>
      <TableHead scope="row" className="border-0 font-medium text-ink">
        {edition.event.title}
      </TableHead>
      <TableCell>{formatVenueDate(edition.event.start_date, zone)}</TableCell>
      <TableCell>{edition.request ? (REQUEST_LABELS[edition.request.status] ?? edition.request.status) : ''}</TableCell>
      <TableCell>
        {OUTCOME_LABELS[edition.outcome]}
        {edition.clearing ? (
          <span className="block text-xs text-slate-600">Reason: {edition.clearing.reason}</span>
        ) : null}
      </TableCell>
      <TableCell>
        {edition.checkedInAt ? (
          <>
            <time dateTime={edition.checkedInAt}>{formatVenueDateTime(edition.checkedInAt, zone)}</time>
            <span className="block text-xs text-slate-600">
              on {edition.checkedInOn ? deviceName(edition.checkedInOn.id, edition.checkedInOn.label) : ''}
            </span>
          </>
        ) : (
          ''
        )}
      </TableCell>
      <TableCell className="text-right">
        {edition.outcome === 'no-show' ? (
          <ClearNoShowDialog edition={edition} attendeeId={attendeeId} disabled={!canClear} onCleared={onChanged} />
        ) : edition.outcome === 'cleared' ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={!canClear}>
                Count as no-show again
              </Button>
            }
            title="Count this no-show again?"
            description={`The no-show at ${edition.event.title} will count against this guest again.`}
            confirmLabel="Count it again"
            destructive={false}
            onConfirm={async () => {
              try {
                await restoreNoShow(edition.event.id, attendeeId);
                onChanged();
                toast.success('No-show counts again');
              } catch (error) {
                toastError(error);
                throw error;
              }
            }}
          />
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function ClearNoShowDialog({
  edition,
  attendeeId,
  disabled,
  onCleared,
}: {
  edition: PersonEdition;
  attendeeId: string;
  disabled: boolean;
  onCleared: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formId = useId();

  async function submit() {
    if (reason.trim() === '') {
      setError('Say why the no-show is cleared');
      return;
    }
    setBusy(true);
    try {
      await clearNoShow(edition.event.id, attendeeId, reason.trim());
      onCleared();
      toast.success('No-show cleared');
      setOpen(false);
      setReason('');
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      trigger={
        <Button variant="outline" size="sm" disabled={disabled}>
          Clear no-show
        </Button>
      }
      title={`Clear the no-show at ${edition.event.title}?`}
      description="It will no longer count against this guest. The reason is kept with it, for admins only."
    >
      <form
        id={formId}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label="Reason" error={error}>
          {(ids) => (
            <Textarea {...ids} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Clear no-show
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Feedback({ attendeeId, summary }: { attendeeId: string; summary: PersonSummary }) {
  const { state } = usePersonFeedback(attendeeId);
  const titleOf = new Map(summary.editions.map((edition) => [edition.event.id, edition.event.title]));
  const shown: PersonFeedback[] | null =
    state.status === 'ready' ? state.data : state.status === 'offline' ? state.kept : null;
  return (
    <section aria-labelledby="feedback-heading" className="space-y-2">
      <h3 id="feedback-heading" className="text-lg font-semibold">
        Feedback
      </h3>
      {state.status === 'loading' ? <p className="text-slate-600">Loading...</p> : null}
      {state.status === 'error' ? <p className="text-red-700">{state.message}</p> : null}
      {state.status === 'offline' ? (
        <p className="text-sm text-amber-800">You're offline: feedback is read online.</p>
      ) : null}
      {shown && shown.length === 0 ? <p className="text-slate-600">No feedback given yet.</p> : null}
      {shown && shown.length > 0 ? (
        <ul className="space-y-3">
          {shown.map((answer) => (
            <li key={answer.id} className="rounded-md border border-slate-200 p-3">
              <p className="font-medium">
                {titleOf.get(answer.event_id) ?? 'An edition'}: rated {answer.rating} out of 5
              </p>
              {answer.quote ? <blockquote className="mt-1 italic">“{answer.quote}”</blockquote> : null}
              {answer.do_differently ? (
                <p className="mt-1 text-sm text-slate-700">To do differently: {answer.do_differently}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
