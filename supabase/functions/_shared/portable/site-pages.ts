/**
 * The public site's pages besides the event pages (spec section 2's route list, plus the calendar):
 * the sitemap lists them, the build prerenders them and the app server renders them with their data
 * (scripts/page-template.ts).
 */
export const SITE_PAGES = [
  '/',
  '/vision-talks',
  '/awards',
  '/sponsors',
  '/past-highlights',
  '/contact',
  '/calendar',
] as const;
