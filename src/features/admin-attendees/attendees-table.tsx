/**
 * The attendee list of Admin: Attendees (spec section 2): Photo ('No photo' when none), Name, Email,
 * Company, Job Title, Actions (edit, delete after a confirmation); with the series' history (issue
 * 32), editions attended, the last one and recent no-shows, and the name links to the person's
 * page. A long list shows 200 rows at a time.
 */
import { Link } from '@tanstack/react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Attendee } from '../../data/attendee-records.ts';
import { editionPlace, type SeriesIndex } from '../../data/series-history.ts';
import { eventTimeZone, formatVenueMonth } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table.tsx';
import { AttendeePhoto, CompanyLogo } from './attendee-image.tsx';

export interface AttendeesTableProps {
  attendees: readonly Attendee[];
  /** The series' history; its columns show once it is there. */
  history?: SeriesIndex | undefined;
  onEdit: (attendee: Attendee) => void;
  onDelete: (attendee: Attendee) => Promise<void>;
}

const PAGE = 200;

export function AttendeesTable({ attendees, history, onEdit, onDelete }: AttendeesTableProps) {
  const [limit, setLimit] = useState(PAGE);
  const rows = attendees.slice(0, limit);
  return (
    <>
      <Table className="min-w-[48rem]">
        <TableCaption className="sr-only">Attendees</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Photo</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Job Title</TableHead>
            {history ? (
              <>
                <TableHead>Editions</TableHead>
                <TableHead>Last attended</TableHead>
                <TableHead>No-shows</TableHead>
              </>
            ) : null}
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((attendee) => (
            <TableRow key={attendee.id}>
              <TableCell>
                <AttendeePhoto url={attendee.photo_url} name={attendee.name} />
              </TableCell>
              <th scope="row" className="px-4 py-3 text-left font-medium text-ink">
                <Link to="/admin/person" search={{ id: attendee.id }} className="underline-offset-2 hover:underline">
                  {attendee.name}
                </Link>
              </th>
              <TableCell className="text-slate-700">{attendee.email}</TableCell>
              <TableCell className="text-slate-700">
                {attendee.company ? (
                  <span className="flex items-center gap-2">
                    <CompanyLogo url={attendee.company_logo_url} company={attendee.company} />
                    {attendee.company}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="text-slate-700">{attendee.job_title}</TableCell>
              {history ? <HistoryCells history={history} attendeeId={attendee.id} /> : null}
              <TableCell className="text-right whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${attendee.name}`}
                  onClick={() => onEdit(attendee)}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                </Button>
                <ConfirmDialog
                  title="Delete attendee?"
                  description={`${attendee.name} will be removed from the attendee list and from every event.`}
                  confirmLabel="Delete"
                  onConfirm={() => onDelete(attendee)}
                  trigger={
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${attendee.name}`}
                      className="text-red-700 hover:bg-red-50"
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </Button>
                  }
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {attendees.length > limit ? (
        <Button variant="outline" onClick={() => setLimit((shown) => shown + PAGE)}>
          Show {Math.min(PAGE, attendees.length - limit)} more of {attendees.length - limit}
        </Button>
      ) : null}
    </>
  );
}

function HistoryCells({ history, attendeeId }: { history: SeriesIndex; attendeeId: string }) {
  const summary = history.summaryOf(attendeeId);
  const last = summary.lastAttended;
  return (
    <>
      <TableCell className="text-slate-700">{summary.attendedCount}</TableCell>
      <TableCell className="text-slate-700">
        {last
          ? `${editionPlace(last.event)}, ${formatVenueMonth(last.event.start_date, eventTimeZone(last.event)).label}`
          : ''}
      </TableCell>
      <TableCell className="text-slate-700">
        {summary.recentRecorded > 0 ? `${summary.recentNoShows} of last ${summary.recentRecorded}` : ''}
        {summary.oftenNoShow ? <span className="block text-xs text-amber-800">Often lately</span> : null}
      </TableCell>
    </>
  );
}
