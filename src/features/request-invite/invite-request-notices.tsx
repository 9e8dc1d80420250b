/**
 * Tells a visitor what became of an invite request while its form was not open: 'Request sent',
 * refused (the event has ended or is gone), limited by the server (it goes again later, by itself),
 * or waiting for corrections (with a link to the event page). Mounted once by the root. A device
 * that holds a waiting request starts sending it as the app starts (the sender is loaded only then;
 * most visits have nothing waiting).
 */
import { useEffect } from 'react';
import {
  hasQueuedInviteRequests,
  onInviteRequestNotice,
  type InviteRequestNotice,
} from '../../data/invite-request-signals.ts';
import { retryableImport } from '../../lib/retryable-import.ts';
import { toast } from '../../ui/toaster.tsx';

const senderModule = retryableImport(() => import('../../data/invite-requests.ts'), 'resumeInviteRequests');

function showNotice(notice: InviteRequestNotice): void {
  switch (notice.kind) {
    case 'sent':
      toast.success('Request sent', {
        description: `We have your invite request for ${notice.eventTitle} and will reply by e-mail.`,
      });
      break;
    case 'refused':
      toast.error('Your invite request could not be sent', { description: `${notice.eventTitle}: ${notice.message}` });
      break;
    case 'limited':
      toast.warning('Your invite request will be sent later', {
        description: `${notice.eventTitle}: ${notice.message}`,
      });
      break;
    case 'needs-fix':
      toast.error('Your invite request needs a correction', {
        description: (
          <>
            {notice.messages.join(' ')}{' '}
            <a href={notice.eventPath} className="font-medium underline underline-offset-2">
              Open {notice.eventTitle}
            </a>{' '}
            and press Request Invite to correct it.
          </>
        ),
      });
      break;
  }
}

/** Loads the sender and starts it; a chunk that cannot load yet (offline, not cached) is tried again online. */
function resumeSending(): void {
  senderModule()
    .then((sender) => sender.resumeInviteRequests())
    .catch(() => window.addEventListener('online', resumeSending, { once: true }));
}

export function InviteRequestNotices() {
  useEffect(() => {
    const stop = onInviteRequestNotice(showNotice);
    if (hasQueuedInviteRequests()) resumeSending();
    return stop;
  }, []);
  return null;
}
