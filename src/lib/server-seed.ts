/**
 * The element in a server-rendered page that holds the answers it was rendered with, as JSON
 * (scripts/page-template.ts writes it; src/main.tsx seeds the first render from it, so that the
 * browser hydrates the same markup).
 */
export const SEED_ELEMENT_ID = 'live-read-seed';
