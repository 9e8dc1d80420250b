/**
 * A checked-in guest's feedback form on the event page (issue 31): their personal link,
 * `/events/<id>#feedback=<token>`, opens the page with the form in a dialog. The token is read
 * from the fragment, so it reaches no server log; the form sends it in a request's body. The
 * dialog, its outbox and zod's schema are a chunk of their own, loaded only when the fragment holds
 * a token, so the event page's first load does not grow.
 */
import { useCallback, useEffect, useState } from 'react';
import { FEEDBACK_LINK_PARAMETER, guestTokenOfHash } from '../../../supabase/functions/_shared/portable/guest-link.ts';
import { retryableImport } from '../../lib/retryable-import.ts';
import { useOnDemand } from '../../ui/on-demand.ts';

const dialogModule = retryableImport(() => import('./feedback-dialog.tsx'), 'FeedbackDialog');
const loadDialog = async () => (await dialogModule()).FeedbackDialog;

export function FeedbackHost() {
  const [token, setToken] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [FeedbackDialog, requestDialog] = useOnDemand(loadDialog);

  useEffect(() => {
    const read = () => {
      const found = guestTokenOfHash(window.location.hash, FEEDBACK_LINK_PARAMETER);
      if (!found) return;
      void requestDialog().then((loaded) => {
        if (!loaded) return;
        setToken(found);
        setOpen(true);
      });
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [requestDialog]);

  const changeOpen = useCallback((next: boolean) => setOpen(next), []);
  if (!FeedbackDialog || !token) return null;
  return <FeedbackDialog key={token} token={token} open={open} onOpenChange={changeOpen} />;
}
