/**
 * 'Invite a list' (issue 15): the admin chooses the event, pastes a CSV list or picks a file (its
 * text lands in the same box, to check or edit), or chooses people from past editions (issue 32,
 * past-guests.ts), sees what each row will do (invited, already on the list with its status,
 * invalid with the reason, a duplicate of an earlier row), then invites.
 * The writes go to the admin's local replica like every back-office edit, so this works offline and
 * syncs later; a report says what was invited, updated, skipped and what failed. The policy is in
 * invite-list.ts and on screen.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useAdminActions, useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import { useBatchWrite } from '../../data/use-batch-write.ts';
import { preloadCsvReader, readCsvFile } from '../../lib/csv.ts';
import type { CsvTable } from '../../lib/csv-table.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { eventTimeZone, formatVenueDate } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '../../ui/field.tsx';
import { ImportPreview, ImportReport } from '../../ui/import-preview.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { clearingsOf, useNoShowClearings, useSeriesIndex } from '../../data/use-series-history.ts';
import { RunProgress } from '../../ui/progress.tsx';
import { toast } from '../../ui/toaster.tsx';
import {
  countsOf,
  invitationWrites,
  inviteReportOf,
  outcomeOf,
  planInvitations,
  readInviteList,
  type InviteListColumn,
  type InviteReport,
  type PlannedInvite,
} from './invite-list.ts';
import { PastGuestPicker } from './past-guest-picker.tsx';
import { NO_PAST_GUEST_CRITERIA, choosePastGuests, pastGuestRows, type PastGuestCriteria } from './past-guests.ts';

export interface InviteListDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The event to preselect (the event's own Invitations tab). */
  eventId?: string;
}

type EventDoc = SyncDoc<'events'>;

const byStartDate = (a: EventDoc, b: EventDoc) => Date.parse(a.start_date) - Date.parse(b.start_date);

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const RESULT_COLOURS: Record<PlannedInvite['action'], string> = {
  invite: 'text-green-800',
  reinvite: 'text-blue-800',
  keep: 'text-slate-700',
  invalid: 'text-red-700',
  duplicate: 'text-red-700',
};

export function InviteListDialog({ open, onOpenChange, eventId }: InviteListDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite guests"
      description="Paste a CSV list or choose a file, or choose people from past editions."
      className="sm:max-w-4xl"
    >
      {/* The dialog's content mounts when it opens, so every opening starts afresh. */}
      <InviteListForm {...(eventId ? { eventId } : {})} />
    </Dialog>
  );
}

function InviteListForm({ eventId }: { eventId?: string }) {
  const events = useAdminRows('events', byStartDate);
  const requests = useAdminRows('invite_requests');
  const actions = useAdminActions();
  const [chosenEvent, setChosenEvent] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [list, setList] = useState<{ text: string; table: CsvTable<InviteListColumn> } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [source, setSource] = useState<'list' | 'past'>('list');
  const [criteria, setCriteria] = useState<PastGuestCriteria>(NO_PAST_GUEST_CRITERIA);
  const attendees = useAdminRows('attendees');
  const links = useAdminRows('event_attendees');
  const clearings = useNoShowClearings();
  const { index } = useSeriesIndex(clearingsOf(clearings.state));
  const batch = useBatchWrite<'invite', InviteReport>();
  const { progress, report } = batch;
  // Opened online, the dialog still reads a list given after the connection dropped.
  useEffect(preloadCsvReader, []);
  // The run plans again with the requests as they are when it starts (a request may have synced in).
  const latestRequests = useRef(requests);
  useEffect(() => {
    latestRequests.current = requests;
  }, [requests]);

  // Upcoming or past as of the dialog's opening.
  const [openedAt] = useState(() => Date.now());
  const selectedEvent = chosenEvent ?? eventId ?? '';
  const { upcoming, past } = useMemo(() => {
    const all = events ?? [];
    return {
      upcoming: all.filter((event) => Date.parse(event.end_date) >= openedAt),
      // The latest past events first: the likeliest to be chosen after the upcoming ones.
      past: all.filter((event) => Date.parse(event.end_date) < openedAt).reverse(),
    };
  }, [events, openedAt]);

  useEffect(() => {
    if (text.trim() === '') return undefined;
    let current = true;
    readInviteList(text).then(
      (table) => {
        if (current) setList({ text, table });
      },
      (error: unknown) => {
        if (current)
          setList({ text, table: { ok: false, error: `The list could not be read: ${errorMessage(error)}` } });
      },
    );
    return () => {
      current = false;
    };
  }, [text]);

  // While an edit is read, the preview keeps showing the text before it (no flicker as one types).
  const table = text.trim() === '' ? null : (list?.table ?? null);
  const current = list?.text === text;
  const pastGuests = useMemo(
    () =>
      source === 'past' && selectedEvent && attendees && index && requests && links
        ? choosePastGuests(attendees, index, selectedEvent, requests, links, criteria)
        : null,
    [source, selectedEvent, attendees, index, requests, links, criteria],
  );
  const rows = useMemo(
    () => (source === 'past' ? (pastGuests ? pastGuestRows(pastGuests.chosen) : null) : table?.ok ? table.rows : null),
    [source, pastGuests, table],
  );
  const plan = useMemo(
    () => (rows && selectedEvent && requests ? planInvitations(rows, selectedEvent, requests) : null),
    [rows, selectedEvent, requests],
  );
  const counts = plan ? countsOf(plan) : null;
  const toInvite = counts ? counts.invite + counts.reinvite : 0;

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    batch.dismissReport();
    setFileError(null);
    try {
      setText(await readCsvFile(file));
    } catch (error) {
      setFileError(`The file could not be read: ${errorMessage(error)}`);
    }
  }

  async function invite() {
    if (!rows || (source === 'list' && !current) || !selectedEvent) return;
    const planned = planInvitations(rows, selectedEvent, latestRequests.current ?? []);
    const result = await batch.run({
      job: 'invite',
      table: 'invite_requests',
      items: invitationWrites(planned, selectedEvent),
      missing: 'This request was deleted meanwhile',
      reportOf: (results) => inviteReportOf(planned, results),
    });
    if (!result) return;
    if (source === 'list') setText('');
    toast.success('Invitations done', {
      description: `${result.invited} invited, ${result.updated} updated, ${result.skipped.length} skipped, ${result.failed.length} failed`,
    });
  }

  const running = progress !== null;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Invited guests need no approval: each is added to the event&apos;s attendees and sent an invitation. A guest who
        already asked for this event (same e-mail, in any case) and is pending, waitlisted or declined is{' '}
        <strong>invited</strong> instead; an approved or invited guest is left as is. A row repeating the e-mail of an
        earlier row, or with a missing name, an invalid e-mail address or an invalid URL, is skipped.
      </p>

      <Field label="Event">
        {(ids) => (
          <Select
            {...ids}
            value={selectedEvent}
            disabled={running || events === undefined}
            onChange={(change) => setChosenEvent(change.target.value)}
          >
            <option value="">{events === undefined ? 'Loading events...' : 'Choose an event'}</option>
            {[
              { label: 'Upcoming events', list: upcoming },
              { label: 'Past events', list: past },
            ].map((group) =>
              group.list.length > 0 ? (
                <optgroup key={group.label} label={group.label}>
                  {group.list.map((event) => (
                    <option key={event.id} value={event.id}>
                      {event.title} ({formatVenueDate(event.start_date, eventTimeZone(event))})
                    </option>
                  ))}
                </optgroup>
              ) : null,
            )}
          </Select>
        )}
      </Field>

      <Tabs
        label="Whom to invite"
        value={source}
        onValueChange={(value) => {
          batch.dismissReport();
          setSource(value === 'past' ? 'past' : 'list');
        }}
        items={[
          {
            value: 'list',
            label: 'Paste a list',
            content: (
              <div className="space-y-4">
                <p className="text-sm text-slate-700">
                  The first row names the columns: name and email are required; company, job_title and linkedin_url are
                  optional.
                </p>
                <Field
                  label="Guests (CSV)"
                  hint="Paste rows copied from a spreadsheet or a CSV file, header row first; choosing a file below puts its text here."
                >
                  {(ids) => (
                    <Textarea
                      {...ids}
                      value={text}
                      disabled={running}
                      rows={6}
                      spellCheck={false}
                      className="font-mono"
                      placeholder={
                        'name,email,company,job_title,linkedin_url\nAda Lovelace,ada@example.org,Analytical Engines,CDO,'
                      }
                      onChange={(change) => {
                        batch.dismissReport();
                        setFileError(null);
                        setText(change.target.value);
                      }}
                    />
                  )}
                </Field>
                <Field label="CSV file">
                  {(ids) => (
                    <Input
                      {...ids}
                      type="file"
                      accept=".csv,text/csv"
                      disabled={running}
                      onChange={(event) => void readFile(event)}
                    />
                  )}
                </Field>

                {fileError || (table && !table.ok) ? (
                  <p role="alert" className="text-sm text-red-700">
                    {fileError ?? (table && !table.ok ? table.error : null)}
                  </p>
                ) : null}

                {table?.ok && !selectedEvent ? (
                  <p className="text-sm text-slate-700">Choose the event to see what each row will do.</p>
                ) : null}
                {table?.ok && selectedEvent && !plan ? (
                  <p className="text-sm text-slate-700">Loading requests...</p>
                ) : null}
              </div>
            ),
          },
          {
            value: 'past',
            label: 'From past editions',
            content: (
              <PastGuestPicker
                events={past.filter((event) => event.id !== selectedEvent)}
                criteria={criteria}
                onChange={(next) => {
                  batch.dismissReport();
                  setCriteria(next);
                }}
                disabled={running}
                found={selectedEvent ? pastGuests : null}
                offline={clearings.state.status === 'offline'}
              />
            ),
          },
        ]}
      />

      {plan && counts && rows ? (
        <div className="space-y-3">
          <p className="text-sm font-medium" role="status">
            {toInvite} to invite ({counts.reinvite} of them asked already), {counts.keep} approved or invited already,{' '}
            {counts.invalid} invalid, {plural(counts.duplicate, 'duplicate', 'duplicates')}
          </p>
          {source === 'list' && table?.ok && table.ignoredColumns.length > 0 ? (
            <p className="text-sm text-slate-700">Columns not used: {table.ignoredColumns.join(', ')}</p>
          ) : null}
          <ImportPreview
            label="Invitation preview rows"
            caption="Invitation preview"
            rows={plan}
            resultOf={(row) => <span className={RESULT_COLOURS[row.action]}>{outcomeOf(row)}</span>}
          />
          <Button
            disabled={running || (source === 'list' && !current) || toInvite === 0 || !actions.ready}
            onClick={() => void invite()}
          >
            {running ? 'Inviting...' : `Invite ${plural(toInvite, 'guest', 'guests')}`}
          </Button>
        </div>
      ) : null}

      {progress ? <RunProgress label="Inviting guests" done={progress.done} total={progress.total} /> : null}

      {report ? (
        <ImportReport
          summary={`Done: ${report.invited} invited, ${report.updated} updated, ${report.skipped.length} skipped, ${report.failed.length} failed`}
          lists={[
            { label: 'Skipped', entries: report.skipped },
            { label: 'Failed', entries: report.failed },
          ]}
        />
      ) : null}
    </div>
  );
}
