/**
 * A click-to-load video player: until the visitor presses play it shows only a poster (or a neutral
 * panel) and a labelled button, so a page with videos loads no third-party player, sets no cookie
 * and costs nothing for videos nobody watches. Video-site links are converted to their embed form.
 * Pressing play puts the player where the button was and moves focus into it, so a keyboard user
 * carries on from there; a poster that fails to load (offline, say) gives way to the neutral panel.
 * A link the browser cannot play itself (another site's player page, a file that is gone) says so
 * and offers the link, instead of an empty black player.
 */
import { useState } from 'react';
import { cx } from '../lib/class-names.ts';
import { parseVideoUrl, videoThumbnailUrl } from '../lib/video-embed.ts';
import { brokenImageProps } from './broken-image.ts';
import { shownImage } from '../lib/shown-image.ts';

export interface VideoEmbedProps {
  /** A video-site link in any form, an embed link, or a direct file URL. */
  url: string;
  /** Names the video: the play button says 'Play video: {title}' and the iframe carries it. */
  title: string;
  /** A poster; when absent, YouTube's still is used where derivable, else a neutral panel. */
  thumbnailUrl?: string | null | undefined;
  className?: string;
}

function withAutoplay(embedUrl: string): string {
  // The visitor already pressed play once: starting at once saves a second click in the player.
  return `${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`;
}

/** The player replaces the button that had focus: focus follows it (a stable ref, so only on mount). */
function focusPlayer(player: HTMLElement | null): void {
  player?.focus();
}

export function VideoEmbed({ url, title, thumbnailUrl, className }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(false);
  const [posterBroken, setPosterBroken] = useState(false);
  const [unplayable, setUnplayable] = useState(false);
  const source = parseVideoUrl(url);
  const poster = posterBroken ? null : shownImage(thumbnailUrl) || videoThumbnailUrl(url);

  return (
    <div className={cx('relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900', className)}>
      {playing ? (
        source.kind === 'file' && unplayable ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-white">
            <p>This video can&apos;t be played here.</p>
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer"
              ref={focusPlayer}
              className="rounded-md bg-white px-4 py-2 font-semibold text-ink"
            >
              Open the video
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        ) : source.kind === 'file' ? (
          <video
            onError={() => setUnplayable(true)}
            src={source.url}
            title={title}
            aria-label={title}
            controls
            autoPlay
            playsInline
            {...(poster ? { poster } : {})}
            ref={focusPlayer}
            className="absolute inset-0 h-full w-full bg-black"
          />
        ) : (
          <iframe
            src={withAutoplay(source.embedUrl)}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            ref={focusPlayer}
            className="absolute inset-0 h-full w-full border-0"
          />
        )
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          aria-label={`Play video: ${title}`}
          className="group absolute inset-0 flex h-full w-full items-center justify-center"
        >
          {poster ? (
            <img
              src={poster}
              alt=""
              loading="lazy"
              decoding="async"
              width={480}
              height={270}
              {...brokenImageProps(() => setPosterBroken(true))}
              className="absolute inset-0 h-full w-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-br from-slate-800 via-slate-900 to-ink"
            />
          )}
          <span aria-hidden="true" className="absolute inset-0 bg-black/25 transition-colors group-hover:bg-black/40" />
          <span
            aria-hidden="true"
            className="relative flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-ink shadow-lg transition-transform group-hover:scale-105"
          >
            <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7" fill="currentColor">
              <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.6-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
            </svg>
          </span>
        </button>
      )}
    </div>
  );
}
