/**
 * Video links as editors paste them (spec section 2, "Videos": long and short forms of a video site
 * are converted to embed form). YouTube goes to its no-cookie player so that a visitor gets no
 * tracking cookie until they press play; other links (direct files) are returned unchanged.
 */

export type VideoSource =
  | { kind: 'youtube'; id: string; embedUrl: string }
  | { kind: 'vimeo'; id: string; embedUrl: string }
  | { kind: 'file'; url: string };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{3,15}$/;
const VIMEO_HASH = /^[\da-f]{6,20}$/i;
const YOUTUBE_LIST = /^[\w-]{10,64}$/;

function parseUrl(url: string): URL | null {
  try {
    return new URL(url.trim());
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    const id = url.pathname.split('/')[1] ?? '';
    return YOUTUBE_ID.test(id) ? id : null;
  }
  if (!YOUTUBE_HOSTS.has(host)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] === 'watch') {
    const id = url.searchParams.get('v') ?? '';
    return YOUTUBE_ID.test(id) ? id : null;
  }
  if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v') {
    const id = parts[1] ?? '';
    return YOUTUBE_ID.test(id) ? id : null;
  }
  return null;
}

/** A Vimeo link's video, and its privacy hash: an unlisted video plays only with it. */
function vimeoVideo(url: URL): { id: string; hash: string | null } | null {
  if (!VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  // vimeo.com/<id>, vimeo.com/<id>/<hash>, vimeo.com/channels/<name>/<id>,
  // player.vimeo.com/video/<id>?h=<hash>: the id is the first number, an unlisted video's hash follows.
  const index = parts.findIndex((part) => VIMEO_ID.test(part));
  if (index < 0) return null;
  const hash = [url.searchParams.get('h'), parts[index + 1]].find((part) => part && VIMEO_HASH.test(part)) ?? null;
  return { id: parts[index]!, hash };
}

/** Where a YouTube link asks to start (t=90, t=1m30s, start=90), in whole seconds; null from the start. */
function youtubeStart(url: URL): number | null {
  const given = url.searchParams.get('t') ?? url.searchParams.get('start');
  const parts = given ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(given) : null;
  if (!parts) return null;
  const seconds = Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

/** Recognises a video-site link; anything else is a direct file (or an embed we pass through). */
export function parseVideoUrl(url: string): VideoSource {
  const parsed = parseUrl(url);
  if (parsed) {
    const youtube = youtubeId(parsed);
    if (youtube) {
      const query = new URLSearchParams();
      const start = youtubeStart(parsed);
      if (start) query.set('start', String(start));
      // A video opened from a playlist plays on into it.
      const list = parsed.searchParams.get('list');
      if (list && YOUTUBE_LIST.test(list)) query.set('list', list);
      const embedUrl = `https://www.youtube-nocookie.com/embed/${youtube}${query.size > 0 ? `?${query}` : ''}`;
      return { kind: 'youtube', id: youtube, embedUrl };
    }
    const vimeo = vimeoVideo(parsed);
    if (vimeo) {
      const embedUrl = `https://player.vimeo.com/video/${vimeo.id}${vimeo.hash ? `?h=${vimeo.hash}` : ''}`;
      return { kind: 'vimeo', id: vimeo.id, embedUrl };
    }
  }
  return { kind: 'file', url };
}

/** The embed form of a video-site link; other URLs unchanged. */
export function toEmbedUrl(url: string): string {
  const source = parseVideoUrl(url);
  return source.kind === 'file' ? source.url : source.embedUrl;
}

/** Whether the link plays in an iframe (a video site) rather than a <video> element. */
export function isEmbeddableVideo(url: string): boolean {
  return parseVideoUrl(url).kind !== 'file';
}

/**
 * A poster image derivable from the link alone: YouTube's still for the video. Vimeo needs an API
 * call for its still and a direct file has none, so those give undefined.
 */
export function videoThumbnailUrl(url: string): string | undefined {
  const source = parseVideoUrl(url);
  return source.kind === 'youtube' ? `https://i.ytimg.com/vi/${source.id}/hqdefault.jpg` : undefined;
}
