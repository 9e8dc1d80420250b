/**
 * The event form of the back office (spec section 2, "Admin: Events"): seven tabs, of which the last
 * four (sessions, attendees, sponsors, gallery) work on a saved event only. Saving writes to the
 * local replica (online or not) and closes the form; the sync engine pushes the change.
 *
 * The featured image is queued in the file outbox when the form is saved, not when it is picked:
 * the outbox swaps the public URL into the record only if the record already holds the placeholder,
 * so the placeholder and the file must reach the replica in the same action.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAdminActions, useImageUrl, type DocPatch } from '../../data/admin-data.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input, Textarea } from '../../ui/field.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { type EventDoc } from './admin-rows.ts';
import { EventAttendeesTab } from './event-attendees-tab.tsx';
import { EventGalleryTab } from './event-gallery-tab.tsx';
import { EventSponsorsTab } from './event-sponsors-tab.tsx';
import { cleanPoints, fromDateTimeInput, normaliseSlugInput, slugForSave, toDateTimeInput } from './event-values.ts';
import { imageProblem } from './image-file.ts';
import { PointListEditor } from './point-list-editor.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { blankToNull, checkAgainstTable } from './table-check.ts';

const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required'),
    slug: z.string(),
    subheading: z.string(),
    description: z.string(),
    location: z.string(),
    start_date: z.string().min(1, 'Start date is required'),
    end_date: z.string().min(1, 'End date is required'),
    request_invite_url: z.string(),
    why_attend: z.array(z.string()),
    why_partner: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
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
    why_attend: cleanPoints(values.why_attend),
    why_partner: cleanPoints(values.why_partner),
  };
}

function formValuesOf(event: EventDoc | null): EventFormValues {
  return {
    title: event?.title ?? '',
    slug: event?.slug ?? '',
    subheading: event?.subheading ?? '',
    description: event?.description ?? '',
    location: event?.location ?? '',
    start_date: toDateTimeInput(event?.start_date),
    end_date: toDateTimeInput(event?.end_date),
    request_invite_url: event?.request_invite_url ?? '',
    why_attend: event?.why_attend ?? [],
    why_partner: event?.why_partner ?? [],
  };
}

/** The fields of `next` that differ from `current` (only they are written, so edits merge well). */
function changedFields(current: EventDoc, next: ReturnType<typeof eventFieldsOf>): DocPatch<'events'> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const before = (current as Record<string, unknown>)[key];
    const same =
      Array.isArray(value) && Array.isArray(before)
        ? value.length === before.length && value.every((item, i) => item === before[i])
        : key.endsWith('_date')
          ? Date.parse(String(before)) === Date.parse(String(value))
          : (before ?? null) === value;
    if (!same) patch[key] = value;
  }
  return patch as DocPatch<'events'>;
}

/** True when a field of the Basic Info tab is invalid. */
function invalidBasics(invalid: Partial<Record<keyof EventFormValues, unknown>>): boolean {
  return Object.keys(invalid).some((field) => field !== 'why_attend' && field !== 'why_partner');
}

/** The gated tabs and their notes while the event is not saved yet (spec: 'Save the event first to manage ...'). */
const GATED_TABS = [
  { value: 'sessions', label: 'Sessions', note: 'Save the event first to manage sessions' },
  { value: 'attendees', label: 'Attendees', note: 'Save the event first to manage attendees' },
  { value: 'sponsors', label: 'Sponsors', note: 'Save the event first to manage sponsors' },
  { value: 'gallery', label: 'Gallery', note: 'Save the event first to manage gallery' },
] as const;

export interface EventFormProps {
  /** The event being edited, or null to create one with `id`. */
  event: EventDoc | null;
  /** The id of the event: the edited one's, or the one a new event gets (image paths use it). */
  id: string;
  /** Slugs of the other live events (a slug is unique among them). */
  takenSlugs: ReadonlySet<string>;
  onDone: () => void;
}

interface PendingImage {
  file: File;
  previewUrl: string;
}

export function EventForm({ event, id, takenSlugs, onDone }: EventFormProps) {
  const actions = useAdminActions();
  const [tab, setTab] = useState('basic');
  const [pendingImage, setPendingImage] = useState<PendingImage | null>(null);
  const [imageCleared, setImageCleared] = useState(false);
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: formValuesOf(event),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;

  // Object URLs of picked files hold memory until revoked.
  useEffect(() => () => (pendingImage ? URL.revokeObjectURL(pendingImage.previewUrl) : undefined), [pendingImage]);

  const save = handleSubmit(
    async (values) => {
      const fields = eventFieldsOf(values);
      if (fields.slug !== null && takenSlugs.has(fields.slug)) {
        setError('slug', { message: 'Another event already has this slug' });
        setTab('basic');
        return;
      }
      setSaving(true);
      try {
        let featuredImage: string | null | undefined;
        if (pendingImage) {
          try {
            featuredImage = await actions.queueImage(pendingImage.file, {
              kind: 'event-image',
              eventId: id,
              target: { table: 'events', id, column: 'featured_image_url' },
            });
          } catch (error) {
            toast.error('Upload failed', { description: errorMessage(error) });
            setTab('images');
            return;
          }
        } else if (imageCleared) {
          featuredImage = null;
        }
        if (event) {
          const patch = changedFields(event, fields);
          if (featuredImage !== undefined) patch.featured_image_url = featuredImage;
          if (Object.keys(patch).length > 0) await actions.patch('events', id, patch);
          toast.success('Event updated successfully');
        } else {
          await actions.insert('events', { id, ...fields, featured_image_url: featuredImage ?? null });
          toast.success('Event created successfully');
        }
        onDone();
      } catch (error) {
        toastError(error);
      } finally {
        setSaving(false);
      }
    },
    // Open the tab that shows the first problem.
    (invalid) => setTab(invalidBasics(invalid) ? 'basic' : 'why'),
  );

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    void save();
  };

  const basicInfo = (
    <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
      <Field label="Title" error={errors.title?.message}>
        {(ids) => <Input {...ids} aria-required="true" {...register('title')} />}
      </Field>
      <Field
        label="Slug"
        error={errors.slug?.message}
        hint="Lowercase letters, numbers and hyphens. Leave blank to make one from the title."
      >
        {(ids) => (
          <Controller
            control={control}
            name="slug"
            render={({ field }) => (
              <Input
                {...ids}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(change) => field.onChange(normaliseSlugInput(change.target.value))}
              />
            )}
          />
        )}
      </Field>
      <Field label="Subheading" error={errors.subheading?.message} className="md:col-span-2">
        {(ids) => <Input {...ids} {...register('subheading')} />}
      </Field>
      <Field label="Description" error={errors.description?.message} className="md:col-span-2">
        {(ids) => <Textarea {...ids} rows={5} {...register('description')} />}
      </Field>
      <Field label="Location" error={errors.location?.message}>
        {(ids) => <Input {...ids} {...register('location')} />}
      </Field>
      <Field label="Request invite URL" error={errors.request_invite_url?.message}>
        {(ids) => <Input {...ids} type="url" placeholder="https://" {...register('request_invite_url')} />}
      </Field>
      <Field label="Start date" error={errors.start_date?.message}>
        {(ids) => <Input {...ids} type="datetime-local" aria-required="true" {...register('start_date')} />}
      </Field>
      <Field label="End date" error={errors.end_date?.message}>
        {(ids) => <Input {...ids} type="datetime-local" aria-required="true" {...register('end_date')} />}
      </Field>
    </form>
  );

  const images = (
    <FeaturedImagePicker
      savedUrl={imageCleared ? null : (event?.featured_image_url ?? null)}
      pending={pendingImage}
      onPick={(picked) => {
        setPendingImage(picked);
        setImageCleared(false);
      }}
      onClear={() => {
        setPendingImage(null);
        setImageCleared(true);
      }}
    />
  );

  const whySections = (
    <form onSubmit={submit} noValidate className="grid gap-6 md:grid-cols-2">
      <Controller
        control={control}
        name="why_attend"
        render={({ field }) => <PointListEditor label="Why Attend" value={field.value} onChange={field.onChange} />}
      />
      <Controller
        control={control}
        name="why_partner"
        render={({ field }) => <PointListEditor label="Why Partner" value={field.value} onChange={field.onChange} />}
      />
    </form>
  );

  const gatedContent = (value: (typeof GATED_TABS)[number]['value']) => {
    if (!event) return null;
    switch (value) {
      case 'sessions':
        return <SessionsPanel eventId={id} />;
      case 'attendees':
        return <EventAttendeesTab eventId={id} />;
      case 'sponsors':
        return <EventSponsorsTab eventId={id} />;
      case 'gallery':
        return <EventGalleryTab eventId={id} />;
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={headingId} className="mb-4 text-xl font-semibold">
        {event ? 'Edit Event' : 'Create Event'}
      </h3>
      <Tabs
        label="Event details"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'basic', label: 'Basic Info', content: basicInfo },
          { value: 'images', label: 'Images', content: images },
          { value: 'why', label: 'Why Sections', content: whySections },
          ...GATED_TABS.map((gated) => ({
            value: gated.value,
            label: gated.label,
            disabled: !event,
            content: gatedContent(gated.value),
          })),
        ]}
      />
      {event ? null : (
        // Disabled tabs cannot be opened, so their notes are shown here.
        <ul className="mt-4 grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
          {GATED_TABS.map((gated) => (
            <li key={gated.value}>{gated.note}</li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        <Button onClick={() => void save()} disabled={saving || !actions.ready}>
          {event ? 'Update Event' : 'Create Event'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

interface FeaturedImagePickerProps {
  savedUrl: string | null;
  pending: PendingImage | null;
  onPick: (picked: PendingImage) => void;
  onClear: () => void;
}

/** Picks the featured image (image files only) and shows it at once from the local file. */
function FeaturedImagePicker({ savedUrl, pending, onPick, onClear }: FeaturedImagePickerProps) {
  const saved = useImageUrl(savedUrl);
  const shown = pending?.previewUrl ?? saved;

  const pick = async (change: ChangeEvent<HTMLInputElement>) => {
    const input = change.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = await imageProblem(file);
    if (problem) {
      toast.error('Upload failed', { description: problem });
      return;
    }
    onPick({ file, previewUrl: URL.createObjectURL(file) });
    toast.success('Image uploaded successfully');
  };

  return (
    <div className="space-y-4">
      <Field label="Featured image" hint="An image file (JPEG, PNG, WebP, GIF or AVIF).">
        {(ids) => <Input {...ids} type="file" accept="image/*" onChange={(change) => void pick(change)} />}
      </Field>
      {shown ? (
        <div className="space-y-2">
          <img src={shown} alt="Featured image preview" className="max-h-64 rounded-md border border-slate-200" />
          <Button variant="outline" size="sm" onClick={onClear}>
            Remove image
          </Button>
        </div>
      ) : savedUrl && !pending ? (
        <p className="text-sm text-slate-600">The image is uploading from another device.</p>
      ) : (
        <p className="text-sm text-slate-600">No featured image yet.</p>
      )}
    </div>
  );
}
