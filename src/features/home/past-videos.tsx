import type { LiveRead, Video } from '../../data/public-content.ts';
import { VideoEmbed } from '../../ui/video-embed.tsx';

/** Two videos from past events; each loads its player only when played. */
export function PastVideos({ state }: { state: LiveRead<Video[]> }) {
  const videos = state.status === 'ready' ? state.data.slice(0, 2) : [];
  if (state.status === 'ready' && videos.length === 0) return null;
  return (
    <section aria-labelledby="videos-heading" className="below-fold mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <h2 id="videos-heading" className="text-3xl font-bold tracking-tight">
        From past events
      </h2>
      <ul className="mt-8 grid gap-8 md:grid-cols-2">
        {state.status === 'loading'
          ? [0, 1].map((n) => (
              <li key={n} aria-hidden="true">
                <div className="aspect-video animate-pulse rounded-lg bg-slate-200" />
                <div className="mt-4 h-6 w-2/3 rounded bg-slate-200" />
              </li>
            ))
          : videos.map((video) => (
              <li key={video.id}>
                <VideoEmbed url={video.video_url} title={video.title} thumbnailUrl={video.thumbnail_url} />
                <h3 className="mt-4 text-lg font-semibold">{video.title}</h3>
                {video.description ? <p className="mt-1 text-slate-700">{video.description}</p> : null}
              </li>
            ))}
      </ul>
    </section>
  );
}
