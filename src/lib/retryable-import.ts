/**
 * A dynamic import (a chunk of its own: a drawer, a dialog) that works when tried again after it
 * failed, say offline before the service worker had cached the chunk. Browsers may remember a failed
 * module fetch for the life of the page (Chromium 150 does; the HTML standard since says not to):
 * importing the same URL again then fails at once, without a request. So a retry imports the module
 * again under a new URL, the failed one with a `retry` query, when the browser's error names it
 * (Chromium and Firefox do; elsewhere the plain import is tried again).
 */

/** The module URL a failed dynamic import's error names, when it is on this page's origin. */
function failedModuleUrl(error: unknown, origin: string): string | null {
  const message = error instanceof Error ? error.message : '';
  const found = /https?:\/\/[^\s'"]+/.exec(message)?.[0];
  if (!found) return null;
  try {
    const url = new URL(found);
    // A retry that failed names its own URL: the next one starts from the module's.
    url.searchParams.delete('retry');
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

const importUrl = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

/**
 * The module's namespace in what importing its chunk gave: the chunk itself, or, when the chunk
 * holds other modules too, one of its exports (under a name the build minified), which has the
 * module's own export names.
 */
function namespaceIn(chunk: unknown, exportName: string): unknown {
  if (typeof chunk !== 'object' || chunk === null) return null;
  if (exportName in chunk) return chunk;
  return (
    Object.values(chunk).find((value) => typeof value === 'object' && value !== null && exportName in value) ?? null
  );
}

/**
 * Wraps `load` (`() => import('./x.tsx')`) so that each call after a failure asks for the module
 * under a URL the browser has not tried yet. `exportName` is one of the module's exports: it finds
 * the module in its chunk on a retry.
 */
export function retryableImport<M>(
  load: () => Promise<M>,
  exportName: string,
  options: { origin?: string; importUrl?: (url: string) => Promise<unknown> } = {},
): () => Promise<M> {
  let failedUrl: string | null = null;
  let retries = 0;
  return async () => {
    const retryUrl = failedUrl && `${failedUrl}${failedUrl.includes('?') ? '&' : '?'}retry=${retries}`;
    try {
      if (!retryUrl) return await load();
      const module = namespaceIn(await (options.importUrl ?? importUrl)(retryUrl), exportName);
      if (!module) throw new Error(`${retryUrl} has no export ${exportName}`);
      return module as M;
    } catch (error) {
      failedUrl = failedModuleUrl(error, options.origin ?? globalThis.location?.origin ?? '') ?? failedUrl;
      retries += 1;
      throw error;
    }
  };
}
