/**
 * One 'Attendee Profile' dialog for a whole page of attendee cards and speaker chips. The openers
 * are plain buttons that name the attendee to show; the dialog (its own chunk, with Radix's dialog
 * and tabs) is loaded and mounted the first time one is used (src/ui/on-demand.ts). A Radix dialog
 * per card cost every page with a grid of attendees a dialog tree per card while hydrating, and a
 * second, synchronous render of all of them right after (Radix's presence check updates its state
 * in a layout effect): docs/decisions/007-prerender-and-pwa.md.
 */
import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { PastAttendee } from '../../data/public-content.ts';
import { retryableImport } from '../../lib/retryable-import.ts';
import { useOnDemand } from '../../ui/on-demand.ts';

const dialogModule = retryableImport(() => import('./attendee-profile-dialog.tsx'), 'AttendeeProfileDialog');
const loadDialog = async () => (await dialogModule()).AttendeeProfileDialog;

/** Opens the attendee's profile; `opener` (the clicked card or chip) gets focus back when it closes. */
type OpenProfile = (attendee: PastAttendee, opener: HTMLElement) => void;

const OpenProfileContext = createContext<OpenProfile | null>(null);

interface Shown {
  attendee: PastAttendee;
  open: boolean;
}

export function AttendeeProfileHost({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [AttendeeProfileDialog, requestDialog] = useOnDemand(loadDialog);
  const openProfile = useCallback<OpenProfile>(
    (attendee, opener) => {
      // Safari does not focus a clicked button; the dialog gives focus back to what had it as it opened.
      opener.focus({ preventScroll: true });
      void requestDialog().then((loaded) => loaded && setShown({ attendee, open: true }));
    },
    [requestDialog],
  );
  const changeOpen = useCallback((open: boolean) => setShown((current) => current && { ...current, open }), []);
  return (
    <OpenProfileContext.Provider value={openProfile}>
      {children}
      {shown && AttendeeProfileDialog ? (
        <AttendeeProfileDialog attendee={shown.attendee} open={shown.open} onOpenChange={changeOpen} />
      ) : null}
    </OpenProfileContext.Provider>
  );
}

/** Opens an attendee's profile in the page's dialog; only inside an AttendeeProfileHost. */
export function useOpenProfile(): OpenProfile {
  const openProfile = useContext(OpenProfileContext);
  if (!openProfile) throw new Error('useOpenProfile needs an AttendeeProfileHost around it');
  return openProfile;
}

/** Makes a button (a speaker chip) open the attendee's profile. */
export function ProfileOpener({
  attendee,
  children,
}: {
  attendee: PastAttendee;
  children: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
}) {
  const openProfile = useOpenProfile();
  return cloneElement(children, { onClick: (event) => openProfile(attendee, event.currentTarget) });
}
