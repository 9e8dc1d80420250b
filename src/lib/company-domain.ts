/**
 * The web domain guessed from a company name for the logo lookup (spec section 7, "External"): the
 * legal suffix removed, lower-cased, spaces and punctuation stripped, '.com' appended, so that
 * 'Acme Widgets, Inc.' becomes 'acmewidgets.com'.
 */

/** Legal-form words that are not part of a brand's domain, as the last word(s) of a name. */
const LEGAL_SUFFIXES = [
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'llp',
  'gmbh',
  'ag',
  'plc',
  'corp',
  'corporation',
  'co',
  'pty',
  'sa',
  'nv',
  'bv',
] as const;

const TRAILING_SUFFIX = new RegExp(`[\\s,]+(?:${LEGAL_SUFFIXES.join('|')})\\.?\\s*$`, 'i');

/**
 * The domain for `companyName` (e.g. 'Globex Corp' -> 'globex.com'), or null when nothing of the
 * name is left to look up. Suffixes are removed from the end only and repeatedly ('Acme Pty Ltd'),
 * and accents are folded so that 'Société Générale' gives 'societegenerale.com'.
 */
export function companyDomain(companyName: string): string | null {
  let name = companyName.trim();
  for (let previous = ''; previous !== name;) {
    previous = name;
    const stripped = name.replace(TRAILING_SUFFIX, '');
    // A name that is only a suffix ('Co') keeps it rather than becoming nothing.
    if (stripped.trim() !== '') name = stripped;
  }
  const label = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return label === '' ? null : `${label}.com`;
}

/** The lookup URL: `{domain}` in the configured template replaced by the URL-encoded domain. */
export function logoLookupUrl(template: string, domain: string): string {
  return template.replaceAll('{domain}', encodeURIComponent(domain));
}
