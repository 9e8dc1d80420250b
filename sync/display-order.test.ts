import { describe, expect, it } from 'vitest';
import { byDisplayOrder, byName, bySessionTime, compareNames } from './display-order.ts';

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

describe("an agenda's order", () => {
  it('puts parallel sessions in one order, by end then id, however the rows and their times come', () => {
    const rows = [
      { id: 'c', start_time: '2027-03-05T10:00:00+00:00', end_time: '2027-03-05T11:00:00+00:00' },
      { id: 'b', start_time: '2027-03-05T10:00:00.000Z', end_time: '2027-03-05T11:00:00.000Z' },
      { id: 'a', start_time: '2027-03-05T10:00:00Z', end_time: '2027-03-05T12:00:00Z' },
      { id: 'd', start_time: '2027-03-05T09:00:00Z', end_time: '2027-03-05T13:00:00Z' },
    ];
    const order = ['d', 'b', 'c', 'a'];
    expect(bySessionTime(rows).map(({ id }) => id)).toEqual(order);
    expect(bySessionTime([...rows].reverse()).map(({ id }) => id)).toEqual(order);
  });
});

describe('the order of names', () => {
  it('is a reader’s, case and accents aside, with equal names by id, however the server sorted them', () => {
    // As a database on a C locale sorts them: capitals first, accents last.
    const rows = [
      { id: '2', name: 'IBM' },
      { id: '9', name: 'Zeta' },
      { id: '5', name: 'dbt Labs' },
      { id: '3', name: 'Élan' },
      { id: '1', name: 'élan' },
    ];
    const order = ['5', '1', '3', '2', '9'];
    expect(byName(rows).map(({ id }) => id)).toEqual(order);
    expect(byName([...rows].reverse()).map(({ id }) => id)).toEqual(order);
  });

  it('agrees with an English collation for every pair, plain names and names with signs alike', () => {
    const names = [
      'AT&T',
      'a b',
      'ab',
      'A1',
      'a10',
      'a2',
      'Æther',
      'aether',
      'Ölfus',
      'Olive',
      'O’Neil',
      'Oneil',
      'x-ray',
      'x ray',
      'a&b',
      'a-b',
      'a:b',
      'a1b',
      'a_b',
      'xray',
      'Snowflake Inc.',
      'Snowflake',
      'straße',
      'strasse',
      'Zeta',
      '3M',
      '',
    ];
    const collation = new Intl.Collator('en', { sensitivity: 'base' });
    for (const a of names) {
      for (const b of names)
        expect([a, b, Math.sign(compareNames(a, b))]).toEqual([a, b, Math.sign(collation.compare(a, b))]);
    }
  });
});
