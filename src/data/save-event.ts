/**
 * Saving the event form of the back office (spec section 2, "Admin: Events"): the form's schema and
 * values, and the write. A new event is inserted; an edited one is patched with the fields that
 * changed only, so that edits of different fields made on two devices both survive.
 *
 * The featured image is queued in the file outbox when the form is saved, not when it is picked:
 * the outbox swaps the public URL into the record only if the record already holds the placeholder,
 * so the placeholder and the file must reach the replica in the same action.
 */
import { z } from 'zod';
import { useAdminActions, type DocPatch, type SyncDoc } from './admin-data.ts';
import {
  MAX_CAPACITY,
  capacityFromInput,
  cleanPoints,
  fromDateTimeInput,
  slugForSave,
  toCapacityInput,
  toDateTimeInput,
} from './event-values.ts';
import { patchOf } from './patch-of.ts';
import { blankToNull, checkAgainstTable } from './table-check.ts';

type EventDoc = SyncDoc<'events'>;

/** The event form: required fields, then every column checked as the server would check it. */
export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required'),
    slug: z.string(),
    subheading: z.string(),
    description: z.string(),
    location: z.string(),
    start_date: z.string().min(1, 'Start date is required'),
    end_date: z.string().min(1, 'End date is required'),
    request_invite_url: z.string(),
    capacity: z.string(),
    why_attend: z.array(z.string()),
    why_partner: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    if (capacityFromInput(values.capacity) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['capacity'],
        message: `Enter a whole number of seats from 1 to ${MAX_CAPACITY}, or leave it blank for no limit`,
      });
    }
    if (values.title.trim() === '' || values.start_date === '' || values.end_date === '') return;
    checkAgainstTable(ctx, 'events', eventFieldsOf(values));
  });

export type EventFormValues = z.input<typeof eventFormSchema>;

/** The columns the form writes (the featured image aside). */
function eventFieldsOf(values: EventFormValues) {
  return {
    title: values.title.trim(),
    slug: slugForSave(values.slug),
    subheading: blankToNull(values.subheading),
    description: blankToNull(values.description),
    location: blankToNull(values.location),
    start_date: fromDateTimeInput(values.start_date) ?? '',
    end_date: fromDateTimeInput(values.end_date) ?? '',
    request_invite_url: blankToNull(values.request_invite_url),
    capacity: capacityFromInput(values.capacity) ?? null,
    why_attend: cleanPoints(values.why_attend),
    why_partner: cleanPoints(values.why_partner),
  };
}

/** What the form shows for a stored event, or for a new one (null). */
export function eventFormValues(event: EventDoc | null): EventFormValues {
  return {
    title: event?.title ?? '',
    slug: event?.slug ?? '',
    subheading: event?.subheading ?? '',
    description: event?.description ?? '',
    location: event?.location ?? '',
    start_date: toDateTimeInput(event?.start_date),
    end_date: toDateTimeInput(event?.end_date),
    request_invite_url: event?.request_invite_url ?? '',
    capacity: toCapacityInput(event?.capacity),
    why_attend: event?.why_attend ?? [],
    why_partner: event?.why_partner ?? [],
  };
}

/** The writes of the event form. They throw when the admin replica is not open yet. */
export function useSaveEvent() {
  const actions = useAdminActions();
  return {
    ready: actions.ready,
    /** Queues a picked featured image for event `id`; resolves to the placeholder URL to save. */
    queueFeaturedImage: (id: string, file: File): Promise<string> =>
      actions.queueImage(file, {
        kind: 'event-image',
        eventId: id,
        target: { table: 'events', id, column: 'featured_image_url' },
      }),
    /**
     * Inserts event `id` (`event` null) or patches `event` with what the form changed.
     * `featuredImage`: a URL or null to write, undefined to leave the stored one.
     */
    async save(
      event: EventDoc | null,
      id: string,
      values: EventFormValues,
      featuredImage: string | null | undefined,
    ): Promise<void> {
      const fields = eventFieldsOf(values);
      if (event) {
        const patch: DocPatch<'events'> = patchOf(event, fields);
        if (featuredImage !== undefined) patch.featured_image_url = featuredImage;
        if (Object.keys(patch).length > 0) await actions.patch('events', id, patch);
      } else {
        await actions.insert('events', { id, ...fields, featured_image_url: featuredImage ?? null });
      }
    },
  };
}
