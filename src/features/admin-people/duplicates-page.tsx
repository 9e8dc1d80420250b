/**
 * Admin: duplicate records (issue 32). Pairs of attendee records that look like one person (same
 * name and company; addresses that reach one mailbox or differ by one character) side by side, each
 * with its history at a glance; the admin keeps one and the other is merged into it, on the server
 * in one transaction. Recent merges can be undone for 24 hours. Merging and undoing need a
 * connection (the server checks and moves everything at once); the list of pairs comes from the
 * replica, offline too.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import {
  MERGE_UNDO_HOURS,
  likelyDuplicates,
  mergeAttendees,
  undoAttendeeMerge,
  useAttendeeMerges,
  type AttendeeMerge,
} from '../../data/person-merges.ts';
import { attendedGlance } from '../../data/series-glance.ts';
import type { SeriesIndex } from '../../data/series-history.ts';
import { clearingsOf, useNoShowClearings, useSeriesIndex } from '../../data/use-series-history.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';

type Attendee = SyncDoc<'attendees'>;

export function DuplicatesPage() {
  const attendees = useAdminRows('attendees');
  const clearings = useNoShowClearings();
  const { index } = useSeriesIndex(clearingsOf(clearings.state));
  const merges = useAttendeeMerges();
  const pairs = useMemo(() => (attendees ? likelyDuplicates(attendees) : undefined), [attendees]);
  const online = merges.state.status === 'ready';

  async function merge(kept: Attendee, removed: Attendee) {
    try {
      await mergeAttendees(kept.id, removed.id);
      merges.reload();
      toast.success('Records merged', { description: `${removed.email} is now part of ${kept.name}'s record` });
    } catch (error) {
      toastError(error);
      throw error;
    }
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">Duplicate records</h2>
        <Button asChild variant="outline">
          <Link to="/admin/attendees">Back to Attendees</Link>
        </Button>
      </div>
      <p className="max-w-3xl text-slate-700">
        Records with the same name and company whose addresses reach one mailbox (case, dots, a +tag or an alias domain)
        or differ by one character. Merging moves every edition, request, check-in, talk and feedback answer to the
        record you keep, and keeps the other address findable. A merge can be undone for {MERGE_UNDO_HOURS} hours.
      </p>
      {merges.state.status === 'offline' ? (
        <p role="status" className="text-sm text-amber-800">
          You&apos;re offline: merging needs a connection, as the server moves everything at once.
        </p>
      ) : null}

      <section aria-labelledby="pairs-heading" className="space-y-4">
        <h3 id="pairs-heading" className="text-lg font-semibold">
          Likely duplicates
        </h3>
        {pairs === undefined ? <p className="text-slate-600">Loading...</p> : null}
        {pairs && pairs.length === 0 ? <p className="text-slate-600">No likely duplicates.</p> : null}
        <ul className="space-y-4">
          {pairs?.map((pair) => (
            <li
              key={`${pair.older.id}|${pair.newer.id}`}
              aria-label={`${pair.older.name}: two records`}
              className="space-y-3 rounded-md border border-slate-200 p-4"
            >
              <p className="text-sm text-slate-700">{pair.reason}</p>
              <div className="grid gap-4 sm:grid-cols-2">
                {[
                  [pair.older, pair.newer],
                  [pair.newer, pair.older],
                ].map(([record, other]) => (
                  <RecordCard
                    key={record!.id}
                    record={record!}
                    index={index}
                    action={
                      <ConfirmDialog
                        trigger={
                          <Button size="sm" disabled={!online} aria-label={`Keep ${record!.email}`}>
                            Keep this record
                          </Button>
                        }
                        title={`Keep ${record!.email} and merge the other into it?`}
                        description={`Everything of ${other!.email} moves to this record, and ${other!.email} stays findable as its second address. You can undo this for ${MERGE_UNDO_HOURS} hours.`}
                        confirmLabel="Merge"
                        destructive={false}
                        onConfirm={() => merge(record!, other!)}
                      />
                    }
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <RecentMerges merges={merges.state.status === 'ready' ? merges.state.data : []} onChanged={merges.reload} />
    </div>
  );
}

function RecordCard({
  record,
  index,
  action,
}: {
  record: Attendee;
  index: SeriesIndex | undefined;
  action: ReactNode;
}) {
  return (
    <div className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
      <p className="font-medium">
        <Link to="/admin/person" search={{ id: record.id }} className="underline-offset-2 hover:underline">
          {record.name}
        </Link>
      </p>
      <p className="break-all">{record.email}</p>
      <p className="text-slate-700">{[record.job_title, record.company].filter(Boolean).join(', ')}</p>
      {index ? <p className="text-slate-700">{attendedGlance(index.summaryOf(record.id))}</p> : null}
      <div className="pt-2">{action}</div>
    </div>
  );
}

function RecentMerges({ merges, onChanged }: { merges: readonly AttendeeMerge[]; onChanged: () => void }) {
  // Whether a merge can still be undone, as of the page's opening (the server decides in the end).
  const [openedAt] = useState(() => Date.now());
  const undoable = merges.filter((merge) => merge.undone_at === null && Date.parse(merge.undo_until) > openedAt);
  if (undoable.length === 0) return null;
  return (
    <section aria-labelledby="merges-heading" className="space-y-2">
      <h3 id="merges-heading" className="text-lg font-semibold">
        Recent merges
      </h3>
      <ul className="space-y-2">
        {undoable.map((merge) => (
          <li
            key={merge.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
          >
            <span>
              {merge.removed_name} ({merge.removed_email}) merged into{' '}
              <Link to="/admin/person" search={{ id: merge.kept_id }} className="underline">
                the kept record
              </Link>
            </span>
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" aria-label={`Undo the merge of ${merge.removed_email}`}>
                  Undo merge
                </Button>
              }
              title="Undo this merge?"
              description={`${merge.removed_email} becomes a record of its own again, with everything the merge moved.`}
              confirmLabel="Undo merge"
              destructive={false}
              onConfirm={async () => {
                try {
                  await undoAttendeeMerge(merge.id);
                  onChanged();
                  toast.success('Merge undone');
                } catch (error) {
                  toastError(error);
                  throw error;
                }
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
