/**
 * Admin: Attendees (spec section 2; issue 6): the attendee list (newest first) with add, edit and
 * delete, the bulk jobs (LinkedIn bios, company logos) with their progress, and CSV export/import.
 * Writes go to the local replica (they work offline); the sync engine pushes them.
 *
 * Each person's story across the series (issue 32) shows as columns (editions attended, the last
 * one, recent no-shows) and narrows the list (attended at least N times, attended an edition, a
 * no-show in the last year, company, name or e-mail), which may be sorted by last attended; the CSV
 * export carries the list as filtered and sorted, with those columns. A name opens the person's page.
 */
import { Link } from '@tanstack/react-router';
import { Download, Image, ScanSearch, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAdminActions, useAdminRows, useAdminTablePulled } from '../../data/admin-data.ts';
import { newestFirst, type Attendee } from '../../data/attendee-records.ts';
import { useSaveAttendee } from '../../data/save-attendee.ts';
import {
  NO_PEOPLE_FILTER,
  filterPeople,
  type PeopleFilter,
  type PeopleSort,
  type SeriesIndex,
} from '../../data/series-history.ts';
import { useAttendeeMerges } from '../../data/person-merges.ts';
import { clearingsOf, useNoShowClearings, useSeriesIndex } from '../../data/use-series-history.ts';
import { blankToNull } from '../../data/table-check.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { ListPageHeader, ListRows, useListEditor } from '../../ui/list-page.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { AttendeeForm, type AttendeeFormSave } from './attendee-form.tsx';
import { attendeesToCsv } from './attendee-csv.ts';
import { AttendeesTable } from './attendees-table.tsx';
import { BulkProgress } from './bulk-progress.tsx';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { PeopleFilters } from './people-filters.tsx';
import { useBulkJobs } from './use-bulk-jobs.ts';

function downloadCsv(attendees: readonly Attendee[], history: SeriesIndex | undefined) {
  // The text starts with a byte-order mark, so that spreadsheet programs read it as UTF-8.
  const blob = new Blob([attendeesToCsv(attendees, history)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `attendees-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function AttendeesPage() {
  const attendees = useAdminRows('attendees', newestFirst);
  const pulled = useAdminTablePulled('attendees');
  const actions = useAdminActions();
  const saveAttendee = useSaveAttendee();
  const bulk = useBulkJobs(attendees);
  const editor = useListEditor(attendees);
  const { mode, editing, opened, close } = editor;
  const loading = attendees === undefined || (!pulled && attendees.length === 0);
  const clearings = useNoShowClearings();
  const { index } = useSeriesIndex(clearingsOf(clearings.state));
  const [filter, setFilter] = useState<PeopleFilter>(NO_PEOPLE_FILTER);
  const [sort, setSort] = useState<PeopleSort>('newest');
  const merges = useAttendeeMerges();
  // Both addresses of a merged person stay findable: the removed record's is searched with the kept one.
  const otherAddresses = useMemo(() => {
    const addresses = new Map<string, string[]>();
    if (merges.state.status !== 'ready') return addresses;
    for (const merge of merges.state.data) {
      if (merge.undone_at !== null) continue;
      addresses.set(merge.kept_id, [...(addresses.get(merge.kept_id) ?? []), merge.removed_email]);
    }
    return addresses;
  }, [merges.state]);
  const shown = useMemo(
    () => (attendees && index ? filterPeople(attendees, index, filter, sort, otherAddresses) : attendees),
    [attendees, index, filter, sort, otherAddresses],
  );

  async function queue(file: File, kind: 'attendee-photo' | 'company-logo', id: string): Promise<string | null> {
    try {
      return await saveAttendee.queueImage(file, kind, id);
    } catch (error) {
      toast.error('Upload failed', { description: errorMessage(error) });
      return null;
    }
  }

  async function save({ values, photo, logoFile }: AttendeeFormSave): Promise<boolean> {
    if (mode.kind === 'closed') return false;
    const id = mode.id;
    let photoUrl = photo.kind === 'remove' ? null : (editing?.photo_url ?? null);
    if (photo.kind === 'file') {
      const queued = await queue(photo.file, 'attendee-photo', id);
      if (queued === null) return false;
      photoUrl = queued;
    }
    let logoUrl = blankToNull(values.company_logo_url);
    if (logoFile) {
      const queued = await queue(logoFile, 'company-logo', id);
      if (queued === null) return false;
      logoUrl = queued;
    }
    const images = { photo_url: photoUrl, company_logo_url: logoUrl };
    try {
      if (mode.kind === 'create') {
        await saveAttendee.create(id, values, images);
        toast.success('Attendee added successfully');
      } else {
        if (!opened) throw new Error('This attendee was deleted meanwhile');
        await saveAttendee.update(opened, values, images);
        toast.success('Attendee updated successfully');
      }
    } catch (error) {
      toastError(error);
      return false;
    }
    close();
    return true;
  }

  async function remove(attendee: Attendee) {
    try {
      await actions.remove('attendees', attendee.id);
      editor.closeIfEditing(attendee.id);
      toast.success('Attendee removed');
    } catch (error) {
      toastError(error);
    }
  }

  const busy = bulk.progress !== null;

  return (
    <div className="space-y-6">
      <ListPageHeader
        title="Attendees"
        addLabel="Add Attendee"
        editor={editor}
        moreActions={
          <>
            <Button variant="outline" disabled={busy || loading} onClick={() => void bulk.scrapeProfiles()}>
              <ScanSearch aria-hidden="true" className="h-4 w-4" />
              Bulk Scrape LinkedIn
            </Button>
            <Button variant="outline" disabled={busy || loading} onClick={() => void bulk.fetchLogos()}>
              <Image aria-hidden="true" className="h-4 w-4" />
              Bulk Fetch Logos
            </Button>
            <Button variant="outline" disabled={loading} onClick={() => shown && downloadCsv(shown, index)}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </Button>
            <CsvImportDialog attendees={loading ? undefined : attendees} />
            <Button asChild variant="outline">
              <Link to="/admin/duplicates">
                <Users aria-hidden="true" className="h-4 w-4" />
                Duplicates
              </Link>
            </Button>
          </>
        }
      />

      {bulk.progress ? <BulkProgress progress={bulk.progress} /> : null}

      {editor.formOpen ? <AttendeeForm key={editor.formKey} attendee={editing} onSave={save} onCancel={close} /> : null}

      {index ? (
        <PeopleFilters
          filter={filter}
          sort={sort}
          events={index.startedEvents}
          onFilter={setFilter}
          onSort={setSort}
          shown={shown?.length ?? 0}
          total={attendees?.length ?? 0}
        />
      ) : null}
      {clearings.state.status === 'offline' ? (
        <p role="status" className="text-sm text-amber-800">
          You're offline: cleared no-shows are read online, so the no-show counts may include some an admin cleared.
        </p>
      ) : null}

      <ListRows rows={loading ? undefined : attendees} empty="No attendees yet">
        {() =>
          shown && shown.length === 0 ? (
            <p className="text-slate-600">No attendee matches these filters.</p>
          ) : (
            <AttendeesTable
              attendees={shown ?? []}
              history={index}
              onEdit={(attendee) => editor.edit(attendee.id)}
              onDelete={remove}
            />
          )
        }
      </ListRows>
    </div>
  );
}
