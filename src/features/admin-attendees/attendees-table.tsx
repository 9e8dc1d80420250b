/**
 * The attendee list of Admin: Attendees (spec section 2): Photo ('No photo' when none), Name, Email,
 * Company, Job Title, Actions (edit, delete after a confirmation).
 */
import { Pencil, Trash2 } from 'lucide-react';
import type { Attendee } from '../../data/attendee-records.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table.tsx';
import { AttendeePhoto, CompanyLogo } from './attendee-image.tsx';

export interface AttendeesTableProps {
  attendees: readonly Attendee[];
  onEdit: (attendee: Attendee) => void;
  onDelete: (attendee: Attendee) => Promise<void>;
}

export function AttendeesTable({ attendees, onEdit, onDelete }: AttendeesTableProps) {
  return (
    <Table className="min-w-[48rem]">
      <TableCaption className="sr-only">Attendees, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Photo</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Company</TableHead>
          <TableHead>Job Title</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {attendees.map((attendee) => (
          <TableRow key={attendee.id}>
            <TableCell>
              <AttendeePhoto url={attendee.photo_url} name={attendee.name} />
            </TableCell>
            <th scope="row" className="px-4 py-3 text-left font-medium text-ink">
              {attendee.name}
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
            <TableCell className="text-right whitespace-nowrap">
              <Button variant="ghost" size="icon" aria-label={`Edit ${attendee.name}`} onClick={() => onEdit(attendee)}>
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
  );
}
