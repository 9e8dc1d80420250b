/**
 * A bulk write of the back office with its running counter ('12 of 40') and its report: the
 * attendees' CSV import, the invite list and the decisions on many requests (batch-write.ts writes
 * the rows). One run at a time; the report stays until it is dismissed or another run starts. The
 * writes are local (they work offline) and carry on when the page goes away: each is quick, and a
 * half-done run would be harder to find than a finished one.
 */
import { useRef, useState } from 'react';
import { useMountedRef } from '../ui/use-mounted.ts';
import { useAdminActions, type TableName } from './admin-data.ts';
import { writeInBatches, type BatchItem, type BatchResult } from './batch-write.ts';

/** A run's counter; `job` says what runs, for its words ('Approving requests: 12 of 40'). */
export interface BatchProgress<J> {
  job: J;
  /** Rows written (or found to need no write) so far. */
  done: number;
  total: number;
}

export interface BatchRun<T extends TableName, S, J, R> {
  job: J;
  table: T;
  items: readonly BatchItem<T, S>[];
  /** The reason given for a row to patch that is gone ('This request was deleted meanwhile'). */
  missing: string;
  /** The run's report, from each row's outcome (in the order of `items`). */
  reportOf(results: BatchResult<S>[]): R;
}

export interface BatchWrite<J, R> {
  /** The running counter; null when no run is going on. */
  progress: BatchProgress<J> | null;
  /** The last run's report, until dismissed or another run starts. */
  report: R | null;
  /** Writes the rows; resolves with the report, or null when another run is going on. */
  run<T extends TableName, S>(batch: BatchRun<T, S, J, R>): Promise<R | null>;
  dismissReport(): void;
}

export function useBatchWrite<J, R>(): BatchWrite<J, R> {
  const actions = useAdminActions();
  const [progress, setProgress] = useState<BatchProgress<J> | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const running = useRef(false);
  const mounted = useMountedRef();

  async function run<T extends TableName, S>({ job, table, items, missing, reportOf }: BatchRun<T, S, J, R>) {
    if (running.current) return null;
    running.current = true;
    const total = items.length;
    setReport(null);
    setProgress({ job, done: 0, total });
    try {
      const results = await writeInBatches(actions, table, items, {
        missing,
        onProgress: (done) => {
          if (mounted.current) setProgress({ job, done, total });
        },
      });
      const finished = reportOf(results);
      if (mounted.current) setReport(finished);
      return finished;
    } finally {
      running.current = false;
      if (mounted.current) setProgress(null);
    }
  }

  return { progress, report, run, dismissReport: () => setReport(null) };
}
