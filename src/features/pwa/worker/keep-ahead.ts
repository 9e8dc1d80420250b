/**
 * Work the service worker does ahead of need (the files its install left for later, the upcoming
 * events' pages and images) stops as soon as a newer version of the worker is installed and waits.
 * The newer version takes over only once this one is idle, even after the visitor chose 'Reload'
 * (skipWaiting): the spec's Try Activate waits until the active worker extends no event, and Gecko
 * does so to the letter (ServiceWorkerRegistrationInfo::TryToActivate). Minutes of downloads at low
 * priority would keep the tab on the old version that long. What this version would still fetch is
 * of no use then: the newer one drops the kept pages when it takes over, precaches files of its own,
 * and the pages ask it again on their next load.
 */
/// <reference lib="webworker" />

/**
 * Runs `task` with a signal that aborts once a worker newer than this one is installed (at once,
 * when one already waits). The task passes the signal to its fetches and stops between two files
 * when it has aborted.
 */
export async function keepAhead(
  registration: ServiceWorkerRegistration,
  task: (signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const superseded = new AbortController();
  const listening = new AbortController();
  const supersede = () => superseded.abort(new DOMException('A newer version of the worker waits', 'AbortError'));
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener(
      'statechange',
      () => {
        if (worker.state === 'installed') supersede();
      },
      { signal: listening.signal },
    );
  if (registration.waiting) supersede();
  else {
    watch(registration.installing);
    registration.addEventListener('updatefound', () => watch(registration.installing), { signal: listening.signal });
  }
  try {
    if (!superseded.signal.aborted) await task(superseded.signal);
  } catch (error) {
    // A fetch the newer version cut short: nothing failed.
    if (!superseded.signal.aborted) throw error;
  } finally {
    listening.abort();
  }
}
