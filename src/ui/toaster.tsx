/**
 * Notifications (spec section 9): bottom-right, about 4 seconds, at most 3 visible. `toast` is
 * sonner's; `toast.error(title, { description })` is the destructive look.
 */
import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

export function Toaster() {
  return <Sonner position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />;
}
