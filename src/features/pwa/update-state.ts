/**
 * Whether a new version of the app waits to take over, shared by the service worker registration
 * (loaded after the page) and the prompt. Kept tiny: the prompt imports it on every page.
 */
import { useSyncExternalStore } from 'react';

export interface UpdateState {
  /** A new service worker is installed and waits for the visitor's choice. */
  waiting: boolean;
  /** Activates the waiting version; the page reloads once it controls the page. */
  activate: () => void;
}

const NONE: UpdateState = { waiting: false, activate: () => undefined };
let state: UpdateState = NONE;
const listeners = new Set<() => void>();

export function setUpdateState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => NONE,
  );
}
