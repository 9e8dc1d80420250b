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

/** How many requests a bulk decision writes at once: enough to keep the replica busy, few enough to report progress. */
const WRITES_AT_ONCE = 8;

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
     * Gives every request of `requests` the status `decision`, a few at a time, calling `onProgress`
     * with how many are done after each. A request that cannot be written (deleted meanwhile) is
     * reported and the others go on.
     */
    async decideMany(
      requests: readonly InviteRequest[],
      decision: Decision,
      onProgress: (done: number) => void,
    ): Promise<DecisionReport> {
      const report: DecisionReport = { decision, total: requests.length, changed: 0, unchanged: 0, failed: [] };
      let done = 0;
      for (let start = 0; start < requests.length; start += WRITES_AT_ONCE) {
        const batch = requests.slice(start, start + WRITES_AT_ONCE);
        await Promise.all(
          batch.map(async (request) => {
            try {
              if (await decide(request, decision)) report.changed += 1;
              else report.unchanged += 1;
            } catch (error) {
              report.failed.push({ request, message: errorMessage(error) });
            }
            done += 1;
          }),
        );
        onProgress(done);
      }
      return report;
    },
  };
}
