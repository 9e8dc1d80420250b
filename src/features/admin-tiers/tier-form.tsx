/** The add/edit form of a sponsor tier: a name and colour text, with a picker for hex colours. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { SyncDoc } from '../../data/admin-data.ts';
import { Field, Input } from '../../ui/field.tsx';
import { FormPanel } from '../../ui/form-panel.tsx';
import { cssColour, isColourText, pickerValue } from './tier-colour.ts';

const tierFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(300, 'At most 300 characters'),
  color: z
    .string()
    .trim()
    .min(1, 'Color is required')
    .max(64, 'At most 64 characters')
    .refine(isColourText, 'Enter a colour such as #ffd700, hsl(45 93% 47%) or 45 93% 47%'),
});

export type TierFormValues = z.infer<typeof tierFormSchema>;

/** Spec section 9: default tier colour. */
const DEFAULT_COLOUR = '#000000';

export interface TierFormProps {
  tier: SyncDoc<'sponsor_tiers'> | null;
  onSave: (values: TierFormValues) => Promise<void>;
  onCancel: () => void;
}

export function TierForm({ tier, onSave, onCancel }: TierFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TierFormValues>({
    resolver: zodResolver(tierFormSchema),
    defaultValues: { name: tier?.name ?? '', color: tier?.color ?? DEFAULT_COLOUR },
  });
  useEffect(() => setFocus('name'), [setFocus]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the form re-renders on every change of the colour anyway
  const colour = watch('color');
  const title = tier ? 'Edit Tier' : 'Add Tier';

  return (
    <FormPanel
      title={title}
      onSubmit={handleSubmit(onSave)}
      submitLabel={tier ? 'Update Tier' : 'Create Tier'}
      submitting={isSubmitting}
      onCancel={onCancel}
    >
      <Field label="Name" error={errors.name?.message}>
        {(ids) => <Input {...ids} required autoComplete="off" placeholder="Gold" {...register('name')} />}
      </Field>
      <Field
        label="Color"
        error={errors.color?.message}
        hint="A hex colour from the picker, or colour text such as an HSL value (45 93% 47%)."
      >
        {(ids) => (
          <div className="flex items-center gap-2">
            <Input {...ids} required autoComplete="off" {...register('color')} />
            <input
              type="color"
              aria-label="Color picker"
              value={pickerValue(colour)}
              onChange={(event) => setValue('color', event.target.value, { shouldValidate: true, shouldDirty: true })}
              className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            />
            <span
              aria-hidden="true"
              className="h-8 w-8 shrink-0 rounded-full border border-slate-300"
              style={{ backgroundColor: isColourText(colour) ? cssColour(colour) : 'transparent' }}
            />
          </div>
        )}
      </Field>
    </FormPanel>
  );
}
