/**
 * The admin's decisions on requests for an invite (issue 15): approve, decline or waitlist, one
 * request or many. Each is a patch of `status` on the local replica, like any admin edit: it works
 * offline, the sync engine pushes it, and a decision that lost against someone else's change goes
 * to the conflict list. The server does the rest when the change reaches it: it links an approved
 * guest to the event as a current attendee and queues the guest's message (one per change, however
 * often the push is repeated). Declining or waitlisting deletes nothing.
 */
import { useAdminActions } from './admin-data.ts';
import type { BatchItem, BatchResult } from './batch-write.ts';
import { hasDecision, type Decision, type InviteRequest } from './invite-queue.ts';

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
  /** Requests that had that status, or its effect, already (left as they were). */
  unchanged: number;
  failed: DecisionFailure[];
}

/** The writes of a bulk decision (use-batch-write.ts): none for a request that has its effect already. */
export function decisionWrites(
  requests: readonly InviteRequest[],
  decision: Decision,
): BatchItem<'invite_requests', InviteRequest>[] {
  return requests.map((request) => ({
    subject: request,
    change: hasDecision(request.status, decision) ? null : { id: request.id, patch: { status: decision } },
  }));
}

/** A bulk decision's report, from the outcome of each request's write. */
export function decisionReportOf(decision: Decision, results: readonly BatchResult<InviteRequest>[]): DecisionReport {
  const report: DecisionReport = { decision, total: results.length, changed: 0, unchanged: 0, failed: [] };
  for (const result of results) {
    if (result.outcome === 'failed') report.failed.push({ request: result.subject, message: result.message });
    else if (result.outcome === 'unchanged') report.unchanged += 1;
    else report.changed += 1;
  }
  return report;
}

/** A single decision's write. It throws when the admin replica is not open yet. */
export function useInviteDecisions() {
  const actions = useAdminActions();

  /** Gives `request` the status `decision`; false when it had its effect already. */
  async function decide(request: InviteRequest, decision: Decision): Promise<boolean> {
    if (hasDecision(request.status, decision)) return false;
    await actions.patch('invite_requests', request.id, { status: decision });
    return true;
  }

  return { ready: actions.ready, decide };
}
