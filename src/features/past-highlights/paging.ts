/** Past attendees shown at first and added by each 'View More' (spec section 9). */
export const ATTENDEE_PAGE_SIZE = 12;

/** How many attendees show after one more 'View More': another page, never more than there are. */
export function nextVisibleCount(current: number, total: number, pageSize = ATTENDEE_PAGE_SIZE): number {
  return Math.min(current + pageSize, total);
}

/** The company logos of past attendees, each URL once, in the attendees' order. */
export function distinctLogos(
  attendees: readonly { company: string | null; company_logo_url: string | null }[],
): { url: string; company: string }[] {
  const seen = new Set<string>();
  const logos: { url: string; company: string }[] = [];
  for (const { company, company_logo_url: url } of attendees) {
    if (!url || !url.trim() || seen.has(url)) continue;
    seen.add(url);
    logos.push({ url, company: company?.trim() ?? '' });
  }
  return logos;
}
