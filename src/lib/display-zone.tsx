/**
 * The time zone dates are shown in. Visitors see their own zone; but a page the server rendered
 * carries dates in UTC (the server cannot know the visitor's zone), and hydration must render the
 * same text. So such a page starts in UTC and moves to the visitor's zone in a transition right after
 * hydrating, only when that zone differs. Pages rendered in the browser start in the visitor's zone.
 */
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import type { TimeZone } from './format-date.ts';
import { SEED_ELEMENT_ID } from './server-seed.ts';

/** The zone the server renders dates in. */
export const SERVER_TIME_ZONE: TimeZone = 'UTC';

const DisplayZone = createContext<TimeZone>(undefined);

/** The zone to format dates in (undefined: the visitor's). */
export function useDisplayZone(): TimeZone {
  return useContext(DisplayZone);
}

const renderedByServer = () => typeof document === 'undefined' || document.getElementById(SEED_ELEMENT_ID) !== null;

export function DisplayZoneProvider({ children }: { children: ReactNode }) {
  const [zone, setZone] = useState<TimeZone>(() => (renderedByServer() ? SERVER_TIME_ZONE : undefined));
  useEffect(() => {
    if (zone === undefined) return;
    // A zone on UTC all year (no summer time) shows every date as UTC does: nothing to change then.
    // (Not asked of Intl: its first use costs a page's start-up several milliseconds.)
    const year = new Date().getFullYear();
    const alwaysUtc = [0, 6].every((month) => new Date(year, month, 1).getTimezoneOffset() === 0);
    if (!alwaysUtc) startTransition(() => setZone(undefined));
    // Only the first render can be the server's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <DisplayZone value={zone}>{children}</DisplayZone>;
}
