import { describe, expect, it } from 'vitest';
import { byDisplayOrder } from './display-order.ts';

describe('byDisplayOrder', () => {
  it('orders by display order, and rows sharing a place by id, whatever order they came in', () => {
    const rows = [
      { id: 'c3f0a1e2-0000-4000-8000-000000000000', display_order: 0 },
      { id: '0b1c2d3e-0000-4000-8000-000000000000', display_order: 1 },
      { id: '9a8b7c6d-0000-4000-8000-000000000000', display_order: 0 },
      { id: '1f2e3d4c-0000-4000-8000-000000000000', display_order: 0 },
    ];
    const expected = ['1f2e3d4c', '9a8b7c6d', 'c3f0a1e2', '0b1c2d3e'];
    expect(byDisplayOrder(rows).map((row) => row.id.slice(0, 8))).toEqual(expected);
    expect(byDisplayOrder([...rows].reverse()).map((row) => row.id.slice(0, 8))).toEqual(expected);
  });
});
