/**
 * /admin/sessions (spec section 2, "Admin: Sessions"): every session, latest first, with the
 * Add Session toggle and the session form. Not in the side menu; reached by its address.
 */
import { BackToDashboard } from '../../ui/list-page.tsx';
import { SessionsPanel } from './sessions-panel.tsx';

export function SessionsPage() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold">Sessions</h2>
      <SessionsPanel toolbar={<BackToDashboard />} />
    </div>
  );
}
