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

export interface OrderChange {
  id: string;
  display_order: number;
}

/**
 * The writes that move `tiers[index]` one place up (-1) or down (+1) in a list sorted with
 * `byDisplayOrder`: the two tiers swap their display_order. Two tiers with the same display_order
 * cannot swap places that way, so then the whole list is numbered from 0 in its new order.
 * Nothing at the ends.
 */
export function moveTier(tiers: readonly Ordered[], index: number, direction: -1 | 1): OrderChange[] {
  const current = tiers[index];
  const neighbour = tiers[index + direction];
  if (!current || !neighbour) return [];
  if (current.display_order !== neighbour.display_order) {
    return [
      { id: current.id, display_order: neighbour.display_order },
      { id: neighbour.id, display_order: current.display_order },
    ];
  }
  const reordered = [...tiers];
  reordered[index] = neighbour;
  reordered[index + direction] = current;
  return reordered.flatMap((tier, position) =>
    tier.display_order === position ? [] : [{ id: tier.id, display_order: position }],
  );
}
