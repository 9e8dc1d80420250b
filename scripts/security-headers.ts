/**
 * The security headers of the app server (docs/decisions/008-content-security-policy.md). Every
 * HTML page gets a Content-Security-Policy that lets scripts come only from this origin or be one
 * of the build's own inline scripts (by hash), lets the page connect only to this origin, the API
 * (HTTP and WebSocket) and the logo service, frame only the video players and the enquiry form,
 * and be framed by nobody; plus X-Frame-Options, Referrer-Policy and Permissions-Policy for the
 * browsers that read those instead. Every answer gets nosniff.
 *
 * The hashes come from the build's HTML files, never from a page rendered per request: a rendered
 * page holds data, and a hash taken from it would allow whatever script the data smuggled in.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { EVENT_TEMPLATE, ssrDirOf } from './page-template.ts';
import { shareWhileRunning } from './share-while-running.ts';

/** What the policy names besides this origin: the settings of runtime-config.json. */
export interface PolicySources {
  supabaseUrl: string;
  enquiryFormUrl?: string | undefined;
  logoServiceUrl?: string | undefined;
}

/** Where src/lib/video-embed.ts sends a video-site link, and YouTube's stills. */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
const VIDEO_STILLS = 'https://i.ytimg.com';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types a browser runs; data blocks (the seed's application/json, JSON-LD) are no scripts to it. */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP hash source ('sha256-...') of each inline script a browser would run in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!SCRIPT_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The origin of an absolute http(s) URL (a `{domain}` template included); undefined otherwise. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url.replaceAll('{domain}', 'example.com'));
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The WebSocket origin next to an http(s) origin (realtime-js connects to the API's /realtime/v1). */
const webSocketOf = (origin: string) => origin.replace(/^http/, 'ws');

const list = (...sources: (string | undefined)[]) => [...new Set(sources.filter(Boolean))].join(' ');

/** The Content-Security-Policy of the app's pages, allowing `scriptHashes` as inline scripts. */
export function contentSecurityPolicy(sources: PolicySources, scriptHashes: Iterable<string>): string {
  const api = originOf(sources.supabaseUrl);
  if (!api) throw new Error(`supabaseUrl is no http(s) URL: ${sources.supabaseUrl}`);
  const logos = originOf(sources.logoServiceUrl);
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...[...new Set(scriptHashes)].sort())],
    // Inline styles stay allowed: sonner and Radix's scroll lock add <style> elements at run time
    // (the scroll lock's with measured values, so no hash can name them), and server-rendered
    // markup carries style attributes (bar widths, tier colours). CSS cannot run script.
    ['style-src', "'self' 'unsafe-inline'"],
    // Admins may link pictures and video stills on any https host (testimonial photos, thumbnails);
    // blob: shows a picked file before it is uploaded; data: the favicon and the home page's poster,
    // which are in the page itself (scripts/prerender.ts, src/features/home/hero.tsx).
    ['img-src', list("'self'", 'data:', 'blob:', api, logos, VIDEO_STILLS, 'https:')],
    ['media-src', list("'self'", api, 'https:')],
    ['font-src', "'self'"],
    ['connect-src', list("'self'", api, webSocketOf(api), logos)],
    ['frame-src', list(...VIDEO_PLAYERS, originOf(sources.enquiryFormUrl))],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * Powerful features: the camera for the page itself (a coming QR-code check-in scans with it); the
 * media features the embedded players ask for in their `allow` attribute (src/ui/video-embed.tsx)
 * for the page and those players; every other feature off, for the page and anything it embeds.
 * Only features Chromium knows: it reports each unknown one as an error in the console.
 */
function permissionsPolicy(): string {
  const players = `(self ${VIDEO_PLAYERS.map((origin) => `"${origin}"`).join(' ')})`;
  const off = [
    'accelerometer',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ];
  return [
    'camera=(self)',
    ...['autoplay', 'encrypted-media', 'fullscreen', 'picture-in-picture'].map((feature) => `${feature}=${players}`),
    ...off.map((feature) => `${feature}=()`),
  ].join(', ');
}

/** Headers of every answer of the app server. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Headers of an HTML page, for a policy made by `contentSecurityPolicy`. */
export function pageHeaders(policy: string): Record<string, string> {
  return {
    ...COMMON_HEADERS,
    'Content-Security-Policy': policy,
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': permissionsPolicy(),
  };
}

async function htmlFilesIn(folder: string): Promise<string[]> {
  try {
    const names = await readdir(folder, { recursive: true });
    return names.filter((name) => name.endsWith('.html')).map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}

/** The hashes of the inline scripts of every HTML file of a build: its pages, shells and page templates. */
export async function buildScriptHashes(distDir: string): Promise<Set<string>> {
  const files = [...(await htmlFilesIn(distDir)), ...(await htmlFilesIn(ssrDirOf(distDir)))];
  const pages = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  return new Set(pages.flatMap(inlineScriptHashes));
}

/**
 * The headers of the build's pages, made again whenever a build has replaced the files (every build
 * writes the home page, the plain shell and the event template anew). Callers that ask while a check
 * of the files runs share it.
 */
export function pageHeadersLoader(distDir: string, sources: PolicySources): () => Promise<Record<string, string>> {
  const markers = [
    path.join(distDir, 'index.html'),
    path.join(distDir, 'shell.html'),
    path.join(ssrDirOf(distDir), EVENT_TEMPLATE),
  ];
  let loaded: { version: string; headers: Record<string, string> } | undefined;
  return shareWhileRunning(async () => {
    const times = await Promise.all(
      markers.map((file) =>
        stat(file).then(
          (info) => info.mtimeMs,
          () => null,
        ),
      ),
    );
    const version = times.join(':');
    if (loaded?.version !== version) {
      const policy = contentSecurityPolicy(sources, await buildScriptHashes(distDir));
      loaded = { version, headers: pageHeaders(policy) };
    }
    return loaded.headers;
  });
}
