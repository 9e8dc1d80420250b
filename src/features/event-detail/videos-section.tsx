import type { EventPage } from '../../data/public-content.ts';
import { VideoEmbed } from '../../ui/video-embed.tsx';
import { hasText } from './event-texts.ts';
import { PageSection } from './page-section.tsx';

/** Videos of this event: click-to-load players; video-site links play in their embed form. */
export function VideosSection({ videos }: { videos: EventPage['videos'] }) {
  if (videos.length === 0) return null;
  return (
    <PageSection id="videos" title="Videos">
      <ul className="grid gap-8 md:grid-cols-2">
        {videos.map((video) => (
          <li key={video.id}>
            <VideoEmbed url={video.video_url} title={video.title} thumbnailUrl={video.thumbnail_url} />
            <h3 className="mt-3 text-lg font-semibold text-ink">{video.title}</h3>
            {hasText(video.description) ? <p className="mt-1 text-slate-700">{video.description}</p> : null}
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
