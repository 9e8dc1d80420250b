/**
 * What a page has learnt of time zones, as facts keyed by what they answer: a zone's offset at an
 * instant ('offset|Asia/Dubai|<ms>'), its label then ('label|...'), whether the engine knows a zone
 * ('known|Asia/Dubai'). They come from Intl, whose first use in a page is a long task (its zone data
 * loads: 12-20 ms on this machine, four times that on Lighthouse's phone). The server records the
 * facts its render used and sends them with the page, and the browser takes them before hydrating
 * (src/entry-server.tsx, src/main.tsx), so that hydration formats the venue's times without Intl
 * (src/lib/venue-time.ts). Apart from the formatting, so that the entry script that seeds them
 * carries none of it.
 */

export type ZoneFact = number | string | boolean;

/** The key under which the server's page carries its zone facts, beside the answers it was rendered with. */
export const ZONE_FACTS_SEED_KEY = 'zone-facts';

/** Facts are pure, so kept for the page's (or the server's) life; a bound keeps a long-lived server small. */
const MAX_FACTS = 20_000;
const facts = new Map<string, ZoneFact>();
/** The facts a server render is using, while `recordZoneFacts` runs it. */
let used: Map<string, ZoneFact> | null = null;

/** The fact under `key`, learnt with `learn` the first time it is asked for. */
export function zoneFact<T extends ZoneFact>(key: string, learn: () => T): T {
  let value = facts.get(key) as T | undefined;
  if (value === undefined) {
    value = learn();
    if (facts.size >= MAX_FACTS) facts.clear();
    facts.set(key, value);
  }
  used?.set(key, value);
  return value;
}

/** Runs a synchronous render and returns, with its result, the zone facts it used (to send with the page). */
export function recordZoneFacts<T>(render: () => T): { result: T; facts: Record<string, ZoneFact> } {
  used = new Map();
  try {
    const result = render();
    return { result, facts: Object.fromEntries(used) };
  } finally {
    used = null;
  }
}

/** Takes the zone facts a server-rendered page carries, before it hydrates; anything else is ignored. */
export function seedZoneFacts(seed: unknown): void {
  if (!seed || typeof seed !== 'object') return;
  for (const [key, value] of Object.entries(seed)) {
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') facts.set(key, value);
  }
}
