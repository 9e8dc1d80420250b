/**
 * The admin's decisions on requests for an invite (issue 15): approve, decline or waitlist, one
 * request or many. Each is a patch of `status` on the local replica, like any admin edit: it works
 * offline, the sync engine pushes it, and a decision that lost against someone else's change goes
 * to the conflict list. The server does the rest when the change reaches it: it links an approved
 * guest to the event as a current attendee and queues the guest's message (one per change, however
 * often the push is repeated). Declining or waitlisting deletes nothing.
 */
import { errorMessage } from '../lib/error-message.ts';
import { useAdminActions } from './admin-data.ts';
import type { Decision, InviteRequest } from './invite-queue.ts';

/**
 * How many requests a bulk decision writes together: one local write each (one IndexedDB
 * transaction, one update of the lists on screen), so that 200 decisions cost a few writes instead
 * of 200 re-renders of the page, and the progress still moves on a long list.
 */
const WRITES_TOGETHER = 100;

export interface DecisionFailure {
  request: InviteRequest;
  message: string;
}

/** What a bulk decision did. */
export interface DecisionReport {
  decision: Decision;
  /** Requests given to it. */
  total: number;
  /** Requests whose status it changed. */
  changed: number;
  /** Requests that had that status already (left as they were). */
  unchanged: number;
  failed: DecisionFailure[];
}

/** The decision writes. They throw (or report failures) when the admin replica is not open yet. */
export function useInviteDecisions() {
  const actions = useAdminActions();

  /** Gives `request` the status `decision`; false when it had it already. */
  async function decide(request: InviteRequest, decision: Decision): Promise<boolean> {
    if (request.status === decision) return false;
    await actions.patch('invite_requests', request.id, { status: decision });
    return true;
  }

  return {
    ready: actions.ready,
    decide,
    /**
     * Gives every request of `requests` the status `decision`, many in each local write, calling
     * `onProgress` with how many are done after each write. A request that cannot be written
     * (deleted meanwhile) is reported and the others go on.
     */
    async decideMany(
      requests: readonly InviteRequest[],
      decision: Decision,
      onProgress: (done: number) => void,
    ): Promise<DecisionReport> {
      const report: DecisionReport = { decision, total: requests.length, changed: 0, unchanged: 0, failed: [] };
      for (let start = 0; start < requests.length; start += WRITES_TOGETHER) {
        const part = requests.slice(start, start + WRITES_TOGETHER);
        const changing = part.filter((request) => request.status !== decision);
        report.unchanged += part.length - changing.length;
        try {
          const { missing } = await actions.patchMany(
            'invite_requests',
            changing.map((request) => ({ id: request.id, patch: { status: decision } })),
          );
          const gone = new Set(missing);
          for (const request of changing) {
            if (gone.has(request.id)) report.failed.push({ request, message: 'This request was deleted meanwhile' });
            else report.changed += 1;
          }
        } catch (error) {
          const message = errorMessage(error);
          for (const request of changing) report.failed.push({ request, message });
        }
        onProgress(Math.min(start + WRITES_TOGETHER, requests.length));
      }
      return report;
    },
  };
}
