import { describe, expect, it } from 'vitest';
import { moveInDisplayOrder } from '../../data/event-values.ts';
import { byDisplayOrder, nextDisplayOrder, type Ordered } from './tier-order.ts';

const tier = (id: string, display_order: number): Ordered => ({ id, display_order, name: id });

describe('sponsor tier order', () => {
  it('moving a tier up swaps its display_order with the tier above', () => {
    const tiers = [tier('gold', 1), tier('silver', 4), tier('bronze', 7)];
    expect(moveInDisplayOrder(tiers, 1, -1)).toEqual([
      { id: 'silver', display_order: 1 },
      { id: 'gold', display_order: 4 },
    ]);
  });

  it('moving a tier down swaps its display_order with the tier below', () => {
    const tiers = [tier('gold', 1), tier('silver', 4), tier('bronze', 7)];
    expect(moveInDisplayOrder(tiers, 1, 1)).toEqual([
      { id: 'silver', display_order: 7 },
      { id: 'bronze', display_order: 4 },
    ]);
  });

  it('does nothing at the ends of the list', () => {
    const tiers = [tier('gold', 1), tier('silver', 2)];
    expect(moveInDisplayOrder(tiers, 0, -1)).toEqual([]);
    expect(moveInDisplayOrder(tiers, 1, 1)).toEqual([]);
  });

  it('numbers the list afresh when two neighbours share a display_order', () => {
    const tiers = [tier('gold', 0), tier('silver', 0), tier('bronze', 2)];
    const changes = moveInDisplayOrder(tiers, 1, -1);
    expect(changes).toEqual([{ id: 'gold', display_order: 1 }]);
    const after = tiers
      .map((t) => ({ ...t, display_order: changes.find((c) => c.id === t.id)?.display_order ?? t.display_order }))
      .sort(byDisplayOrder);
    expect(after.map((t) => t.id)).toEqual(['silver', 'gold', 'bronze']);
  });

  it('gives a new tier the highest display_order plus 1', () => {
    expect(nextDisplayOrder([tier('a', 3), tier('b', 9), tier('c', 5)])).toBe(10);
    expect(nextDisplayOrder([])).toBe(1);
  });
});
