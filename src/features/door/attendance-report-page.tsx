/**
 * Admin: the attendance report of an event (issue 16): who was checked in (when, on which device),
 * who walked in and who did not come, with counts, 'Export CSV', and 'Mark checked-in guests as past
 * attendees', which writes through the admin replica (offline too) and may be repeated: a second run
 * changes nothing.
 */
import { Link } from '@tanstack/react-router';
import { Download, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useAdminActions, useAdminRows } from '../../data/admin-data.ts';
import { useRoster } from '../../data/use-roster.ts';
import { allTimesIn, eventTimeZone, formatVenueDate, formatVenueTime } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { BackToDashboard } from '../../ui/list-page.tsx';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table.tsx';
import { toastError } from '../../ui/toaster.tsx';
import {
  ATTENDANCE_LABELS,
  attendanceCounts,
  attendanceRows,
  attendanceToCsv,
  pastAttendeePatches,
  type AttendanceRow,
} from './attendance.ts';
import { DoorEventSelect, useDoorEvent, type DoorEvent } from './door-event.tsx';

export interface AttendanceReportPageProps {
  event?: string | undefined;
  onEvent(eventId: string): void;
}

function downloadCsv(event: DoorEvent, rows: readonly AttendanceRow[]) {
  // The text starts with a byte-order mark, so that spreadsheet programs read it as UTF-8.
  const blob = new Blob([attendanceToCsv(rows, eventTimeZone(event))], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `attendance-${event.slug ?? event.id}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function AttendanceReportPage({ event: eventId, onEvent }: AttendanceReportPageProps) {
  const { events, event } = useDoorEvent(eventId, onEvent);
  const roster = useRoster(event ? event.id : null);
  const links = useAdminRows('event_attendees');
  const actions = useAdminActions();
  const [outcome, setOutcome] = useState<{ eventId: string; text: string } | null>(null);
  const rows = roster.guests ? attendanceRows(roster.guests) : undefined;

  async function markPast() {
    if (!event || !roster.guests || !links) return;
    const patches = pastAttendeePatches(event.id, links, roster.guests);
    try {
      const { missing } = patches.length > 0 ? await actions.patchMany('event_attendees', patches) : { missing: [] };
      const changed = patches.length - missing.length;
      setOutcome({
        eventId: event.id,
        text:
          changed === 0
            ? 'Nothing to change: every checked-in guest is already a past attendee of this event.'
            : `${changed === 1 ? '1 guest' : `${changed} guests`} marked as past attendees of this event.`,
      });
    } catch (error) {
      toastError(error);
      throw error;
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">Attendance report</h2>
        <div className="flex flex-wrap gap-2">
          {event && rows ? (
            <Button variant="outline" onClick={() => downloadCsv(event, rows)}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </Button>
          ) : null}
          {event ? (
            <Button asChild variant="outline">
              <Link to="/admin/check-in/badges" search={{ event: event.id, layout: 'label' }}>
                Badges
              </Link>
            </Button>
          ) : null}
          <BackToDashboard />
        </div>
      </div>
      {events ? <DoorEventSelect events={events} selected={event?.id} onChange={onEvent} /> : null}
      {events === undefined ? (
        <p className="text-slate-600">Loading...</p>
      ) : !event ? (
        <p className="text-slate-600">Choose an event to see who came.</p>
      ) : rows === undefined || roster.loading ? (
        <p className="text-slate-600">Loading...</p>
      ) : (
        <>
          <Counts rows={rows} />
          <div className="space-y-2">
            <ConfirmDialog
              trigger={
                <Button disabled={!actions.ready || !links} className="h-auto! min-h-11 py-2 whitespace-normal!">
                  <UserCheck aria-hidden="true" className="h-4 w-4" />
                  Mark checked-in guests as past attendees
                </Button>
              }
              title="Mark checked-in guests as past attendees?"
              description={`Everyone checked in to ${event.title} (walk-ins too) becomes a past attendee of it, as past highlights lists them. Guests who did not come stay as they are.`}
              confirmLabel="Mark as past attendees"
              destructive={false}
              onConfirm={markPast}
            />
            <p role="status" className="text-sm text-slate-700">
              {outcome && outcome.eventId === event.id ? outcome.text : ''}
            </p>
          </div>
          <ReportTable event={event} rows={rows} />
        </>
      )}
    </div>
  );
}

function Counts({ rows }: { rows: readonly AttendanceRow[] }) {
  const counts = attendanceCounts(rows);
  const items = [
    ['Checked in', `${counts.present} of ${counts.total}`],
    ['Of them walk-ins', String(counts['walk-in'])],
    ['No-shows', String(counts['no-show'])],
  ] as const;
  return (
    <dl aria-label="Counts" className="grid max-w-2xl grid-cols-3 gap-3">
      {items.map(([term, value]) => (
        <div key={term} className="rounded-md border border-slate-200 p-3">
          <dt className="text-sm text-slate-600">{term}</dt>
          <dd className="text-2xl font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who came and when, on the venue's clock (the door's), wherever the report is read or printed. */
function ReportTable({ event, rows }: { event: DoorEvent; rows: readonly AttendanceRow[] }) {
  if (rows.length === 0) return <p className="text-slate-600">No guests for this event.</p>;
  const zone = eventTimeZone(event);
  return (
    <Table>
      <TableCaption>
        Guests of {event.title}, {formatVenueDate(event.start_date, zone)}. {allTimesIn(zone, event.start_date)}.
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Company</TableHead>
          <TableHead>Attendance</TableHead>
          <TableHead>Checked in at</TableHead>
          <TableHead>Device</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ guest, attendance }) => (
          <TableRow key={guest.key}>
            <TableHead scope="row" className="border-0 font-medium text-ink">
              {guest.attendeeId ? (
                <Link to="/admin/person" search={{ id: guest.attendeeId }} className="hover:underline">
                  {guest.name}
                </Link>
              ) : (
                guest.name
              )}
            </TableHead>
            <TableCell>{guest.company ?? ''}</TableCell>
            <TableCell>{ATTENDANCE_LABELS[attendance]}</TableCell>
            <TableCell>
              {guest.checkedInAt ? (
                <time dateTime={guest.checkedInAt}>{formatVenueTime(guest.checkedInAt, zone)}</time>
              ) : (
                ''
              )}
            </TableCell>
            <TableCell>{guest.checkedInOn ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
