/**
 * The two bulk jobs of Admin: Attendees (spec sections 4, 7, 8, 9): fetch missing company logos and
 * scrape missing bios from LinkedIn. Each runs one record at a time with a pause between records
 * (the logo service and the profile provider rate-limit), reports a running counter, and ends with
 * a summary toast. One job runs at a time.
 */
import { useRef, useState } from 'react';
import { useAdminActions } from '../../data/admin-data.ts';
import { needsBio, needsLogo, type Attendee } from '../../data/attendee-records.ts';
import { findCompanyLogo, scrapeLinkedInProfile } from '../../data/external-services.ts';
import { toast } from '../../ui/toaster.tsx';
import { useMountedRef } from '../../ui/use-mounted.ts';

/** Spec section 9: pauses between records. */
export const BULK_LOGO_PAUSE_MS = 500;
export const BULK_SCRAPE_PAUSE_MS = 2000;

export type BulkJobKind = 'logos' | 'scrape';

export interface BulkProgress {
  kind: BulkJobKind;
  /** Records finished so far. */
  done: number;
  total: number;
}

const pause = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export interface BulkJobs {
  progress: BulkProgress | null;
  fetchLogos: () => Promise<void>;
  scrapeProfiles: () => Promise<void>;
}

/** The bulk jobs over `attendees` (the current list; undefined while it loads). */
export function useBulkJobs(attendees: readonly Attendee[] | undefined): BulkJobs {
  const actions = useAdminActions();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const running = useRef(false);
  const mounted = useMountedRef();

  /**
   * Runs `work` over `targets` one by one, pausing between records, and resolves with how many
   * records were left untried: it stops when the page goes away. `work`'s failures end the run (the
   * caller reports them).
   */
  async function runEach(
    kind: BulkJobKind,
    targets: Attendee[],
    pauseMs: number,
    work: (a: Attendee) => Promise<void>,
  ): Promise<number> {
    setProgress({ kind, done: 0, total: targets.length });
    for (const [index, attendee] of targets.entries()) {
      if (!mounted.current) return targets.length - index;
      if (index > 0) await pause(pauseMs);
      await work(attendee);
      setProgress({ kind, done: index + 1, total: targets.length });
    }
    return 0;
  }

  /** The summary toast: complete, or stopped with the records it did not try (the page was left). */
  function summarise(kind: 'fetch' | 'scrape', counts: string, untried: number) {
    if (untried === 0) toast.success(`Bulk ${kind} complete`, { description: counts });
    else toast.warning(`Bulk ${kind} stopped`, { description: `${counts}, ${untried} not tried: the page was left` });
  }

  async function fetchLogos() {
    if (running.current || !attendees) return;
    const targets = attendees.filter(needsLogo);
    if (targets.length === 0) {
      toast.success('All set!', { description: "All attendees already have logos or don't have company names" });
      return;
    }
    running.current = true;
    let fetched = 0;
    let notFound = 0;
    try {
      const untried = await runEach('logos', targets, BULK_LOGO_PAUSE_MS, async (attendee) => {
        const url = await findCompanyLogo(attendee.company ?? '');
        if (!url) {
          notFound += 1;
          return;
        }
        await actions.patch('attendees', attendee.id, { company_logo_url: url });
        fetched += 1;
      });
      summarise('fetch', `${fetched} fetched, ${notFound} not found`, untried);
    } catch {
      toast.error('Error', { description: 'Failed to bulk fetch logos' });
    } finally {
      running.current = false;
      if (mounted.current) setProgress(null);
    }
  }

  async function scrapeProfiles() {
    if (running.current || !attendees) return;
    const targets = attendees.filter(needsBio);
    if (targets.length === 0) {
      toast.success('All attendees with LinkedIn profiles already have bios');
      return;
    }
    running.current = true;
    let scraped = 0;
    let failed = 0;
    try {
      // The function saves what it found to the attendee's row itself; the replica pulls it.
      const untried = await runEach('scrape', targets, BULK_SCRAPE_PAUSE_MS, async (attendee) => {
        const outcome = await scrapeLinkedInProfile(attendee.id, attendee.linkedin_url ?? '');
        if (outcome.ok) scraped += 1;
        else failed += 1;
      });
      summarise('scrape', `${scraped} scraped, ${failed} failed`, untried);
    } catch {
      toast.error('Error', { description: 'Failed to bulk scrape profiles' });
    } finally {
      running.current = false;
      if (mounted.current) setProgress(null);
    }
  }

  return { progress, fetchLogos, scrapeProfiles };
}
