/**
 * Radix returns focus on close only to its own Trigger. Dialogs opened from elsewhere (a card, a
 * menu button kept outside the dialog) use these handlers on their Content: the element that had
 * focus when the dialog opened (read before Radix moves focus in) gets it back on close, unless the
 * focus was placed elsewhere meanwhile (a link in a drawer that led to another page, whose content
 * took it: ./focus-on-navigation.ts).
 */
import { useRef } from 'react';

export function useReturnFocus(): { onOpenAutoFocus: () => void; onCloseAutoFocus: (event: Event) => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) {
        event.preventDefault();
        return;
      }
      if (element && element.isConnected && element !== document.body) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
