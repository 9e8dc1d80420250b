/** The site's navigation (spec section 2, "Global elements"), shared by the header and the drawer. */

export interface NavLink {
  label: string;
  to: '/' | '/vision-talks' | '/awards' | '/past-highlights' | '/sponsors' | '/contact';
  hash?: string;
}

export const MAIN_NAV: readonly NavLink[] = [
  { label: 'Events', to: '/', hash: 'events' },
  { label: 'Vision Talks', to: '/vision-talks' },
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

/** Paths with their own shell (sign-in and the back office): no site header, footer or banner. */
export function hasOwnShell(pathname: string): boolean {
  return /^\/(auth|admin)(\/|$)/.test(pathname);
}
