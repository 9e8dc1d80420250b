/**
 * The add/edit form of the sponsor library. The logo file is only held here: the page queues it
 * in the outbox when the form is saved, because the outbox wants the record written in the same
 * action as the placeholder URL (an upload that finishes before its record exists would be lost).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useImageUrl, type SyncDoc } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input, Textarea } from '../../ui/field.tsx';
import { toast } from '../../ui/toaster.tsx';

/** What the server accepts for a web address (the safe_url check of the migrations). */
const WEB_ADDRESS = /^https?:\/\/[^\s/\\?#]+[^\s\\]*$/i;

const sponsorFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(300, 'At most 300 characters'),
  website: z
    .string()
    .trim()
    .max(2048, 'At most 2048 characters')
    .refine((value) => value === '' || WEB_ADDRESS.test(value), 'Enter a web address starting with https://'),
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
  const [logo, setLogo] = useState<{ file: File; previewUrl: string } | null>(null);
  const latestPreview = useRef<string | null>(null);
  const currentLogo = useImageUrl(sponsor?.logo_url);

  useEffect(() => setFocus('name'), [setFocus]);
  // The preview's object URL lives as long as the form.
  useEffect(
    () => () => {
      if (latestPreview.current) URL.revokeObjectURL(latestPreview.current);
    },
    [],
  );

  function pickLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Upload failed');
      event.target.value = '';
      return;
    }
    if (latestPreview.current) URL.revokeObjectURL(latestPreview.current);
    const previewUrl = URL.createObjectURL(file);
    latestPreview.current = previewUrl;
    setLogo({ file, previewUrl });
  }

  const shownLogo = logo?.previewUrl ?? currentLogo;
  const title = sponsor ? 'Edit Sponsor' : 'Add Sponsor';

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={handleSubmit(async (values) => {
        await onSave(values, logo?.file ?? null);
      })}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 className="text-lg font-semibold">{title}</h3>
      <Field label="Name" error={errors.name?.message}>
        {(ids) => <Input {...ids} required autoComplete="off" {...register('name')} />}
      </Field>
      <Field label="Website" error={errors.website?.message}>
        {(ids) => <Input {...ids} type="url" placeholder="https://example.com" {...register('website')} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(ids) => <Textarea {...ids} {...register('description')} />}
      </Field>
      <Field label="Logo" hint="Image files only.">
        {(ids) => <Input {...ids} type="file" accept="image/*" onChange={pickLogo} />}
      </Field>
      {shownLogo ? (
        <img
          src={shownLogo}
          alt={logo ? 'New logo preview' : 'Current logo'}
          className="h-16 w-auto max-w-48 rounded border border-slate-200 object-contain p-1"
        />
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {sponsor ? 'Update Sponsor' : 'Create Sponsor'}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
