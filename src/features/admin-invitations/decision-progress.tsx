/**
 * A bulk decision's running counter ('Approving requests: 12 of 40', with a percentage) and, once it
 * is done, its report: how many changed, how many had that status already, which could not be
 * changed and why, and, offline, that the guests hear of it once the device is back online.
 */
import type { DecisionReport } from '../../data/invite-decisions.ts';
import type { Decision } from '../../data/invite-queue.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { Button } from '../../ui/button.tsx';
import { RunProgress } from '../../ui/progress.tsx';
import type { DecisionProgress as Progression } from './use-bulk-decisions.ts';

/** Each decision's words: the button, the running counter, the report. */
export const DECISION_WORDS: Record<Decision, { action: string; running: string; done: string }> = {
  approved: { action: 'Approve', running: 'Approving', done: 'approved' },
  declined: { action: 'Decline', running: 'Declining', done: 'declined' },
  waitlisted: { action: 'Waitlist', running: 'Waitlisting', done: 'waitlisted' },
};

const requestsCount = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`;

export function DecisionProgress({ progress }: { progress: Progression }) {
  return (
    <RunProgress
      label={`${DECISION_WORDS[progress.job].running} requests`}
      done={progress.done}
      total={progress.total}
    />
  );
}

/** The words of a report, e.g. '12 requests approved. 3 were approved already.' */
export function reportSummary(report: DecisionReport): string {
  const { done } = DECISION_WORDS[report.decision];
  const parts = [`${requestsCount(report.changed)} ${done}.`];
  if (report.unchanged > 0) {
    parts.push(`${report.unchanged} ${report.unchanged === 1 ? 'was' : 'were'} ${done} already.`);
  }
  if (report.failed.length > 0) parts.push(`${requestsCount(report.failed.length)} could not be changed.`);
  return parts.join(' ');
}

/** The report of a bulk decision; the queue shows it in a live region of its own. */
export function DecisionReportPanel({ report, onDismiss }: { report: DecisionReport; onDismiss: () => void }) {
  const online = useOnline();
  const failed = report.failed.length > 0;
  return (
    <div
      className={`flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4 ${
        failed ? 'border-red-200 bg-red-50' : 'border-emerald-200 bg-emerald-50'
      }`}
    >
      <div className="space-y-2 text-sm text-ink">
        <p className="font-medium">{reportSummary(report)}</p>
        {failed ? (
          <ul className="list-disc space-y-1 pl-5" aria-label="Requests not changed">
            {report.failed.map(({ request, message }) => (
              <li key={request.id}>
                {request.name} ({request.email}): {message}
              </li>
            ))}
          </ul>
        ) : null}
        {online ? null : (
          <p className="text-slate-700">
            Saved on this device: they reach the server, and the guests hear of them, once you are back online.
          </p>
        )}
      </div>
      <Button variant="outline" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
