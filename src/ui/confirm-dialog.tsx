/**
 * Asks before something that cannot be undone (delete, remove, cancel an invite), on Radix
 * AlertDialog: focus starts on 'Cancel', Escape cancels, focus returns to what opened it. While
 * `onConfirm` runs the buttons are disabled; the dialog closes when it resolves and stays open
 * when it throws (the caller shows the error). When what opened it was in a row that the confirmed
 * action takes away (a Delete), the focus goes to the row now in its place (keep-focus.ts).
 */
import { AlertDialog as Radix } from 'radix-ui';
import { useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from './button.tsx';
import { placeOfRow } from './keep-focus.ts';

/** Where the focus goes when the row that opened a question is gone and no row is left. */
const PAGE_CONTENT = '#admin-content, #main-content';

export interface ConfirmDialogProps {
  /** The element that opens the dialog; or control it with `open` / `onOpenChange`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (default true: most confirmations are for removing something). */
  destructive?: boolean;
  onConfirm: () => void | Promise<void>;
}

export function ConfirmDialog({
  trigger,
  open: controlledOpen,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = true,
  onConfirm,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const opener = useRef<ReturnType<typeof placeOfRow>>(null);
  const confirmed = useRef(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      confirmed.current = true;
      setOpen(false);
    } catch {
      // The caller reports the failure; the dialog stays so the user can try again or cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Radix.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      {trigger ? <Radix.Trigger asChild>{trigger}</Radix.Trigger> : null}
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Radix.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 text-ink shadow-xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            confirmed.current = false;
            opener.current = placeOfRow(document.activeElement);
          }}
          onCloseAutoFocus={(event) => {
            const place = confirmed.current ? opener.current : null;
            opener.current = null;
            if (place?.keep(PAGE_CONTENT)) event.preventDefault();
          }}
        >
          <Radix.Title className="text-lg font-semibold">{title}</Radix.Title>
          {description ? (
            <Radix.Description className="mt-2 text-sm text-slate-600">{description}</Radix.Description>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            <Radix.Cancel className={buttonClasses('outline')} disabled={busy}>
              {cancelLabel}
            </Radix.Cancel>
            <button
              type="button"
              className={buttonClasses(destructive ? 'destructive' : 'primary')}
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? 'Loading...' : confirmLabel}
            </button>
          </div>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
