/**
 * A bulk decision over the selected requests (issue 15), in the way of the back office's other bulk
 * writes (use-batch-write.ts): one run at a time, a running counter while it writes, and a report at
 * the end that stays until the admin dismisses it or starts another run. The writes are local (they
 * work offline); the sync status in the header shows them reaching the server.
 */
import { decisionReportOf, decisionWrites, type DecisionReport } from '../../data/invite-decisions.ts';
import type { Decision, InviteRequest } from '../../data/invite-queue.ts';
import { useBatchWrite, type BatchProgress, type BatchWrite } from '../../data/use-batch-write.ts';

/** The counter of a bulk decision; its job is the decision. */
export type DecisionProgress = BatchProgress<Decision>;

export interface BulkDecisions extends Omit<BatchWrite<Decision, DecisionReport>, 'run'> {
  /** Gives every request of `requests` the status `decision`; resolves with the report. */
  run: (requests: readonly InviteRequest[], decision: Decision) => Promise<DecisionReport | null>;
}

export function useBulkDecisions(): BulkDecisions {
  const batch = useBatchWrite<Decision, DecisionReport>();

  async function run(requests: readonly InviteRequest[], decision: Decision) {
    if (requests.length === 0) return null;
    return batch.run({
      job: decision,
      table: 'invite_requests',
      items: decisionWrites(requests, decision),
      missing: 'This request was deleted meanwhile',
      reportOf: (results) => decisionReportOf(decision, results),
    });
  }

  return { progress: batch.progress, report: batch.report, dismissReport: batch.dismissReport, run };
}
