/** A side drawer (mobile navigation) on Radix Dialog: focus trapped, Escape closes, focus returns. */
import { Dialog as Radix } from 'radix-ui';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus.ts';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  side?: 'left' | 'right';
  children: ReactNode;
}

export function Sheet({ open, onOpenChange, title, side = 'right', children }: SheetProps) {
  const returnFocus = useReturnFocus();
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Radix.Content
          aria-describedby={undefined}
          {...returnFocus}
          className={`fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-6 text-ink shadow-xl ${side === 'right' ? 'right-0' : 'left-0'}`}
        >
          <Radix.Title className="text-lg font-semibold">{title}</Radix.Title>
          <Radix.Close
            className="absolute top-5 right-5 rounded-sm p-1 text-slate-600 hover:text-ink"
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
          <div className="mt-6 flex-1 overflow-y-auto">{children}</div>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
