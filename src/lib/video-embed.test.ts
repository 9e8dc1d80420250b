import { describe, expect, it } from 'vitest';
import { isEmbeddableVideo, parseVideoUrl, toEmbedUrl, videoThumbnailUrl } from './video-embed.ts';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('video links an editor pastes become embeddable players', () => {
  it('converts the long, short, shorts and embed forms of a YouTube link', () => {
    expect(toEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(EMBED);
    expect(toEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(EMBED);
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(EMBED);
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe(EMBED);
    expect(toEmbedUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(EMBED);
    expect(toEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(EMBED);
    expect(toEmbedUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(EMBED);
    expect(toEmbedUrl('  https://youtu.be/dQw4w9WgXcQ  ')).toBe(EMBED);
  });

  it('keeps the moment a YouTube link starts at', () => {
    expect(toEmbedUrl('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42')).toBe(`${EMBED}?start=42`);
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ?si=abc&t=15s')).toBe(`${EMBED}?start=15`);
    expect(toEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1h2m3s')).toBe(`${EMBED}?start=3723`);
    expect(toEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ?start=90')).toBe(`${EMBED}?start=90`);
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=0')).toBe(EMBED);
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=soon')).toBe(EMBED);
  });

  it('keeps the playlist a YouTube link was opened from', () => {
    const list = 'PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG';
    expect(toEmbedUrl(`https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=${list}&index=2`)).toBe(
      `${EMBED}?list=${list}`,
    );
    expect(toEmbedUrl(`https://youtu.be/dQw4w9WgXcQ?t=42&list=${list}`)).toBe(`${EMBED}?start=42&list=${list}`);
    expect(toEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&list="><x')).toBe(EMBED);
  });

  it('converts Vimeo page and player links', () => {
    expect(toEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(toEmbedUrl('https://vimeo.com/channels/staffpicks/76979871')).toBe(
      'https://player.vimeo.com/video/76979871',
    );
    // An unlisted video's privacy hash, in either form, goes with it: without it the player refuses.
    expect(toEmbedUrl('https://player.vimeo.com/video/76979871?h=0a1b2c3d4e')).toBe(
      'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e',
    );
    expect(toEmbedUrl('https://vimeo.com/76979871/0a1b2c3d4e')).toBe(
      'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e',
    );
    expect(toEmbedUrl('https://vimeo.com/76979871?h=<script>')).toBe('https://player.vimeo.com/video/76979871');
  });

  it('leaves direct files and unknown links unchanged', () => {
    expect(toEmbedUrl('https://cdn.example.com/recap.mp4')).toBe('https://cdn.example.com/recap.mp4');
    expect(toEmbedUrl('https://www.youtube.com/channel/UC123')).toBe('https://www.youtube.com/channel/UC123');
    expect(toEmbedUrl('https://vimeo.com/about')).toBe('https://vimeo.com/about');
    expect(toEmbedUrl('not a url')).toBe('not a url');
    expect(parseVideoUrl('/media/hero.webm')).toEqual({ kind: 'file', url: '/media/hero.webm' });
  });

  it('says which links play in an iframe', () => {
    expect(isEmbeddableVideo('https://youtu.be/dQw4w9WgXcQ')).toBe(true);
    expect(isEmbeddableVideo('https://vimeo.com/76979871')).toBe(true);
    expect(isEmbeddableVideo('https://cdn.example.com/recap.mp4')).toBe(false);
  });

  it('derives a YouTube still as the poster, and none for other sources', () => {
    expect(videoThumbnailUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(videoThumbnailUrl('https://vimeo.com/76979871')).toBeUndefined();
    expect(videoThumbnailUrl('https://cdn.example.com/recap.mp4')).toBeUndefined();
  });
});
