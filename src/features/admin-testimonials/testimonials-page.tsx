/**
 * Admin: Event Testimonials (spec section 2). A testimonial belongs to one event, or to none (a
 * general one, shown on the home and sponsor pages).
 */
import { patchOf } from '../../data/patch-of.ts';
import { useMemo } from 'react';
import { useAdminActions, useAdminRows, useAdminRowsPulled, type SyncDoc } from '../../data/admin-data.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { NO_EVENT } from '../../ui/event-options.tsx';
import { CardGrid, ListPageHeader, ListRows, useListEditor } from '../../ui/list-page.tsx';
import { toast } from '../../ui/toaster.tsx';
import { TestimonialCard } from './testimonial-card.tsx';
import { TestimonialForm, type TestimonialFormValues } from './testimonial-form.tsx';

type Testimonial = SyncDoc<'testimonials'>;
type EventRow = SyncDoc<'events'>;

const byDisplayOrder = (a: Testimonial, b: Testimonial) =>
  a.display_order - b.display_order || a.name.localeCompare(b.name);
/** Events in the selector: newest start date first (spec section 7). */
const byStartDateDescending = (a: EventRow, b: EventRow) => Date.parse(b.start_date) - Date.parse(a.start_date);

function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

export function TestimonialsPage() {
  const testimonials = useAdminRowsPulled('testimonials', byDisplayOrder);
  const events = useAdminRows('events', byStartDateDescending);
  const actions = useAdminActions();
  const editor = useListEditor(testimonials);
  const { mode, editing, close } = editor;

  const eventChoices = useMemo(() => (events ?? []).map(({ id, title }) => ({ id, title })), [events]);
  const eventTitles = useMemo(() => new Map(eventChoices.map((event) => [event.id, event.title])), [eventChoices]);

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
      else {
        const patch = patchOf(mode.opened, fields);
        if (Object.keys(patch).length > 0) await actions.patch('testimonials', id, patch);
      }
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
    editor.closeIfEditing(testimonial.id);
    toast.success('Testimonial deleted successfully');
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <ListPageHeader title="Event Testimonials" addLabel="Add Testimonial" editor={editor} />

      {editor.formOpen ? (
        <TestimonialForm
          key={editor.formKey}
          testimonial={editing}
          events={eventChoices}
          onSave={save}
          onCancel={close}
        />
      ) : null}

      <ListRows rows={testimonials} empty="No testimonials yet">
        {(testimonials) => (
          <CardGrid label="Testimonials">
            {testimonials.map((testimonial) => (
              <TestimonialCard
                key={testimonial.id}
                testimonial={testimonial}
                eventTitle={testimonial.event_id ? (eventTitles.get(testimonial.event_id) ?? 'Unknown event') : null}
                onEdit={() => editor.edit(testimonial.id)}
                onDelete={() => remove(testimonial)}
              />
            ))}
          </CardGrid>
        )}
      </ListRows>
    </div>
  );
}
