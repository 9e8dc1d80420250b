import { useState, type FormEvent } from 'react';
import { DEVICE_LABEL_MAX, setDeviceLabel, useDevice } from '../../data/door-device.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { toast } from '../../ui/toaster.tsx';

/** This device's name, which its check-ins carry ('on Door phone 2'). */
export function DeviceName() {
  const device = useDevice();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? device.label;

  function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    setDeviceLabel(value);
    setDraft(null);
    toast.success('Device name saved');
  }

  return (
    <form onSubmit={save} className="flex items-end gap-2">
      <Field label="This device's name" hint="Shown beside the check-ins made on it." className="flex-1">
        {(ids) => (
          <Input
            {...ids}
            className="min-h-11"
            maxLength={DEVICE_LABEL_MAX}
            placeholder="Door phone 1"
            value={value}
            onChange={(change) => setDraft(change.target.value)}
          />
        )}
      </Field>
      {/* Unavailable, not disabled, with nothing to save: a disabled button would drop the keyboard's
          focus to the page as it is pressed. */}
      <Button type="submit" variant="outline" className="mb-6 min-h-11" aria-disabled={draft === null || undefined}>
        Save
      </Button>
    </form>
  );
}
