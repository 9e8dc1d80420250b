/**
 * The event page's own 'Request Invite' form, for an event with no external request page. The
 * openers are the page's buttons ('Request Invite', 'Register Now'); the dialog, its form, zod's
 * schema and the outbox that sends the request are a chunk of their own, fetched when a finger
 * touches an opener or at the latest on its click (src/ui/on-demand.ts): the event page's first load
 * does not carry them. The link mailed to the owner of a request already made,
 * `/events/<id>#request=<token>`, opens the form to change that request's details.
 */
import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { guestTokenOfHash, REQUEST_LINK_PARAMETER } from '../../../supabase/functions/_shared/portable/guest-link.ts';
import type { InviteRequestEvent } from '../../data/invite-requests.ts';
import { retryableImport } from '../../lib/retryable-import.ts';
import { useOnDemand } from '../../ui/on-demand.ts';
import { toast } from '../../ui/toaster.tsx';

const dialogModule = retryableImport(() => import('./request-invite-dialog.tsx'), 'RequestInviteDialog');
const loadDialog = async () => (await dialogModule()).RequestInviteDialog;

interface Opening {
  /** Each opening mounts a fresh form, which starts from what the outbox holds for the event. */
  key: number;
  open: boolean;
  /** Opened from the owner's link to a request already made (`#request=<token>`). */
  updateToken?: string;
}

interface Openers {
  prepare: () => void;
  open: () => void;
}

const OpenersContext = createContext<Openers | null>(null);

export function RequestInviteHost({ event, children }: { event: InviteRequestEvent; children: ReactNode }) {
  const [opening, setOpening] = useState<Opening | null>(null);
  const [RequestInviteDialog, requestDialog] = useOnDemand(loadDialog);
  const prepare = useCallback(() => void requestDialog(), [requestDialog]);
  const openWith = useCallback(
    (updateToken?: string) => {
      void requestDialog().then((loaded) => {
        if (loaded) setOpening((current) => ({ key: (current?.key ?? 0) + 1, open: true, updateToken }));
        else {
          toast.error('The form could not load', {
            description: 'Check your connection and press Request Invite again.',
          });
        }
      });
    },
    [requestDialog],
  );
  const open = useCallback(() => openWith(), [openWith]);
  // The owner's link to change a request already made opens the form at once, with the request's token.
  useEffect(() => {
    const read = () => {
      const token = guestTokenOfHash(window.location.hash, REQUEST_LINK_PARAMETER);
      if (token) openWith(token);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [openWith]);
  const changeOpen = useCallback((next: boolean) => setOpening((current) => current && { ...current, open: next }), []);
  const openers = useMemo<Openers>(() => ({ prepare, open }), [prepare, open]);
  return (
    <OpenersContext.Provider value={openers}>
      {children}
      {opening && RequestInviteDialog ? (
        <RequestInviteDialog
          key={opening.key}
          event={event}
          open={opening.open}
          onOpenChange={changeOpen}
          updateToken={opening.updateToken}
        />
      ) : null}
    </OpenersContext.Provider>
  );
}

/** Makes a button open the event's invite request form; only inside a RequestInviteHost. */
export function RequestInviteOpener({
  children,
}: {
  children: ReactElement<{
    onClick?: (event: MouseEvent<HTMLElement>) => void;
    onPointerDown?: () => void;
    'aria-haspopup'?: 'dialog';
  }>;
}) {
  const openers = useContext(OpenersContext);
  if (!openers) throw new Error('RequestInviteOpener needs a RequestInviteHost around it');
  return cloneElement(children, {
    onPointerDown: openers.prepare,
    onClick: (event) => {
      // Safari does not focus a clicked button; the dialog gives focus back to what had it as it opened.
      event.currentTarget.focus({ preventScroll: true });
      openers.open();
    },
    'aria-haspopup': 'dialog',
  });
}
