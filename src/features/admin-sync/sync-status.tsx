/**
 * The back office's sync status (design.md "PWA": for admins the number of changes waiting to sync):
 * online or offline, 'Syncing...' or 'All changes synced', the changes and uploads still waiting,
 * and the two lists that need the admin: conflicts (a local version lost against the server's and
 * is kept until re-applied or dismissed) and sync problems (writes the server refused for good,
 * kept with their data, files it refused to store, kept until tried again or discarded, and
 * problems being retried).
 *
 * 'All changes synced' is the stable signal that the admin replica holds a full pull and nothing
 * waits (tests wait for it).
 */
import { AlertTriangle, CloudOff, GitCompare, RefreshCw, CheckCircle2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useReplicaState } from '../../data/engine-store.ts';
import {
  useAdminActions,
  useAdminRows,
  isTimestampColumn,
  useConflicts,
  useFailedUploads,
  useImageUrl,
  useSyncErrors,
  type OutboxItem,
  type SyncConflict,
  type SyncErrorEntry,
  type TableName,
} from '../../data/admin-data.ts';
import { useOnline, useSyncStatus } from '../../data/use-sync-status.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { cx } from '../../lib/class-names.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zones.ts';
import { eventTimeZone, formatVenueDateTime } from '../../lib/venue-time.ts';
import { describeSync } from './describe-sync.ts';
import { useAdminReplicaPulled } from './use-admin-replica-pulled.ts';

const TABLE_LABELS: Record<string, string> = {
  events: 'Event',
  sessions: 'Session',
  session_speakers: 'Session speaker',
  attendees: 'Attendee',
  event_attendees: 'Event attendee',
  sponsors_library: 'Sponsor',
  sponsor_tiers: 'Sponsor tier',
  event_sponsors: 'Event sponsor',
  event_gallery: 'Gallery image',
  testimonials: 'Testimonial',
  videos: 'Video',
  invite_requests: 'Invite request',
};

/** A name a person recognises the record by. */
function recordName(table: string, doc: Record<string, unknown> | undefined, id: string | undefined): string {
  const label = TABLE_LABELS[table] ?? table;
  const name = ['title', 'name', 'email', 'caption'].map((key) => doc?.[key]).find((v) => typeof v === 'string' && v);
  return name ? `${label} '${String(name)}'` : `${label} ${id ?? ''}`.trim();
}

/** A value as the form shows it; a moment on the clock of the record's event, as every time in the back office. */
function showValue(table: string, field: string, value: unknown, zone: string): string {
  if (field === '_deleted') return value === true ? 'Deleted' : 'Kept';
  if (value === null || value === undefined || value === '') return '(empty)';
  if (isTimestampColumn(table, field) && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
    return formatVenueDateTime(value, zone);
  }
  if (Array.isArray(value)) return value.length === 0 ? '(empty list)' : value.map(String).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function fieldLabel(field: string): string {
  return field === '_deleted' ? 'Deleted' : field.replaceAll('_', ' ');
}

/**
 * The zone a record's times are shown in: an event's own, the event's for what belongs to one (a
 * session's speaker through its session), UTC, which the label then names, for what belongs to none.
 */
function useRecordZones(): (table: string, doc: Record<string, unknown>) => string {
  const events = useAdminRows('events');
  const sessions = useAdminRows('sessions');
  return useMemo(() => {
    const zones = new Map((events ?? []).map((event) => [event.id, eventTimeZone(event)]));
    const sessionEvents = new Map((sessions ?? []).map((session) => [session.id, session.event_id]));
    return (table, doc) => {
      if (table === 'events') return eventTimeZone(doc as { time_zone?: string | null });
      const eventId = table === 'session_speakers' ? sessionEvents.get(String(doc.session_id)) : doc.event_id;
      return (typeof eventId === 'string' && zones.get(eventId)) || DEFAULT_TIME_ZONE;
    };
  }, [events, sessions]);
}

function ConflictList({ conflicts }: { conflicts: readonly SyncConflict[] }) {
  const zoneOf = useRecordZones();
  return (
    <ul className="space-y-3">
      {conflicts.map((conflict) => (
        <ConflictItem key={conflict.key} conflict={conflict} zone={zoneOf(conflict.table, conflict.server)} />
      ))}
    </ul>
  );
}

function ConflictItem({ conflict, zone }: { conflict: SyncConflict; zone: string }) {
  const actions = useAdminActions();
  const [busy, setBusy] = useState(false);
  const run = async (what: 'reapply' | 'dismiss') => {
    setBusy(true);
    try {
      if (what === 'reapply') {
        await actions.reapplyConflict(conflict.key);
        toast.success('Your version was re-applied');
      } else {
        await actions.dismissConflict(conflict.key);
      }
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const name = recordName(conflict.table, conflict.local, conflict.docId);
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <p className="font-medium text-ink">{name}</p>
      <p className="text-xs text-slate-600">Someone else changed it first: {formatVenueDateTime(conflict.at, zone)}.</p>
      <table className="mt-2 w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Differences in {name}</caption>
        <thead>
          <tr className="text-left text-slate-700">
            <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Your version
            </th>
            <th scope="col" className="py-1 font-medium">
              Server&apos;s version
            </th>
          </tr>
        </thead>
        <tbody>
          {conflict.fields.map((field) => (
            <tr key={field} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700 capitalize">
                {fieldLabel(field)}
              </th>
              <td className="py-1 pr-2 break-words whitespace-pre-wrap">
                {showValue(conflict.table, field, conflict.local[field], zone)}
              </td>
              <td className="py-1 break-words whitespace-pre-wrap">
                {showValue(conflict.table, field, conflict.server[field], zone)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" disabled={busy || !actions.ready} onClick={() => void run('reapply')}>
          Re-apply my version
        </Button>
        <Button size="sm" variant="outline" disabled={busy || !actions.ready} onClick={() => void run('dismiss')}>
          Dismiss
        </Button>
      </div>
    </li>
  );
}

/** What a refusal means, by its Postgres code, in the admin's words; the server's own message follows. */
const REFUSAL_WORDS: Record<string, string> = {
  '23505': 'Another record already has one of these values (an event its address, say): enter it again with another.',
  '23503': 'It belongs to a record that was deleted meanwhile, or something still uses it.',
  '23514': 'One of these values is not one the server accepts.',
  '22P02': 'One of these values is not one the server accepts.',
  '22001': 'One of these values is longer than the server accepts.',
  '42501': 'Your account may not make this change.',
};

/** The fields of a refused version worth showing: what the admin entered, not the sync's own columns. */
function enteredFields(local: Record<string, unknown> | undefined): [string, unknown][] {
  return Object.entries(local ?? {}).filter(
    ([field, value]) =>
      field !== 'id' &&
      !field.startsWith('_') &&
      value !== null &&
      value !== undefined &&
      value !== '' &&
      !(Array.isArray(value) && value.length === 0),
  );
}

function ProblemItem({ entry, zone }: { entry: SyncErrorEntry; zone: string }) {
  const actions = useAdminActions();
  const refused = entry.kind === 'refused';
  const name = recordName(entry.table ?? '', entry.local, entry.id);
  const words = refused && entry.code ? REFUSAL_WORDS[entry.code] : undefined;
  const entered = refused ? enteredFields(entry.local) : [];
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm">
      <p className="font-medium text-ink">
        {refused
          ? `Change refused: ${name}`
          : entry.kind === 'quota'
            ? 'Device storage is full'
            : 'Sync problem (retrying)'}
      </p>
      {words ? <p className="mt-1 text-ink">{words}</p> : null}
      <p className={cx('mt-1 break-words', words ? 'text-xs text-slate-600' : 'text-slate-700')}>{entry.message}</p>
      {entered.length > 0 ? (
        // Kept so that nothing typed is lost: the admin enters it again from here.
        <table className="mt-2 w-full table-fixed border-collapse">
          <caption className="text-left font-medium text-slate-700">What you entered</caption>
          <tbody>
            {entered.map(([field, value]) => (
              <tr key={field} className="border-t border-slate-100 align-top">
                <th scope="row" className="w-1/4 py-1 pr-2 text-left font-normal text-slate-700 capitalize">
                  {fieldLabel(field)}
                </th>
                <td className="py-1 break-words whitespace-pre-wrap">
                  {showValue(entry.table ?? '', field, value, zone)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {refused ? (
        <Button
          size="sm"
          variant="outline"
          className="mt-2"
          disabled={!actions.ready}
          onClick={() => void actions.dismissError(entry.key).catch((error: unknown) => toastError(error))}
        >
          Dismiss
        </Button>
      ) : null}
    </li>
  );
}

/** The image columns files are uploaded to, as their forms name them. */
const IMAGE_COLUMN_LABELS: Record<string, string> = {
  featured_image_url: 'Featured image',
  image_url: 'Image',
  logo_url: 'Logo',
  photo_url: 'Photo',
  company_logo_url: 'Company logo',
};

/** Why Storage refused a file, by its status code (sync/outbox/upload-errors.ts), in the admin's words. */
const UPLOAD_REFUSAL_WORDS: Record<string, string> = {
  '400': 'The file is damaged, or not an image the server can read.',
  '403': 'Your account may not upload files.',
  '413': 'The file is larger than the server accepts.',
  '415': 'The server does not take this kind of file.',
};

function UploadProblemItem({ item }: { item: OutboxItem }) {
  const actions = useAdminActions();
  const rows = useAdminRows(item.target.table as TableName);
  const preview = useImageUrl(item.localUrl);
  const [busy, setBusy] = useState(false);
  const record = rows?.find((row) => row.id === item.target.id) as Record<string, unknown> | undefined;
  const what = IMAGE_COLUMN_LABELS[item.target.column] ?? fieldLabel(item.target.column);
  const words = item.lastError?.statusCode ? UPLOAD_REFUSAL_WORDS[item.lastError.statusCode] : undefined;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex gap-3 rounded-md border border-slate-200 p-3 text-sm">
      {preview ? <img src={preview} alt="" className="h-12 w-12 shrink-0 rounded object-cover" /> : null}
      <div className="min-w-0">
        <p className="font-medium text-ink">{`Upload refused: ${what} of ${recordName(item.target.table, record, item.target.id)}`}</p>
        {words ? <p className="mt-1 text-ink">{words}</p> : null}
        {item.lastError ? (
          <p className={cx('mt-1 break-words', words ? 'text-xs text-slate-600' : 'text-slate-700')}>
            {item.lastError.message}
          </p>
        ) : null}
        <p className="mt-1 text-xs text-slate-600">Discarding it leaves the record without this file.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={busy || !actions.ready}
            onClick={() => void run(() => actions.retryUpload(item.id))}
          >
            Try again
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy || !actions.ready}
            onClick={() => void run(() => actions.discardUpload(item))}
          >
            Discard
          </Button>
        </div>
      </div>
    </li>
  );
}

function ProblemList({ problems, uploads }: { problems: readonly SyncErrorEntry[]; uploads: readonly OutboxItem[] }) {
  const zoneOf = useRecordZones();
  return (
    <ul className="space-y-3">
      {problems.map((entry) => (
        <ProblemItem
          key={entry.key}
          entry={entry}
          zone={entry.table && entry.local ? zoneOf(entry.table, entry.local) : DEFAULT_TIME_ZONE}
        />
      ))}
      {uploads.map((item) => (
        <UploadProblemItem key={item.id} item={item} />
      ))}
    </ul>
  );
}

/** The header's sync status with its 'Conflicts' and 'Sync problems' panels. */
export function SyncStatusBar() {
  const browserOnline = useOnline();
  const status = useSyncStatus();
  const replica = useReplicaState();
  const pulled = useAdminReplicaPulled();
  const conflicts = useConflicts();
  const allProblems = useSyncErrors();
  const failedUploads = useFailedUploads();
  const [panel, setPanel] = useState<'conflicts' | 'problems' | null>(null);

  const adminOpen = status?.mode === 'admin';
  // Offline when the browser says so, or when the backend could not be reached (a browser may say it
  // is online on a network that lets nothing through: src/data/connection.ts).
  const online = browserOnline && (status?.online ?? true);
  // Offline, failing to reach the server is what 'Offline' says already; those are retried once back.
  const problems = online ? allProblems : allProblems.filter((entry) => entry.kind !== 'network');
  const problemCount = problems.length + failedUploads.length;
  const text = describeSync({
    online,
    open: adminOpen,
    failed: replica.status === 'failed' && replica.mode === 'admin',
    syncing: status?.syncing ?? false,
    pulled,
    pendingChanges: adminOpen ? status.pendingChanges : 0,
    pendingUploads: adminOpen ? status.pendingUploads : 0,
  });
  const Icon = !online
    ? CloudOff
    : text === 'All changes synced'
      ? CheckCircle2
      : text === 'Local data could not open'
        ? AlertTriangle
        : RefreshCw;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <p
        role="status"
        className={cx(
          'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm',
          online ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900',
        )}
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
        {text}
      </p>
      {conflicts.length > 0 ? (
        <Button size="sm" variant="outline" onClick={() => setPanel('conflicts')}>
          <GitCompare aria-hidden="true" className="h-4 w-4" />
          Conflicts ({conflicts.length})
        </Button>
      ) : null}
      {problemCount > 0 ? (
        <Button size="sm" variant="outline" onClick={() => setPanel('problems')}>
          <AlertTriangle aria-hidden="true" className="h-4 w-4" />
          Sync problems ({problemCount})
        </Button>
      ) : null}
      <Dialog
        open={panel === 'conflicts'}
        onOpenChange={(open) => setPanel(open ? 'conflicts' : null)}
        title="Conflicts"
        description="These changes of yours lost against newer changes on the server. Your version is kept here until you re-apply or dismiss it."
        className="max-w-2xl"
      >
        {conflicts.length === 0 ? (
          <p className="text-sm text-slate-600">No conflicts.</p>
        ) : (
          <ConflictList conflicts={conflicts} />
        )}
      </Dialog>
      <Dialog
        open={panel === 'problems'}
        onOpenChange={(open) => setPanel(open ? 'problems' : null)}
        title="Sync problems"
        description="Changes and files the server refused are kept here with their data; other problems are retried automatically."
        className="max-w-2xl"
      >
        {problemCount === 0 ? (
          <p className="text-sm text-slate-600">No problems.</p>
        ) : (
          <ProblemList problems={problems} uploads={failedUploads} />
        )}
      </Dialog>
    </div>
  );
}
