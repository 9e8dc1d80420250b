/**
 * What every page needs to read anything, kept at the service worker's install: the run-time
 * settings and, from them, every live public row in one request (src/lib/public-rows.ts).
 */
/// <reference lib="webworker" />
import {
  PUBLIC_ROWS_CACHE,
  PUBLIC_ROWS_FETCHED_AT,
  PUBLIC_ROWS_KEY,
  publicRowsRequest,
} from '../../../lib/public-rows.ts';

export const RUNTIME_CONFIG = '/runtime-config.json';
export const RUNTIME_CONFIG_CACHE = 'runtime-config';

/** The run-time settings as kept, unchecked: only the backend's address and key are read here. */
type KeptConfig = { supabaseUrl?: unknown; supabaseAnonKey?: unknown };

/**
 * The run-time settings, kept at install: a page whose first request for them went past this worker
 * (before it controlled the page) would otherwise find none offline. They are fetched afresh
 * whenever the network answers (the worker's route for them); a failure here leaves that to the
 * route.
 */
async function keepRuntimeConfig(): Promise<KeptConfig | null> {
  const response = await fetch(RUNTIME_CONFIG, { cache: 'no-cache' }).catch(() => null);
  if (!response?.ok) return null;
  await (await caches.open(RUNTIME_CONFIG_CACHE)).put(RUNTIME_CONFIG, response.clone());
  return (await response.json().catch(() => null)) as KeptConfig | null;
}

/**
 * Every live public row, in one request: with the precache it makes a first visit offline-ready,
 * whatever the visitor's replica has pulled by then. A failure leaves the replica to pull them.
 */
async function keepPublicRows(config: KeptConfig | null): Promise<void> {
  if (typeof config?.supabaseUrl !== 'string' || typeof config.supabaseAnonKey !== 'string') return;
  const response = await fetch(publicRowsRequest(config.supabaseUrl, config.supabaseAnonKey)).catch(() => null);
  if (!response?.ok) return;
  const headers = { 'Content-Type': 'application/json', [PUBLIC_ROWS_FETCHED_AT]: new Date().toISOString() };
  await (await caches.open(PUBLIC_ROWS_CACHE)).put(PUBLIC_ROWS_KEY, new Response(await response.blob(), { headers }));
}

/** Keeps the settings, then the public rows; never fails (the install must not). */
export function keepRuntimeData(): Promise<void> {
  return keepRuntimeConfig()
    .then(keepPublicRows)
    .catch(() => undefined);
}
