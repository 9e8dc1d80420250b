import { describe, expect, it } from 'vitest';
import { hasOwnShell, MAIN_NAV, showsPartnerBanner } from './nav-links.ts';

describe('site navigation', () => {
  it('the header lists the five links of the spec, in order', () => {
    expect(MAIN_NAV.map((link) => link.label)).toEqual([
      'Events',
      'Awards',
      'Past Highlights',
      'Sponsors',
      'Contact us',
    ]);
  });

  it('the partner banner shows everywhere but /contact and the back office', () => {
    for (const path of ['/', '/auth', '/events/summit', '/contacts', '/administration', '/past-highlights']) {
      expect(showsPartnerBanner(path), path).toBe(true);
    }
    for (const path of ['/contact', '/contact/', '/admin', '/admin/', '/admin/events']) {
      expect(showsPartnerBanner(path), path).toBe(false);
    }
  });

  it('sign-in and the back office bring their own shell', () => {
    expect(hasOwnShell('/auth')).toBe(true);
    expect(hasOwnShell('/admin/attendees')).toBe(true);
    expect(hasOwnShell('/awards')).toBe(false);
  });
});
