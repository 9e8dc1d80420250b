import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Sponsor } from '../../data/public-content.ts';
import { PastSponsors } from './past-sponsors.tsx';

const tiles = (html: string) => html.match(/<li /g)?.length ?? 0;

describe('the past sponsors grid on /sponsors', () => {
  it('shows 12 placeholder tiles while the list loads and while it is empty', () => {
    expect(tiles(renderToStaticMarkup(<PastSponsors state={{ status: 'loading', data: undefined }} />))).toBe(12);
    expect(tiles(renderToStaticMarkup(<PastSponsors state={{ status: 'ready', data: [], source: 'network' }} />))).toBe(
      12,
    );
  });

  it('shows each logo, named for screen readers, or the name as text when there is no logo', () => {
    const sponsors = [
      { id: '1', name: 'Northwind Analytics', logo_url: '/demo/logos/northwind.webp' },
      { id: '2', name: 'Contoso Data', logo_url: null },
    ] as Sponsor[];
    const html = renderToStaticMarkup(<PastSponsors state={{ status: 'ready', data: sponsors, source: 'network' }} />);
    expect(tiles(html)).toBe(2);
    expect(html).toMatch(
      /<img[^>]+src="\/demo\/logos\/northwind.webp"[^>]+alt="Northwind Analytics"|<img[^>]+alt="Northwind Analytics"[^>]+src="\/demo\/logos\/northwind.webp"/,
    );
    expect(html).toContain('>Contoso Data</span>');
  });
});
