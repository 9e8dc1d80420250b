/**
 * Saving the attendee form of the back office (spec sections 2, 5): the form's schema and values,
 * and the write. A new attendee is inserted; an edited one is patched with the fields that changed
 * only, so that a save never rewrites what it did not change.
 *
 * Picked photo and logo files are queued in the file outbox when the form is saved, because the
 * outbox wants the record written in the same action as the placeholder URL.
 */
import { z } from 'zod';
import { useAdminActions } from './admin-data.ts';
import { MAX_LENGTHS, isValidEmail, isWebUrl, normaliseEmail, type Attendee } from './attendee-records.ts';
import { patchOf } from './patch-of.ts';
import { blankToNull } from './table-check.ts';

const upTo = (field: keyof typeof MAX_LENGTHS) =>
  z.string().max(MAX_LENGTHS[field], `At most ${MAX_LENGTHS[field]} characters`);

export const attendeeFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(MAX_LENGTHS.name, `At most ${MAX_LENGTHS.name} characters`),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .refine((value) => isValidEmail(value), 'Enter a valid email address'),
  company: upTo('company'),
  job_title: upTo('job_title'),
  linkedin_url: z
    .string()
    .trim()
    .max(MAX_LENGTHS.linkedin_url)
    .refine((value) => value === '' || isWebUrl(value), 'Enter a URL starting with https://'),
  bio: upTo('bio'),
  priorities: upTo('priorities'),
  current_focus: upTo('current_focus'),
  future_focus: upTo('future_focus'),
  /** The logo's URL: the stored one, or one the lookup found ('' for none). */
  company_logo_url: z.string(),
});

export type AttendeeFormValues = z.infer<typeof attendeeFormSchema>;

/** What the form shows for a stored attendee, or for a new one (null). */
export function attendeeFormValues(attendee: Attendee | null): AttendeeFormValues {
  return {
    name: attendee?.name ?? '',
    email: attendee?.email ?? '',
    company: attendee?.company ?? '',
    job_title: attendee?.job_title ?? '',
    linkedin_url: attendee?.linkedin_url ?? '',
    bio: attendee?.bio ?? '',
    priorities: attendee?.priorities ?? '',
    current_focus: attendee?.current_focus ?? '',
    future_focus: attendee?.future_focus ?? '',
    company_logo_url: attendee?.company_logo_url ?? '',
  };
}

/** The image columns of a save: URLs (stored, found or outbox placeholders) or null for none. */
export interface AttendeeImages {
  photo_url: string | null;
  company_logo_url: string | null;
}

function attendeeFieldsOf(values: AttendeeFormValues, images: AttendeeImages) {
  return {
    name: values.name,
    email: normaliseEmail(values.email),
    company: blankToNull(values.company),
    job_title: blankToNull(values.job_title),
    linkedin_url: blankToNull(values.linkedin_url),
    bio: blankToNull(values.bio),
    priorities: blankToNull(values.priorities),
    current_focus: blankToNull(values.current_focus),
    future_focus: blankToNull(values.future_focus),
    ...images,
  };
}

/** The writes of the attendee form. They throw when the admin replica is not open yet. */
export function useSaveAttendee() {
  const actions = useAdminActions();
  return {
    /** Queues a picked photo or company logo of attendee `id`; resolves to the placeholder URL to save. */
    queueImage: (file: File, kind: 'attendee-photo' | 'company-logo', id: string): Promise<string> =>
      actions.queueImage(file, {
        kind,
        target: { table: 'attendees', id, column: kind === 'attendee-photo' ? 'photo_url' : 'company_logo_url' },
      }),
    /** Inserts attendee `id`. */
    async create(id: string, values: AttendeeFormValues, images: AttendeeImages): Promise<void> {
      await actions.insert('attendees', { id, ...attendeeFieldsOf(values, images) });
    },
    /**
     * Patches the attendee with what the form changed from `opened`, the record its values started
     * from (nothing when nothing did): a field changed meanwhile elsewhere keeps its new value.
     */
    async update(opened: Attendee, values: AttendeeFormValues, images: AttendeeImages): Promise<void> {
      const changes = patchOf(opened, attendeeFieldsOf(values, images));
      if (Object.keys(changes).length > 0) await actions.patch('attendees', opened.id, changes);
    },
  };
}
