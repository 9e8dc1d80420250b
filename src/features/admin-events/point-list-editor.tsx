/**
 * Edits a list of short texts (Why Attend, Why Partner): Enter or 'Add' appends the trimmed text,
 * empty text is ignored, each item has its own remove button.
 */
import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/field.tsx';

export interface PointListEditorProps {
  label: string;
  value: readonly string[];
  onChange: (points: string[]) => void;
  placeholder?: string;
  /** A problem with the list as a whole (too many or too long points). */
  error?: string | undefined;
}

export function PointListEditor({ label, value, onChange, placeholder, error }: PointListEditorProps) {
  const [draft, setDraft] = useState('');
  const id = useId();

  const addDraft = () => {
    const point = draft.trim();
    if (point === '') return;
    onChange([...value, point]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds an item here; it must not submit the event form around it.
    event.preventDefault();
    addDraft();
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink">{label}</legend>
      {value.length > 0 ? (
        <ul className="space-y-1" aria-label={label}>
          {value.map((point, index) => (
            <li
              key={`${index}-${point}`}
              className="flex items-start justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm"
            >
              <span className="break-words">{point}</span>
              <button
                type="button"
                className="shrink-0 rounded p-0.5 text-slate-600 hover:text-red-700"
                aria-label={`Remove "${point}" from ${label}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {`New ${label} point`}
        </label>
        <Input
          id={id}
          value={draft}
          placeholder={placeholder ?? 'Type a point and press Enter'}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={addDraft} aria-label={`Add ${label} point`}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
