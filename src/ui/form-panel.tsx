/**
 * The add/edit form of a back-office list page, shown above the list: its title (also the form's
 * accessible name), its fields, then the submit button and 'Cancel'.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button.tsx';

export interface FormPanelProps {
  title: string;
  /** An action beside the title, such as 'Scrape Profile'. */
  titleAction?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text, such as 'Save Video' or 'Update Video'. */
  submitLabel: string;
  /** Disables the submit button while the form is being saved. */
  submitting: boolean;
  onCancel: () => void;
  children: ReactNode;
}

export function FormPanel({
  title,
  titleAction,
  onSubmit,
  submitLabel,
  submitting,
  onCancel,
  children,
}: FormPanelProps) {
  const heading = <h3 className="text-lg font-semibold">{title}</h3>;
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={onSubmit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      {titleAction ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {titleAction}
        </div>
      ) : (
        heading
      )}
      {children}
      <div className="flex gap-2">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
