/**
 * What a person's page reads from its address: `?id=` (the attendee). A few lines rather than a
 * schema library, as the route definitions are in every page's first script (door-search.ts does
 * the same).
 */
export interface PersonSearch {
  /** The attendee whose page it is. */
  id?: string | undefined;
}

export function personSearch(search: Record<string, unknown>): PersonSearch {
  return { id: typeof search.id === 'string' && search.id !== '' ? search.id : undefined };
}
