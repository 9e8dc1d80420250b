/** One event in the back office's list: image, texts, start date (the venue's), point counts, edit and delete. */
import { Calendar, MapPin, Pencil } from 'lucide-react';
import { useImageUrl } from '../../data/admin-data.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import type { EventDoc } from './admin-rows.ts';
import { ConfirmDelete } from './confirm-delete.tsx';

export interface EventCardProps {
  event: EventDoc;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}

export function EventCard({ event, onEdit, onDelete }: EventCardProps) {
  const image = useImageUrl(event.featured_image_url);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {image ? (
        <img src={image} alt="" className="aspect-video w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="aspect-video w-full bg-gradient-to-br from-brand to-ink" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold">{event.title}</h3>
        {event.subheading ? <p className="text-sm font-medium text-slate-700">{event.subheading}</p> : null}
        {event.description ? <p className="line-clamp-3 text-sm text-slate-600">{event.description}</p> : null}
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="h-4 w-4" />
          {event.location ?? 'TBD'}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Calendar aria-hidden="true" className="h-4 w-4" />
          {formatLongDate(event.start_date, eventTimeZone(event))}
        </p>
        <p className="text-sm text-slate-700">
          <span>Why Attend: {event.why_attend.length}</span>
          {' · '}
          <span>Why Partner: {event.why_partner.length}</span>
        </p>
        <div className="mt-auto flex justify-end gap-1 pt-2">
          <Button variant="ghost" size="icon" aria-label={`Edit ${event.title}`} onClick={onEdit}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </Button>
          <ConfirmDelete
            label={`Delete ${event.title}`}
            title="Delete this event?"
            description={`"${event.title}" will be deleted with its sessions, attendee list, sponsors and gallery.`}
            onConfirm={onDelete}
          />
        </div>
      </div>
    </li>
  );
}
