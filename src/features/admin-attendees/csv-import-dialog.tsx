/**
 * 'Import CSV': the admin picks a file, sees what each row will do (create, update an existing
 * attendee with the same e-mail, or refused with the reason) and then imports, ending with a report
 * of what was created, updated and refused. The policy is in attendee-csv.ts and on screen.
 */
import { Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import type { Attendee } from '../../data/attendee-records.ts';
import { useBatchWrite } from '../../data/use-batch-write.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { readCsvFile } from '../../lib/csv.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { ImportPreview, ImportReport } from '../../ui/import-preview.tsx';
import { toast } from '../../ui/toaster.tsx';
import {
  DELETED_MEANWHILE,
  importReportOf,
  importWrites,
  planImport,
  type AttendeeImportReport,
  type ImportPlan,
  type PlannedRow,
} from './attendee-csv.ts';

function countOf(rows: readonly PlannedRow[], action: PlannedRow['action']): number {
  return rows.filter((row) => row.action === action).length;
}

export function CsvImportDialog({ attendees }: { attendees: readonly Attendee[] | undefined }) {
  const batch = useBatchWrite<'import', AttendeeImportReport>();
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [fileName, setFileName] = useState('');
  const importing = batch.progress !== null;
  const { report } = batch;

  function reset() {
    setPlan(null);
    setFileName('');
    batch.dismissReport();
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    batch.dismissReport();
    if (!file) {
      setPlan(null);
      return;
    }
    setFileName(file.name);
    try {
      setPlan(await planImport(await readCsvFile(file), attendees ?? []));
    } catch (error) {
      setPlan({ ok: false, error: `The file could not be read: ${errorMessage(error)}` });
    }
  }

  async function runImport(rows: readonly PlannedRow[]) {
    const result = await batch.run({
      job: 'import',
      table: 'attendees',
      items: importWrites(rows, attendees ?? []),
      missing: DELETED_MEANWHILE,
      reportOf: (results) => importReportOf(rows, results),
    });
    if (!result) return;
    setPlan(null);
    toast.success('Import complete', {
      description: `${result.created} created, ${result.updated} updated, ${result.refused.length} refused`,
    });
  }

  const rows = plan?.ok ? plan.rows : [];
  const actionable = rows.length - countOf(rows, 'refused');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title="Import attendees from CSV"
      description="The first row names the columns: name and email are required; company, job_title, linkedin_url, bio, priorities, current_focus, future_focus, photo_url and company_logo_url are optional."
      className="sm:max-w-4xl"
      trigger={
        <Button variant="outline" disabled={attendees === undefined}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          Import CSV
        </Button>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          A row whose e-mail matches an existing attendee <strong>updates</strong> that attendee: its filled-in cells
          replace the stored values and blank cells keep them. A row repeating the e-mail of an earlier row in the file,
          or with a missing name, an invalid e-mail address or an invalid URL, is refused.
        </p>
        <Field label="CSV file">
          {(ids) => <Input {...ids} type="file" accept=".csv,text/csv" onChange={(event) => void readFile(event)} />}
        </Field>

        {plan && !plan.ok ? (
          <p role="alert" className="text-sm text-red-700">
            {plan.error}
          </p>
        ) : null}

        {plan?.ok ? (
          <div className="space-y-3">
            <p className="text-sm font-medium" role="status">
              {fileName}: {countOf(rows, 'create')} to create, {countOf(rows, 'update')} to update,{' '}
              {countOf(rows, 'refused')} refused
            </p>
            {plan.ignoredColumns.length > 0 ? (
              <p className="text-sm text-slate-700">Columns not imported: {plan.ignoredColumns.join(', ')}</p>
            ) : null}
            <ImportPreview
              label="Import preview rows"
              caption="Import preview"
              rows={rows}
              resultOf={(row) =>
                row.action === 'create' ? (
                  <span className="text-green-800">Create</span>
                ) : row.action === 'update' ? (
                  <span className="text-blue-800">Update existing attendee</span>
                ) : (
                  <span className="text-red-700">Refused: {row.reasons.join('; ')}</span>
                )
              }
            />
            <Button disabled={importing || actionable === 0} onClick={() => void runImport(rows)}>
              {importing ? 'Importing...' : `Import ${actionable} ${actionable === 1 ? 'row' : 'rows'}`}
            </Button>
          </div>
        ) : null}

        {report ? (
          <ImportReport
            summary={`Import complete: ${report.created} created, ${report.updated} updated, ${report.refused.length} refused`}
            lists={[{ entries: report.refused }]}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
