/**
 * Which precache files a first visit must hold before the service worker activates, and which can
 * follow (docs/decisions/016-offline-from-the-first-visit.md): the public site's files are installed
 * at once; the chunks only the back office and its sign-in page load are fetched once the worker is
 * active. On this machine class the install is bound by the browser's cost per request, so every
 * file left out of it brings a first visit's offline-ready moment forward.
 */
import type { ManifestEntry } from 'workbox-build';

/** Vite's build manifest, with the dynamic imports this needs as well. */
export type ChunkManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

/** Route modules of the back office and its sign-in page: their chunks are not the public site's. */
const BACK_OFFICE_ROUTE = /^src\/routes\/(?:admin|auth)(?:[/.?]|$)/;

/**
 * The files that only back-office routes reach: every chunk not reachable from an entry (the app,
 * the replica's worker) through static and dynamic imports without passing a back-office route.
 */
export function backOfficeOnlyFiles(manifest: ChunkManifest): Set<string> {
  const reached = new Set<string>();
  const visit = (id: string): void => {
    const chunk = manifest[id];
    if (!chunk || reached.has(id) || BACK_OFFICE_ROUTE.test(id)) return;
    reached.add(id);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [id, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(id);
  const publicFiles = new Set([...reached].map((id) => manifest[id]!.file));
  return new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => !publicFiles.has(file)),
  );
}

/**
 * The pages a first visit's install holds: the plain shell and the event shell, from which the app
 * renders any public page (and the back office) by itself, offline included. The prerendered pages
 * (and the back office's shells) follow once the worker is active: until then a page opened offline
 * is rendered over the shell, with the same content, a moment later than its prerendered page would
 * paint. Fetching each page costs the install a request of its own (pages keep the headers the
 * server sends with them, so they stay out of the bundle).
 */
export const INSTALL_PAGES: ReadonlySet<string> = new Set(['shell.html', 'events/shell.html']);

/** Every page of the precache but those the install holds (INSTALL_PAGES), by path from the root. */
export function laterPages(entries: readonly ManifestEntry[]): Set<string> {
  return new Set(
    entries
      .map((entry) => entry.url.replace(/^\//, ''))
      .filter((file) => file.endsWith('.html') && !INSTALL_PAGES.has(file)),
  );
}

/**
 * Marks the entries of `laterFiles` (paths relative to the build's root) `later`: the service worker
 * fetches them after it has activated, not during its install.
 */
export function markLaterEntries<T extends ManifestEntry>(
  entries: T[],
  laterFiles: ReadonlySet<string>,
): (T & { later?: true })[] {
  return entries.map((entry) =>
    laterFiles.has(entry.url.replace(/^\//, '')) ? { ...entry, later: true as const } : entry,
  );
}
