/**
 * One run of an async check for every caller that asks while it runs. The app server checks the
 * build on disk before each page it serves (a deploy into a running server must be seen at once):
 * a crowd of requests then shares one check at a time instead of a dozen file-system calls each.
 */

/** `run`, shared by the callers that ask while it runs; the next caller after it ends starts a new run. */
export function shareWhileRunning<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= run().finally(() => {
      running = null;
    }));
}
