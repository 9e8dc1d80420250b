/**
 * Whether a new version of the app waits to take over (or took over and waits for this tab's form),
 * shared by the service worker registration (loaded after the page) and the prompt. Kept tiny: the
 * prompt imports it on every page.
 */
import { useSyncExternalStore } from 'react';

export interface UpdateState {
  /** A new service worker is installed and waits for the visitor's choice. */
  waiting: boolean;
  /**
   * A new version took over (chosen in another tab) while this tab holds a form the person typed
   * into: the tab reloads once that form is gone, or at once through `activate`.
   */
  held: boolean;
  /** Activates the waiting version, or reloads a held tab; the page reloads under the new version. */
  activate: () => void;
}

const NONE: UpdateState = { waiting: false, held: false, activate: () => undefined };
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
