/** The running counter of a bulk job (spec section 2): 'Fetching logos: x of y' with a percentage. */
import { RunProgress } from '../../ui/progress.tsx';
import type { BulkProgress as Progression } from './use-bulk-jobs.ts';

const LABELS = {
  logos: 'Fetching logos',
  scrape: 'Scraping LinkedIn profiles',
} as const;

export function BulkProgress({ progress }: { progress: Progression }) {
  return <RunProgress label={LABELS[progress.kind]} done={progress.done} total={progress.total} />;
}
