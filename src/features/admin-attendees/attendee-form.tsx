/**
 * The add/edit form of Admin: Attendees (spec sections 2, 5, 8, 9). Besides the fields it offers
 * 'Scrape Profile' (fills bio, priorities and focus from LinkedIn through the server function; only
 * for a saved attendee with a LinkedIn URL), the company-logo lookup ('Fetch Logo', and for a new
 * attendee automatically 1.5 s after the last keystroke in Company), and photo and logo files.
 *
 * Picked files are only held here: the page queues them in the outbox when the form is saved
 * (src/data/save-attendee.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Search, Sparkles, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useImageUrl } from '../../data/admin-data.ts';
import type { Attendee } from '../../data/attendee-records.ts';
import { findCompanyLogo, scrapeLinkedInProfile } from '../../data/external-services.ts';
import { attendeeFormSchema, attendeeFormValues, type AttendeeFormValues } from '../../data/save-attendee.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input, Textarea } from '../../ui/field.tsx';
import { FormPanel } from '../../ui/form-panel.tsx';
import { ImageFileField, type PickedImage } from '../../ui/image-file-field.tsx';
import { toast } from '../../ui/toaster.tsx';

/** Spec section 9: the automatic logo lookup waits this long after the last keystroke. */
export const AUTO_LOGO_DELAY_MS = 1500;

export const SCRAPE_DEFAULT_ERROR =
  'The LinkedIn profile might be private or the API is having issues. You can manually fill in the fields.';

/** What happens to the photo on save. */
export type PhotoChoice = { kind: 'keep' } | { kind: 'remove' } | { kind: 'file'; file: File };

export interface AttendeeFormSave {
  values: AttendeeFormValues;
  photo: PhotoChoice;
  /** A picked logo file; it wins over `values.company_logo_url`. */
  logoFile: File | null;
}

export interface AttendeeFormProps {
  /** The attendee being edited, or null for a new one. */
  attendee: Attendee | null;
  /** Saves; resolves true when the form may close. */
  onSave: (save: AttendeeFormSave) => Promise<boolean>;
  onCancel: () => void;
}

function notAnImage(file: File) {
  toast.error('Upload failed', { description: `${file.name} is not an image file` });
}

/** 'Remove photo', 'Remove logo'. */
function RemoveButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick}>
      <X aria-hidden="true" className="h-4 w-4" />
      {children}
    </Button>
  );
}

export function AttendeeForm({ attendee, onSave, onCancel }: AttendeeFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AttendeeFormValues>({
    resolver: zodResolver(attendeeFormSchema),
    defaultValues: attendeeFormValues(attendee),
  });
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const [photoRemoved, setPhotoRemoved] = useState(false);
  const [logo, setLogo] = useState<PickedImage | null>(null);
  const [scraping, setScraping] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const isNew = attendee === null;

  const company = useWatch({ control, name: 'company' });
  const logoUrl = useWatch({ control, name: 'company_logo_url' });
  /** Set once the admin removes a logo, so the automatic lookup does not bring it back. */
  const [logoDismissed, setLogoDismissed] = useState(false);
  const storedPhoto = useImageUrl(photoRemoved ? null : attendee?.photo_url);
  const shownLogo = useImageUrl(logoUrl === '' ? null : logoUrl);
  const hasLogo = logo !== null || logoUrl !== '';

  useEffect(() => setFocus('name'), [setFocus]);

  // A new attendee with a company and no logo: look the logo up once typing has paused.
  useEffect(() => {
    const name = company.trim();
    if (!isNew || name === '' || hasLogo || logoDismissed) return undefined;
    const aborted = new AbortController();
    const timer = window.setTimeout(() => {
      findCompanyLogo(name, aborted.signal)
        .then((url) => {
          if (!url || aborted.signal.aborted || getValues('company_logo_url') !== '') return;
          setValue('company_logo_url', url);
          toast.success('Logo found');
        })
        // Quiet on purpose: a failed lookup while typing is no reason to interrupt; 'Fetch Logo' reports it.
        .catch(() => undefined);
    }, AUTO_LOGO_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      aborted.abort();
    };
  }, [company, isNew, hasLogo, logoDismissed, getValues, setValue]);

  async function fetchLogo() {
    const name = getValues('company').trim();
    if (name === '') {
      toast.error('No company name', { description: 'Please enter a company name first' });
      return;
    }
    setLookingUp(true);
    try {
      const url = await findCompanyLogo(name);
      if (url) {
        setLogo(null);
        setValue('company_logo_url', url);
        toast.success('Logo found');
      } else {
        toast.error('Logo not found', { description: 'Could not find a logo for this company' });
      }
    } catch {
      toast.error('Error', { description: 'Failed to fetch company logo' });
    } finally {
      setLookingUp(false);
    }
  }

  async function scrapeProfile() {
    // The server writes what it finds to the saved record at once: only for the URL saved there
    // (spec: 'a saved attendee with a LinkedIn URL'), not one typed and not saved yet.
    const linkedinUrl = attendee?.linkedin_url?.trim() ?? '';
    if (!attendee || linkedinUrl === '' || getValues('linkedin_url').trim() !== linkedinUrl) {
      toast.error('Cannot scrape', { description: 'Please save the attendee first with a LinkedIn URL' });
      return;
    }
    setScraping(true);
    try {
      const outcome = await scrapeLinkedInProfile(attendee.id, linkedinUrl);
      if (!outcome.ok) {
        toast.error('Scraping failed', { description: outcome.error ?? SCRAPE_DEFAULT_ERROR });
        return;
      }
      for (const field of ['bio', 'priorities', 'current_focus', 'future_focus'] as const) {
        const value = outcome.profile[field];
        if (value.trim() !== '') setValue(field, value, { shouldDirty: true });
      }
      toast.success('Profile scraped successfully!');
    } catch (error) {
      toast.error('Scraping failed', { description: errorMessage(error) });
    } finally {
      setScraping(false);
    }
  }

  const shownPhoto = photo?.previewUrl ?? storedPhoto;
  const title = isNew ? 'Add Attendee' : 'Edit Attendee';

  return (
    <FormPanel
      title={title}
      titleAction={
        <Button variant="outline" size="sm" disabled={scraping} onClick={() => void scrapeProfile()}>
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {scraping ? 'Scraping...' : 'Scrape Profile'}
        </Button>
      }
      onSubmit={handleSubmit(async (values) => {
        const photoChoice: PhotoChoice = photo
          ? { kind: 'file', file: photo.file }
          : photoRemoved
            ? { kind: 'remove' }
            : { kind: 'keep' };
        await onSave({ values, photo: photoChoice, logoFile: logo?.file ?? null });
      })}
      submitLabel={isNew ? 'Create Attendee' : 'Update Attendee'}
      submitting={isSubmitting}
      onCancel={onCancel}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(ids) => <Input {...ids} required autoComplete="off" {...register('name')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(ids) => <Input {...ids} type="email" required autoComplete="off" {...register('email')} />}
        </Field>
        <Field label="Company" error={errors.company?.message}>
          {(ids) => <Input {...ids} autoComplete="off" {...register('company')} />}
        </Field>
        <Field label="Job Title" error={errors.job_title?.message}>
          {(ids) => <Input {...ids} autoComplete="off" {...register('job_title')} />}
        </Field>
        <Field label="LinkedIn URL" error={errors.linkedin_url?.message} className="md:col-span-2">
          {(ids) => (
            <Input
              {...ids}
              type="url"
              placeholder="https://www.linkedin.com/in/..."
              autoComplete="off"
              {...register('linkedin_url')}
            />
          )}
        </Field>
        <Field label="Bio (about 200 words)" error={errors.bio?.message} className="md:col-span-2">
          {(ids) => <Textarea {...ids} rows={6} {...register('bio')} />}
        </Field>
        <Field
          label="Priorities (comma-separated)"
          error={errors.priorities?.message}
          className="md:col-span-2"
          hint="For example: Data governance, AI adoption, Data literacy"
        >
          {(ids) => <Input {...ids} autoComplete="off" {...register('priorities')} />}
        </Field>
        <Field label="Current Focus" error={errors.current_focus?.message}>
          {(ids) => <Textarea {...ids} rows={3} {...register('current_focus')} />}
        </Field>
        <Field label="Future Focus" error={errors.future_focus?.message}>
          {(ids) => <Textarea {...ids} rows={3} {...register('future_focus')} />}
        </Field>

        <div className="space-y-2">
          <ImageFileField
            label="Photo"
            hint="Image files only."
            onNotAnImage={notAnImage}
            onPick={(picked) => {
              setPhoto(picked);
              toast.success('Photo uploaded successfully');
            }}
          />
          {shownPhoto ? (
            <div className="flex items-center gap-3">
              <img
                src={shownPhoto}
                alt={photo ? 'New photo preview' : 'Current photo'}
                className="h-16 w-16 rounded-full border border-slate-200 object-cover"
              />
              <RemoveButton
                onClick={() => {
                  setPhoto(null);
                  setPhotoRemoved(true);
                }}
              >
                Remove photo
              </RemoveButton>
            </div>
          ) : null}
        </div>

        <div className="space-y-2">
          <ImageFileField
            label="Company Logo"
            hint="Image files only, or fetch it from the company name."
            onNotAnImage={notAnImage}
            onPick={(picked) => {
              setLogo(picked);
              toast.success('Company logo uploaded successfully');
            }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" size="sm" disabled={lookingUp} onClick={() => void fetchLogo()}>
              <Search aria-hidden="true" className="h-4 w-4" />
              {lookingUp ? 'Fetching...' : 'Fetch Logo'}
            </Button>
            {logo || shownLogo ? (
              <>
                <img
                  src={logo?.previewUrl ?? shownLogo ?? undefined}
                  alt={logo ? 'New company logo preview' : 'Company logo'}
                  className="h-12 w-auto max-w-40 rounded border border-slate-200 bg-white object-contain p-1"
                />
                <RemoveButton
                  onClick={() => {
                    setLogo(null);
                    setLogoDismissed(true);
                    setValue('company_logo_url', '');
                  }}
                >
                  Remove logo
                </RemoveButton>
              </>
            ) : null}
          </div>
        </div>
      </div>
    </FormPanel>
  );
}
