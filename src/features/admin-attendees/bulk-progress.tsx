/** The running counter of a bulk job (spec section 2): 'Fetching logos: x of y' with a percentage. */
import { Progress } from '../../ui/progress.tsx';
import type { BulkProgress as Progression } from './use-bulk-jobs.ts';

const LABELS = {
  logos: 'Fetching logos',
  scrape: 'Scraping LinkedIn profiles',
} as const;

export function BulkProgress({ progress }: { progress: Progression }) {
  const percent = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <Progress value={percent} label={`${LABELS[progress.kind]}: ${progress.done} of ${progress.total}`} />
    </div>
  );
}
