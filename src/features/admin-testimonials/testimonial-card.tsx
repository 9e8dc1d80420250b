import { Pencil, Star, Trash2 } from 'lucide-react';
import { useImageUrl, type SyncDoc } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

export interface TestimonialCardProps {
  testimonial: SyncDoc<'testimonials'>;
  /** The event's title, or null for a general testimonial. */
  eventTitle: string | null;
  onEdit: () => void;
  /** Deletes after the admin confirms. */
  onDelete: () => Promise<void>;
}

export function TestimonialCard({ testimonial, eventTitle, onEdit, onDelete }: TestimonialCardProps) {
  const photo = useImageUrl(testimonial.photo_url);
  const byline = [testimonial.job_title, testimonial.company].filter(Boolean).join(', ');
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{eventTitle ?? 'General'}</p>
      <p className="flex gap-0.5" role="img" aria-label={`Rated ${testimonial.rating} out of 5`}>
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            aria-hidden="true"
            className={star <= testimonial.rating ? 'h-4 w-4 fill-amber-500 text-amber-600' : 'h-4 w-4 text-slate-400'}
          />
        ))}
      </p>
      <blockquote className="text-slate-800 italic">“{testimonial.quote}”</blockquote>
      <div className="mt-auto flex items-center gap-3">
        {photo ? (
          <img src={photo} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded-full bg-slate-200" />
        )}
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{testimonial.name}</h3>
          {byline ? <p className="text-sm text-slate-600">{byline}</p> : null}
        </div>
      </div>
      <p className="text-xs text-slate-600">Display order {testimonial.display_order}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit testimonial from ${testimonial.name}`}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              variant="destructive"
              size="sm"

              aria-label={`Delete testimonial from ${testimonial.name}`}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </Button>
          }
          title="Delete this testimonial?"
          description={`The testimonial from ${testimonial.name} will be deleted.`}
          confirmLabel="Delete"
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
