/** The add/edit form of a video. The event choice 'none' is a general video (null event_id). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { SyncDoc } from '../../data/admin-data.ts';
import { EventOptions, NO_EVENT, type EventChoice } from '../../ui/event-options.tsx';
import { Field, Input, Select, Textarea } from '../../ui/field.tsx';
import { FormPanel } from '../../ui/form-panel.tsx';

/** What the server accepts for an address (the safe_url check of the migrations). */
const ADDRESS = /^(https?:\/\/[^\s/\\?#]+[^\s\\]*|\/([^/\\\s][^\s\\]*)?)$/i;
const ADDRESS_MESSAGE = 'Enter a web address starting with https://';

const videoFormSchema = z.object({
  event_id: z.string(),
  title: z.string().trim().min(1, 'Title is required').max(300, 'At most 300 characters'),
  video_url: z
    .string()
    .trim()
    .min(1, 'Video URL is required')
    .max(2048, 'At most 2048 characters')
    .regex(ADDRESS, ADDRESS_MESSAGE),
  description: z.string().max(20000, 'At most 20000 characters'),
  thumbnail_url: z
    .string()
    .trim()
    .max(2048, 'At most 2048 characters')
    .refine((value) => value === '' || ADDRESS.test(value), ADDRESS_MESSAGE),
  display_order: z
    .number({ error: 'Display order must be a whole number' })
    .int('Display order must be a whole number')
    .min(-2147483648, 'Too small')
    .max(2147483647, 'Too large'),
});

export type VideoFormValues = z.infer<typeof videoFormSchema>;

export interface VideoFormProps {
  video: SyncDoc<'videos'> | null;
  /** Events to choose from, newest first. */
  events: readonly EventChoice[];
  onSave: (values: VideoFormValues) => Promise<void>;
  onCancel: () => void;
}

export function VideoForm({ video, events, onSave, onCancel }: VideoFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<VideoFormValues>({
    resolver: zodResolver(videoFormSchema),
    defaultValues: {
      event_id: video?.event_id ?? NO_EVENT,
      title: video?.title ?? '',
      video_url: video?.video_url ?? '',
      description: video?.description ?? '',
      thumbnail_url: video?.thumbnail_url ?? '',
      display_order: video?.display_order ?? 0,
    },
  });
  useEffect(() => setFocus('event_id'), [setFocus]);

  const title = video ? 'Edit Video' : 'Add Video';

  return (
    <FormPanel
      title={title}
      onSubmit={handleSubmit(onSave)}
      submitLabel={video ? 'Update Video' : 'Save Video'}
      submitting={isSubmitting}
      onCancel={onCancel}
    >
      <Field label="Event">
        {(ids) => (
          <Select {...ids} {...register('event_id')}>
            <EventOptions noneLabel="None (general video)" events={events} current={video?.event_id} />
          </Select>
        )}
      </Field>
      <Field label="Title" error={errors.title?.message}>
        {(ids) => <Input {...ids} required autoComplete="off" {...register('title')} />}
      </Field>
      <Field
        label="Video URL"
        error={errors.video_url?.message}
        hint="An embed link of a video site (such as https://www.youtube.com/embed/...) or a direct link to a video file."
      >
        {(ids) => <Input {...ids} type="url" required placeholder="https://" {...register('video_url')} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(ids) => <Textarea {...ids} {...register('description')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Thumbnail URL" error={errors.thumbnail_url?.message}>
          {(ids) => <Input {...ids} type="url" placeholder="https://" {...register('thumbnail_url')} />}
        </Field>
        <Field label="Display order" error={errors.display_order?.message}>
          {(ids) => <Input {...ids} type="number" step={1} {...register('display_order', { valueAsNumber: true })} />}
        </Field>
      </div>
    </FormPanel>
  );
}
