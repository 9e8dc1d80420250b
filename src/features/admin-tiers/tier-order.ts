/**
 * The order of sponsor tiers (spec section 4): moving a tier swaps its display_order with the
 * neighbour's, and a new tier goes last with the highest display_order plus 1.
 */

export interface Ordered {
  id: string;
  display_order: number;
  name: string;
}

/** List order: display_order, then name, so that equal orders still list the same way everywhere. */
export function byDisplayOrder(a: Ordered, b: Ordered): number {
  return a.display_order - b.display_order || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** The display_order a new tier gets: the highest existing one plus 1. */
export function nextDisplayOrder(tiers: readonly Ordered[]): number {
  return tiers.reduce((highest, tier) => Math.max(highest, tier.display_order), 0) + 1;
}
