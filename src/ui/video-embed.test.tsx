import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VideoEmbed } from './video-embed.tsx';

describe('a click-to-load video', () => {
  it('shows only a poster and a labelled play button until played', () => {
    const html = renderToStaticMarkup(<VideoEmbed url="https://youtu.be/dQw4w9WgXcQ" title="Highlights" />);
    expect(html).toContain('aria-label="Play video: Highlights"');
    expect(html).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube-nocookie');
  });

  it('prefers the given thumbnail, and shows a neutral panel when there is none', () => {
    expect(
      renderToStaticMarkup(
        <VideoEmbed url="https://youtu.be/dQw4w9WgXcQ" title="A" thumbnailUrl="/demo/gallery/03.webp" />,
      ),
    ).toContain('src="/demo/gallery/03.webp"');
    const plain = renderToStaticMarkup(<VideoEmbed url="https://cdn.example.com/recap.mp4" title="Recap" />);
    expect(plain).not.toContain('<img');
    expect(plain).not.toContain('<video');
    expect(plain).toContain('aria-label="Play video: Recap"');
  });
});
