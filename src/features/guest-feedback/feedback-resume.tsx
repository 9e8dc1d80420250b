/**
 * Sends a guest's feedback that waits on this device as the app starts, on whatever page: an answer
 * given offline goes out when the guest is back online, even if they never open the link again.
 * Mounted once by the root; the sender loads only when something waits.
 */
import { useEffect } from 'react';
import { hasQueuedFeedback } from '../../data/feedback-signals.ts';
import { retryableImport } from '../../lib/retryable-import.ts';

const senderModule = retryableImport(() => import('../../data/guest-feedback.ts'), 'resumeFeedback');

function resumeSending(): void {
  senderModule()
    .then((sender) => sender.resumeFeedback())
    .catch(() => window.addEventListener('online', resumeSending, { once: true }));
}

export function FeedbackResume() {
  useEffect(() => {
    if (hasQueuedFeedback()) resumeSending();
  }, []);
  return null;
}
