import { describe, expect, it } from 'vitest';
import { distinctLogos, nextVisibleCount } from './paging.ts';

describe('past attendees, a page at a time', () => {
  it('each View More adds twelve, up to the number there are', () => {
    expect(nextVisibleCount(12, 25)).toBe(24);
    expect(nextVisibleCount(24, 25)).toBe(25);
    expect(nextVisibleCount(12, 12)).toBe(12);
  });
});

describe('the logo strip', () => {
  it('shows each company logo once and skips attendees without one', () => {
    expect(
      distinctLogos([
        { company: 'Acme', company_logo_url: '/logos/acme.svg' },
        { company: 'Acme', company_logo_url: '/logos/acme.svg' },
        { company: 'NoLogo', company_logo_url: null },
        { company: null, company_logo_url: '/logos/x.svg' },
        { company: 'Blank', company_logo_url: '  ' },
      ]),
    ).toEqual([
      { url: '/logos/acme.svg', company: 'Acme' },
      { url: '/logos/x.svg', company: '' },
    ]);
  });
});
