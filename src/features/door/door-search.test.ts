/** The door's addresses: what `?event=`, `?guest=` and `?layout=` become, the same on every door page. */
import { describe, expect, it } from 'vitest';
import { badgesSearch, doorSearch } from './door-search.ts';

describe("the door pages' search", () => {
  it('takes a non-empty event id, and nothing from an empty, repeated or numeric value', () => {
    expect(doorSearch({ event: 'e-1' })).toEqual({ event: 'e-1' });
    for (const event of ['', ['e-1', 'e-2'], 42, null, undefined])
      expect(doorSearch({ event })).toEqual({ event: undefined });
    expect(doorSearch({ event: 'e-1', guest: 'g-1' })).toEqual({ event: 'e-1' });
  });

  it('gives the badges the event, a guest and a layout they know (labels otherwise), by the same rule', () => {
    expect(badgesSearch({ event: 'e-1', guest: 'g-1', layout: 'a4' })).toEqual({
      event: 'e-1',
      guest: 'g-1',
      layout: 'a4',
    });
    expect(badgesSearch({ event: '', guest: '', layout: 'poster' })).toEqual({
      event: undefined,
      guest: undefined,
      layout: 'label',
    });
  });
});
