/**
 * The part of the guest's feedback outbox that every page carries (the rest, ./guest-feedback.ts,
 * loads with the form, or at start when an answer waits): where the outbox lives, and whether an
 * answer waits on this device. Kept tiny: the public pages' first load is measured.
 */

/**
 * Where the guest's feedback is kept on this device (localStorage: one small answer per link, read
 * synchronously): per feedback link, the form as last read and the answer not yet sent.
 */
export const FEEDBACK_STORE_KEY = 'cdo-vision.feedback';

/** True when this device holds an answer that has not reached the server yet. */
export function hasQueuedFeedback(): boolean {
  try {
    return (localStorage.getItem(FEEDBACK_STORE_KEY) ?? '').includes('"queued":{');
  } catch {
    return false;
  }
}
