/**
 * The add/edit form of a testimonial. The event choice 'none' is a general testimonial (null
 * event_id). A photo is a URL or an uploaded file; the file is only held here and queued in the
 * outbox by the page when the form is saved, together with the record.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useImageUrl, type SyncDoc } from '../../data/admin-data.ts';
import { EventOptions, NO_EVENT, type EventChoice } from '../../ui/event-options.tsx';
import { Field, Input, Select, Textarea } from '../../ui/field.tsx';
import { FormPanel } from '../../ui/form-panel.tsx';
import { ImageFileField, type PickedImage } from '../../ui/image-file-field.tsx';
import { toast } from '../../ui/toaster.tsx';

/** What the server accepts for an image address (the safe_url check of the migrations). */
const IMAGE_ADDRESS = /^(https?:\/\/[^\s/\\?#]+[^\s\\]*|\/([^/\\\s][^\s\\]*)?)$/i;

const testimonialFormSchema = z.object({
  event_id: z.string(),
  name: z.string().trim().min(1, 'Name is required').max(300, 'At most 300 characters'),
  job_title: z.string().trim().max(300, 'At most 300 characters'),
  company: z.string().trim().max(300, 'At most 300 characters'),
  photo_url: z
    .string()
    .trim()
    .max(2048, 'At most 2048 characters')
    .refine((value) => value === '' || IMAGE_ADDRESS.test(value), 'Enter a web address starting with https://'),
  quote: z.string().trim().min(1, 'Quote is required').max(20000, 'At most 20000 characters'),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  display_order: z
    .number({ error: 'Display order must be a whole number' })
    .int('Display order must be a whole number')
    .min(-2147483648, 'Too small')
    .max(2147483647, 'Too large'),
});

export type TestimonialFormValues = z.infer<typeof testimonialFormSchema>;

export interface TestimonialFormProps {
  testimonial: SyncDoc<'testimonials'> | null;
  /** Events to choose from, newest first. */
  events: readonly EventChoice[];
  onSave: (values: TestimonialFormValues, photo: File | null) => Promise<void>;
  onCancel: () => void;
}

export function TestimonialForm({ testimonial, events, onSave, onCancel }: TestimonialFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TestimonialFormValues>({
    resolver: zodResolver(testimonialFormSchema),
    defaultValues: {
      event_id: testimonial?.event_id ?? NO_EVENT,
      name: testimonial?.name ?? '',
      job_title: testimonial?.job_title ?? '',
      company: testimonial?.company ?? '',
      photo_url: testimonial?.photo_url ?? '',
      quote: testimonial?.quote ?? '',
      rating: testimonial?.rating ?? 5,
      display_order: testimonial?.display_order ?? 0,
    },
  });
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const currentPhoto = useImageUrl(testimonial?.photo_url);

  useEffect(() => setFocus('event_id'), [setFocus]);

  const shownPhoto = photo?.previewUrl ?? currentPhoto;
  const title = testimonial ? 'Edit Testimonial' : 'Add Testimonial';

  return (
    <FormPanel
      title={title}
      onSubmit={handleSubmit((values) => onSave(values, photo?.file ?? null))}
      submitLabel={testimonial ? 'Update Testimonial' : 'Save Testimonial'}
      submitting={isSubmitting}
      onCancel={onCancel}
    >
      <Field label="Event">
        {(ids) => (
          <Select {...ids} {...register('event_id')}>
            <EventOptions noneLabel="None (general testimonial)" events={events} current={testimonial?.event_id} />
          </Select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(ids) => <Input {...ids} required autoComplete="off" {...register('name')} />}
        </Field>
        <Field label="Job title" error={errors.job_title?.message}>
          {(ids) => <Input {...ids} autoComplete="off" {...register('job_title')} />}
        </Field>
        <Field label="Company" error={errors.company?.message}>
          {(ids) => <Input {...ids} autoComplete="off" {...register('company')} />}
        </Field>
        <Field label="Photo URL" error={errors.photo_url?.message}>
          {(ids) => <Input {...ids} type="url" placeholder="https://..." {...register('photo_url')} />}
        </Field>
      </div>
      <ImageFileField
        label="Or upload a photo"
        hint="Image files only. An uploaded photo replaces the URL."
        onPick={setPhoto}
        onNotAnImage={(file) => toast.error('Upload failed', { description: `${file.name} is not an image` })}
      />
      {shownPhoto ? (
        <img
          src={shownPhoto}
          alt={photo ? 'New photo preview' : 'Current photo'}
          className="h-20 w-20 rounded-full border border-slate-200 object-cover"
        />
      ) : null}
      <Field label="Quote" error={errors.quote?.message}>
        {(ids) => <Textarea {...ids} required {...register('quote')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Rating (1-5)" error={errors.rating?.message}>
          {(ids) => (
            <Input {...ids} type="number" min={1} max={5} step={1} {...register('rating', { valueAsNumber: true })} />
          )}
        </Field>
        <Field label="Display order" error={errors.display_order?.message}>
          {(ids) => <Input {...ids} type="number" step={1} {...register('display_order', { valueAsNumber: true })} />}
        </Field>
      </div>
    </FormPanel>
  );
}
