/**
 * The guest's pass on the event page: their personal link, `/events/<id>#guest=<token>`, opens the
 * page with the 'Your pass' dialog, which shows the link as a QR code to show (or print) at the door.
 * The token is read from the fragment and never leaves the page: no request carries it, and the
 * code is drawn in the browser. The dialog and the QR library are a chunk of their own, loaded only
 * when the fragment holds a token, so the event page's first load does not grow.
 */
import { useCallback, useEffect, useState } from 'react';
import { guestTokenOfHash } from '../../../supabase/functions/_shared/portable/guest-link.ts';
import { retryableImport } from '../../lib/retryable-import.ts';
import { useOnDemand } from '../../ui/on-demand.ts';

const dialogModule = retryableImport(() => import('./guest-pass-dialog.tsx'), 'GuestPassDialog');
const loadDialog = async () => (await dialogModule()).GuestPassDialog;

/** What the pass says of the event: its title, and when it starts on the venue's clock. */
export interface PassEvent {
  title: string;
  start_date: string;
  time_zone?: string | null;
}

export function GuestPassHost({ event }: { event: PassEvent }) {
  const [link, setLink] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [GuestPassDialog, requestDialog] = useOnDemand(loadDialog);

  useEffect(() => {
    const read = () => {
      if (!guestTokenOfHash(window.location.hash)) return;
      void requestDialog().then((loaded) => {
        if (!loaded) return;
        setLink(window.location.href);
        setOpen(true);
      });
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [requestDialog]);

  const changeOpen = useCallback((next: boolean) => setOpen(next), []);
  if (!GuestPassDialog || !link) return null;
  return <GuestPassDialog link={link} event={event} open={open} onOpenChange={changeOpen} />;
}
