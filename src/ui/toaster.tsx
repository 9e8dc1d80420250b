/**
 * Notifications (spec section 9): bottom-right, about 4 seconds, at most 3 visible. `toast` is
 * sonner's; `toast.error(title, { description })` is the destructive look.
 */
import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

/** sonner's coloured texts, darkened to reach 4.5:1 on their light backgrounds (WCAG AA). */
const CONTRAST = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 33%)',
  '--warning-text': 'hsl(31, 92%, 27%)',
  '--error-text': 'hsl(360, 100%, 36%)',
} as CSSProperties;

export function Toaster() {
  return <Sonner position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton style={CONTRAST} />;
}
