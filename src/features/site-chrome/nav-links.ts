/**
 * The site's navigation (spec section 2, "Global elements"): the header's five links, shared by the
 * drawer, and the footer's quick links, which also reach Vision Talks.
 */

export interface NavLink {
  label: string;
  to: '/' | '/vision-talks' | '/awards' | '/past-highlights' | '/sponsors' | '/contact';
  hash?: string;
}

export const MAIN_NAV: readonly NavLink[] = [
  { label: 'Events', to: '/', hash: 'events' },
  { label: 'Awards', to: '/awards' },
  { label: 'Past Highlights', to: '/past-highlights' },
  { label: 'Sponsors', to: '/sponsors' },
  { label: 'Contact us', to: '/contact' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Vision Talks', to: '/vision-talks' },
  { label: 'Awards', to: '/awards' },
  { label: 'Upcoming Events', to: '/', hash: 'events' },
  { label: 'Contact', to: '/contact' },
];

/** Paths with their own shell (sign-in and the back office): no site header or footer. */
export function hasOwnShell(pathname: string): boolean {
  return /^\/(auth|admin)(\/|$)/.test(pathname);
}

/** The partner banner floats over every page but /contact and the back office. */
export function showsPartnerBanner(pathname: string): boolean {
  return !/^\/(contact\/?$|admin(\/|$))/.test(pathname);
}
