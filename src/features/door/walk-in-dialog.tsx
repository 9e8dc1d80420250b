/**
 * 'Walk-in': add a person at the door and check them in, offline too. Their e-mail makes them one
 * attendee however many phones take them; someone on the roster already is checked in as themselves.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { WalkInPerson } from '../../data/check-in-actions.ts';
import type { RosterGuest } from '../../data/door-roster.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { checkWalkIn, type WalkInErrors, type WalkInValues } from './walk-in.ts';

const EMPTY: WalkInValues = { name: '', company: '', jobTitle: '', email: '' };

export interface WalkInDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  roster: readonly RosterGuest[];
  /** Checks the person in; resolves once this device holds the check-in. */
  onWalkIn(person: WalkInPerson, onRoster: RosterGuest | undefined): Promise<void>;
}

export function WalkInDialog({ open, onOpenChange, roster, onWalkIn }: WalkInDialogProps) {
  const [values, setValues] = useState<WalkInValues>(EMPTY);
  const [errors, setErrors] = useState<WalkInErrors>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // A refused submit takes the focus to the first field to fix.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const change = (field: keyof WalkInValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function close(next: boolean) {
    if (!next) {
      setValues(EMPTY);
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkWalkIn(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      const known = roster.find((guest) => guest.email?.toLowerCase() === checked.person.email);
      await onWalkIn(checked.person, known);
      close(false);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Walk-in"
      description="Add a person at the door and check them in. Works offline."
    >
      <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        <Field label="Name" error={errors.name}>
          {(ids) => (
            <Input {...ids} autoComplete="off" className="min-h-11" value={values.name} onChange={change('name')} />
          )}
        </Field>
        <Field label="E-mail" error={errors.email}>
          {(ids) => (
            <Input
              {...ids}
              type="email"
              inputMode="email"
              autoComplete="off"
              className="min-h-11"
              value={values.email}
              onChange={change('email')}
            />
          )}
        </Field>
        <Field label="Company" error={errors.company}>
          {(ids) => (
            <Input
              {...ids}
              autoComplete="off"
              className="min-h-11"
              value={values.company}
              onChange={change('company')}
            />
          )}
        </Field>
        <Field label="Job title" error={errors.jobTitle}>
          {(ids) => (
            <Input
              {...ids}
              autoComplete="off"
              className="min-h-11"
              value={values.jobTitle}
              onChange={change('jobTitle')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={saving}>
          Check in walk-in
        </Button>
      </form>
    </Dialog>
  );
}
