/**
 * Which compression a kept page is sent with (./serve-app.ts): brotli, gzip or none, as the request's
 * `Accept-Encoding` allows (RFC 9110, section 12.5.3). Brotli first when the client rates both alike,
 * as browsers do ('gzip, deflate, br, zstd'): it makes pages about a fifth smaller than gzip.
 */
export type PageEncoding = 'br' | 'gzip';

const PREFERRED: readonly PageEncoding[] = ['br', 'gzip'];

/** The weight a header gives each coding ('*' for any not named), 1 when it gives none. */
function weights(header: string): Map<string, number> {
  const rated = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    rated.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  return rated;
}

/** The coding to send, or null for the page's own bytes (no header, or none of ours accepted). */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const rated = weights(acceptEncoding);
  let best: PageEncoding | null = null;
  let bestWeight = 0;
  for (const coding of PREFERRED) {
    const weight = rated.get(coding) ?? rated.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
