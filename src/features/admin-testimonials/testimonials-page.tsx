/**
 * Admin: Event Testimonials (spec section 2). A testimonial belongs to one event, or to none (a
 * general one, shown on the home and sponsor pages).
 */
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useAdminActions, useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { NO_EVENT } from '../../ui/event-options.tsx';
import { toast } from '../../ui/toaster.tsx';
import { TestimonialCard } from './testimonial-card.tsx';
import { TestimonialForm, type TestimonialFormValues } from './testimonial-form.tsx';

type Testimonial = SyncDoc<'testimonials'>;
type EventRow = SyncDoc<'events'>;

type FormMode = { kind: 'closed' } | { kind: 'create'; id: string } | { kind: 'edit'; id: string };

const byDisplayOrder = (a: Testimonial, b: Testimonial) =>
  a.display_order - b.display_order || a.name.localeCompare(b.name);
/** Events in the selector: newest start date first (spec section 7). */
const byStartDateDescending = (a: EventRow, b: EventRow) => Date.parse(b.start_date) - Date.parse(a.start_date);

function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

export function TestimonialsPage() {
  const testimonials = useAdminRows('testimonials', byDisplayOrder);
  const events = useAdminRows('events', byStartDateDescending);
  const actions = useAdminActions();
  const [mode, setMode] = useState<FormMode>({ kind: 'closed' });
  const addButton = useRef<HTMLButtonElement>(null);

  const eventChoices = useMemo(() => (events ?? []).map(({ id, title }) => ({ id, title })), [events]);
  const eventTitles = useMemo(() => new Map(eventChoices.map((event) => [event.id, event.title])), [eventChoices]);
  const editing = mode.kind === 'edit' ? (testimonials?.find((t) => t.id === mode.id) ?? null) : null;

  function close() {
    setMode({ kind: 'closed' });
    addButton.current?.focus();
  }

  async function save(values: TestimonialFormValues, photo: File | null) {
    if (mode.kind === 'closed') return;
    const creating = mode.kind === 'create';
    const id = mode.id;
    let photoUrl = blankToNull(values.photo_url);
    if (photo) {
      try {
        photoUrl = await actions.queueImage(photo, {
          kind: 'attendee-photo',
          target: { table: 'testimonials', id, column: 'photo_url' },
        });
      } catch (error) {
        toast.error('Upload failed', { description: errorMessage(error) });
        return;
      }
    }
    const fields = {
      event_id: values.event_id === NO_EVENT ? null : values.event_id,
      name: values.name,
      job_title: blankToNull(values.job_title),
      company: blankToNull(values.company),
      photo_url: photoUrl,
      quote: values.quote,
      rating: values.rating,
      display_order: values.display_order,
    };
    try {
      if (creating) await actions.insert('testimonials', { id, ...fields });
      else await actions.patch('testimonials', id, fields);
    } catch (error) {
      toast.error(creating ? 'Error adding testimonial' : 'Error updating testimonial', {
        description: errorMessage(error),
      });
      return;
    }
    toast.success(creating ? 'Testimonial added successfully' : 'Testimonial updated successfully');
    close();
  }

  async function remove(testimonial: Testimonial) {
    try {
      await actions.remove('testimonials', testimonial.id);
    } catch (error) {
      toast.error('Error deleting testimonial', { description: errorMessage(error) });
      return;
    }
    if (mode.kind === 'edit' && mode.id === testimonial.id) setMode({ kind: 'closed' });
    toast.success('Testimonial deleted successfully');
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">Event Testimonials</h2>
        <div className="flex gap-2">
          <Button ref={addButton} onClick={() => setMode({ kind: 'create', id: crypto.randomUUID() })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Testimonial
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin">Back</Link>
          </Button>
        </div>
      </div>

      {mode.kind === 'create' || editing ? (
        <TestimonialForm
          key={mode.kind === 'closed' ? 'closed' : mode.id}
          testimonial={editing}
          events={eventChoices}
          onSave={save}
          onCancel={close}
        />
      ) : null}

      {testimonials === undefined ? (
        <p className="text-slate-600">Loading...</p>
      ) : testimonials.length === 0 ? (
        <p className="text-slate-600">No testimonials yet</p>
      ) : (
        <ul aria-label="Testimonials" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((testimonial) => (
            <TestimonialCard
              key={testimonial.id}
              testimonial={testimonial}
              eventTitle={testimonial.event_id ? (eventTitles.get(testimonial.event_id) ?? 'Unknown event') : null}
              onEdit={() => setMode({ kind: 'edit', id: testimonial.id })}
              onDelete={() => remove(testimonial)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
