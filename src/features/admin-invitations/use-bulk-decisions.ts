/**
 * A bulk decision over the selected requests (issue 15), in the way of the attendee page's bulk jobs:
 * one run at a time, a running counter while it writes, and a report at the end that stays until the
 * admin dismisses it or starts another run. The writes are local (they work offline); the sync
 * status in the header shows them reaching the server.
 */
import { useRef, useState } from 'react';
import { useInviteDecisions, type DecisionReport } from '../../data/invite-decisions.ts';
import type { Decision, InviteRequest } from '../../data/invite-queue.ts';
import { useMountedRef } from '../../ui/use-mounted.ts';

export interface DecisionProgress {
  decision: Decision;
  /** Requests written so far. */
  done: number;
  total: number;
}

export interface BulkDecisions {
  progress: DecisionProgress | null;
  report: DecisionReport | null;
  /** Gives every request of `requests` the status `decision`; resolves with the report. */
  run: (requests: readonly InviteRequest[], decision: Decision) => Promise<DecisionReport | null>;
  dismissReport: () => void;
}

export function useBulkDecisions(): BulkDecisions {
  const decisions = useInviteDecisions();
  const [progress, setProgress] = useState<DecisionProgress | null>(null);
  const [report, setReport] = useState<DecisionReport | null>(null);
  const running = useRef(false);
  const mounted = useMountedRef();

  async function run(requests: readonly InviteRequest[], decision: Decision): Promise<DecisionReport | null> {
    if (running.current || requests.length === 0) return null;
    running.current = true;
    setReport(null);
    setProgress({ decision, done: 0, total: requests.length });
    try {
      // Carried on when the page goes away: every write is local and quick, and a half-done
      // decision would be harder to find than a finished one.
      const finished = await decisions.decideMany(requests, decision, (done) => {
        if (mounted.current) setProgress({ decision, done, total: requests.length });
      });
      if (mounted.current) setReport(finished);
      return finished;
    } finally {
      running.current = false;
      if (mounted.current) setProgress(null);
    }
  }

  return { progress, report, run, dismissReport: () => setReport(null) };
}
