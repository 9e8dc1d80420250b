import { describe, expect, it } from 'vitest';
import {
  capacityFromInput,
  cleanPoints,
  combineDateAndTime,
  fromDateTimeInput,
  nextDisplayOrder,
  normaliseSlugInput,
  slugForSave,
  swapDisplayOrder,
  toCapacityInput,
  toDateTimeInput,
  toTimeInput,
} from './event-values.ts';

describe('event slugs as the admin types them', () => {
  it('lower-cases, turns anything outside a-z 0-9 - into hyphens and collapses repeats', () => {
    expect(normaliseSlugInput('CDO Vision: London 2026!')).toBe('cdo-vision-london-2026-');
    expect(normaliseSlugInput('a  --  b')).toBe('a-b');
    expect(normaliseSlugInput('Zürich')).toBe('z-rich');
  });

  it('stores the slug without end hyphens, and a blank slug as null for the server to generate', () => {
    expect(slugForSave('-My Event-')).toBe('my-event');
    expect(slugForSave('   ')).toBeNull();
    expect(slugForSave('---')).toBeNull();
  });
});

describe('point lists', () => {
  it('trims entries and ignores empty ones', () => {
    expect(cleanPoints(['  Meet peers ', '', '   ', 'Learn'])).toEqual(['Meet peers', 'Learn']);
  });
});

describe('date and time inputs', () => {
  it('shows a stored timestamp in local ISO form to the minute and reads it back', () => {
    const stored = new Date(2026, 2, 5, 9, 30, 45).toISOString();
    expect(toDateTimeInput(stored)).toBe('2026-03-05T09:30');
    expect(fromDateTimeInput('2026-03-05T09:30')).toBe(new Date(2026, 2, 5, 9, 30).toISOString());
    expect(toDateTimeInput(null)).toBe('');
    expect(fromDateTimeInput('')).toBeNull();
  });

  it("combines a session's time of day with the event's start date, or today without one", () => {
    const eventStart = new Date(2026, 5, 10, 8, 0).toISOString();
    expect(combineDateAndTime(eventStart, '14:15')).toBe(new Date(2026, 5, 10, 14, 15).toISOString());
    const today = new Date(2026, 10, 22, 12, 0);
    expect(combineDateAndTime(null, '09:05', today)).toBe(new Date(2026, 10, 22, 9, 5).toISOString());
    expect(combineDateAndTime(eventStart, '')).toBeNull();
    expect(toTimeInput(new Date(2026, 5, 10, 14, 15).toISOString())).toBe('14:15');
  });
});

describe('display order', () => {
  it('puts a new item after the current maximum', () => {
    expect(nextDisplayOrder([])).toBe(0);
    expect(nextDisplayOrder([{ display_order: 3 }, { display_order: 1 }])).toBe(4);
  });

  it('swaps display_order with the neighbour, and does nothing at the ends', () => {
    const items = [
      { id: 'a', display_order: 1 },
      { id: 'b', display_order: 2 },
    ];
    expect(swapDisplayOrder(items, 1, -1)).toEqual([
      { id: 'b', display_order: 1 },
      { id: 'a', display_order: 2 },
    ]);
    expect(swapDisplayOrder(items, 0, -1)).toBeNull();
    expect(swapDisplayOrder(items, 1, 1)).toBeNull();
  });

  it('still moves an item whose neighbour has the same order', () => {
    const items = [
      { id: 'a', display_order: 0 },
      { id: 'b', display_order: 0 },
    ];
    expect(swapDisplayOrder(items, 0, 1)).toEqual([
      { id: 'a', display_order: 1 },
      { id: 'b', display_order: 0 },
    ]);
  });
});

describe("an event's seats", () => {
  it('stores a whole number from 1 to 100000, and blank as no limit', () => {
    expect(capacityFromInput(' 40 ')).toBe(40);
    expect(capacityFromInput('1')).toBe(1);
    expect(capacityFromInput('100000')).toBe(100000);
    expect(capacityFromInput('  ')).toBeNull();
    expect(toCapacityInput(40)).toBe('40');
    expect(toCapacityInput(null)).toBe('');
  });

  it('refuses anything else rather than reading it as no limit', () => {
    for (const typed of ['0', '100001', '12.5', '-3', 'forty', '1e3', '4 0']) {
      expect(capacityFromInput(typed), typed).toBeUndefined();
    }
  });
});
