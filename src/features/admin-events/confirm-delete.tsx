/** A delete icon button that asks first (src/ui/confirm-dialog.tsx) and reports a failed delete. */
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toastError } from '../../ui/toaster.tsx';

export interface ConfirmDeleteProps {
  /** The trigger's accessible name, e.g. 'Delete Lisbon 2026'. */
  label: string;
  title: string;
  description: ReactNode;
  onConfirm: () => Promise<void> | void;
}

export function ConfirmDelete({ label, title, description, onConfirm }: ConfirmDeleteProps) {
  const confirm = async () => {
    try {
      await onConfirm();
    } catch (error) {
      toastError(error);
      throw error;
    }
  };
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel="Delete"
      onConfirm={confirm}
      trigger={
        <Button variant="ghost" size="icon" aria-label={label} className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      }
    />
  );
}
