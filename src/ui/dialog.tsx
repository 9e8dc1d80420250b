/**
 * A modal dialog on Radix: traps focus, closes on Escape and returns focus to what opened it.
 * Every dialog has a title (announced) and may have a description.
 */
import { Dialog as Radix } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { useReturnFocus } from './return-focus.ts';

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered as is). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Dialog({ open, onOpenChange, trigger, title, description, children, className }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Radix.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger ? <Radix.Trigger asChild>{trigger}</Radix.Trigger> : null}
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Radix.Content
          className={cx(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-lg bg-white p-6 text-ink shadow-xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(trigger ? {} : returnFocus)}
        >
          <Radix.Title className="pr-8 text-lg font-semibold">{title}</Radix.Title>
          {description ? (
            <Radix.Description className="mt-1 text-sm text-slate-600">{description}</Radix.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          <Radix.Close
            className="absolute top-2 right-2 rounded-sm p-3 text-slate-600 hover:text-ink"
            aria-label="Close"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </Radix.Close>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** Closes the dialog it sits in (wrap a button). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <Radix.Close asChild>{children}</Radix.Close>;
}
