/**
 * The add/edit form of the sponsor library. The logo file is only held here: the page queues it
 * in the outbox when the form is saved, because the outbox wants the record written in the same
 * action as the placeholder URL (an upload that finishes before its record exists would be lost).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useImageUrl, type SyncDoc } from '../../data/admin-data.ts';
import { isWebUrl } from '../../data/attendee-records.ts';
import { Field, Input, Textarea } from '../../ui/field.tsx';
import { FormPanel } from '../../ui/form-panel.tsx';
import { ImageFileField, type PickedImage } from '../../ui/image-file-field.tsx';
import { toast } from '../../ui/toaster.tsx';

/** What the server accepts for a web address (the safe_url check of the migrations). */

const sponsorFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(300, 'At most 300 characters'),
  website: z
    .string()
    .trim()
    .max(2048, 'At most 2048 characters')
    .refine((value) => value === '' || isWebUrl(value), 'Enter a web address starting with https://'),
  description: z.string().max(20000, 'At most 20000 characters'),
});

export type SponsorFormValues = z.infer<typeof sponsorFormSchema>;

export interface SponsorFormProps {
  /** The sponsor being edited, or null for a new one. */
  sponsor: SyncDoc<'sponsors_library'> | null;
  /** Saves; resolves true when the form may close. */
  onSave: (values: SponsorFormValues, logo: File | null) => Promise<boolean>;
  onCancel: () => void;
}

export function SponsorForm({ sponsor, onSave, onCancel }: SponsorFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SponsorFormValues>({
    resolver: zodResolver(sponsorFormSchema),
    defaultValues: {
      name: sponsor?.name ?? '',
      website: sponsor?.website ?? '',
      description: sponsor?.description ?? '',
    },
  });
  const [logo, setLogo] = useState<PickedImage | null>(null);
  const currentLogo = useImageUrl(sponsor?.logo_url);

  useEffect(() => setFocus('name'), [setFocus]);

  const shownLogo = logo?.previewUrl ?? currentLogo;
  const title = sponsor ? 'Edit Sponsor' : 'Add Sponsor';

  return (
    <FormPanel
      title={title}
      onSubmit={handleSubmit(async (values) => {
        await onSave(values, logo?.file ?? null);
      })}
      submitLabel={sponsor ? 'Update Sponsor' : 'Create Sponsor'}
      submitting={isSubmitting}
      onCancel={onCancel}
    >
      <Field label="Name" error={errors.name?.message}>
        {(ids) => <Input {...ids} required autoComplete="off" {...register('name')} />}
      </Field>
      <Field label="Website" error={errors.website?.message}>
        {(ids) => <Input {...ids} type="url" placeholder="https://example.com" {...register('website')} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(ids) => <Textarea {...ids} {...register('description')} />}
      </Field>
      <ImageFileField
        label="Logo"
        hint="Image files only."
        onPick={setLogo}
        onNotAnImage={() => toast.error('Upload failed')}
      />
      {shownLogo ? (
        <img
          src={shownLogo}
          alt={logo ? 'New logo preview' : 'Current logo'}
          className="h-16 w-auto max-w-48 rounded border border-slate-200 object-contain p-1"
        />
      ) : null}
    </FormPanel>
  );
}
