/**
 * Admin: Attendees (spec section 2; issue 6): the attendee list (newest first) with add, edit and
 * delete, the bulk jobs (LinkedIn bios, company logos) with their progress, and CSV export/import.
 * Writes go to the local replica (they work offline); the sync engine pushes them.
 */
import { Link } from '@tanstack/react-router';
import { Download, Image, Plus, ScanSearch } from 'lucide-react';
import { useRef, useState } from 'react';
import { useAdminActions, useAdminRows, useAdminTablePulled } from '../../data/admin-data.ts';
import { newestFirst, type Attendee } from '../../data/attendee-records.ts';
import { useSaveAttendee } from '../../data/save-attendee.ts';
import { blankToNull } from '../../data/table-check.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { AttendeeForm, type AttendeeFormSave } from './attendee-form.tsx';
import { attendeesToCsv } from './attendee-csv.ts';
import { AttendeesTable } from './attendees-table.tsx';
import { BulkProgress } from './bulk-progress.tsx';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { useBulkJobs } from './use-bulk-jobs.ts';

/** closed, create (with the id the new attendee will get) or edit one attendee (spec section 4). */
type FormMode = { kind: 'closed' } | { kind: 'create'; id: string } | { kind: 'edit'; id: string };

function downloadCsv(attendees: readonly Attendee[]) {
  // The text starts with a byte-order mark, so that spreadsheet programs read it as UTF-8.
  const blob = new Blob([attendeesToCsv(attendees)], { type: 'text/csv;charset=utf-8' });
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
  const [mode, setMode] = useState<FormMode>({ kind: 'closed' });
  const addButton = useRef<HTMLButtonElement>(null);

  const editing = mode.kind === 'edit' ? (attendees?.find((a) => a.id === mode.id) ?? null) : null;
  const loading = attendees === undefined || (!pulled && attendees.length === 0);

  function close() {
    setMode({ kind: 'closed' });
    addButton.current?.focus();
  }

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
        if (!editing) throw new Error('This attendee was deleted meanwhile');
        await saveAttendee.update(editing, values, images);
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
      if (mode.kind === 'edit' && mode.id === attendee.id) setMode({ kind: 'closed' });
      toast.success('Attendee removed');
    } catch (error) {
      toastError(error);
    }
  }

  const busy = bulk.progress !== null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">Attendees</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy || loading} onClick={() => void bulk.scrapeProfiles()}>
            <ScanSearch aria-hidden="true" className="h-4 w-4" />
            Bulk Scrape LinkedIn
          </Button>
          <Button variant="outline" disabled={busy || loading} onClick={() => void bulk.fetchLogos()}>
            <Image aria-hidden="true" className="h-4 w-4" />
            Bulk Fetch Logos
          </Button>
          <Button variant="outline" disabled={loading} onClick={() => attendees && downloadCsv(attendees)}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </Button>
          <CsvImportDialog attendees={loading ? undefined : attendees} />
          <Button ref={addButton} onClick={() => setMode({ kind: 'create', id: crypto.randomUUID() })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Attendee
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin">Back</Link>
          </Button>
        </div>
      </div>

      {bulk.progress ? <BulkProgress progress={bulk.progress} /> : null}

      {mode.kind === 'create' || editing ? (
        <AttendeeForm
          key={mode.kind === 'closed' ? 'closed' : mode.id}
          attendee={editing}
          onSave={save}
          onCancel={close}
        />
      ) : null}

      {loading ? (
        <p className="text-slate-600">Loading...</p>
      ) : attendees.length === 0 ? (
        <p className="text-slate-600">No attendees yet</p>
      ) : (
        <AttendeesTable
          attendees={attendees}
          onEdit={(attendee) => setMode({ kind: 'edit', id: attendee.id })}
          onDelete={remove}
        />
      )}
    </div>
  );
}
