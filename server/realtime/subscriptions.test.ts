import { describe, expect, it } from 'vitest';
import { SubscriptionError, bindingCovers, parseBinding, parseFilter } from './subscriptions.ts';

describe('realtime filters as realtime-js writes them', () => {
  it('reads one condition per comma, ANDed', () => {
    expect(parseFilter('id=eq.42,display_order=gte.2')).toEqual([
      { column: 'id', operator: 'eq', negate: false, values: ['42'] },
      { column: 'display_order', operator: 'gte', negate: false, values: ['2'] },
    ]);
  });

  it('keeps dots and equals signs that belong to the value', () => {
    expect(parseFilter('email=eq.ada.lovelace@example.com')).toEqual([
      { column: 'email', operator: 'eq', negate: false, values: ['ada.lovelace@example.com'] },
    ]);
    expect(parseFilter('url=eq.https://x.test/?a=b')[0]?.values).toEqual(['https://x.test/?a=b']);
  });

  it('reads in-lists with quoted values holding commas, parentheses and quotes', () => {
    expect(parseFilter('name=in.(Gold,"Silver, plus","a (b)","say \\"hi\\"")')).toEqual([
      { column: 'name', operator: 'in', negate: false, values: ['Gold', 'Silver, plus', 'a (b)', 'say "hi"'] },
    ]);
  });

  it('negates with not. and reads is.null', () => {
    expect(parseFilter('status=not.in.(draft,archived),event_id=is.null')).toEqual([
      { column: 'status', operator: 'in', negate: true, values: ['draft', 'archived'] },
      { column: 'event_id', operator: 'is', negate: false, values: ['null'] },
    ]);
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['id', 'id=42', 'id=between.1', 'name=in.Gold', 'name=in.()', 'x=is.maybe', 'name=eq."open']) {
      expect(() => parseFilter(bad), bad).toThrow(SubscriptionError);
    }
  });
});

describe('postgres_changes bindings', () => {
  it('keeps what the client sent for the join reply and normalises the event', () => {
    const binding = parseBinding({ event: 'insert', schema: 'public', table: 'events', filter: 'id=eq.1' }, 7);
    expect(binding).toMatchObject({ id: 7, event: 'INSERT', schema: 'public', table: 'events', select: null });
    expect(binding.echo).toEqual({ event: 'insert', schema: 'public', table: 'events', filter: 'id=eq.1' });
  });

  it('without a table listens to every table of the schema', () => {
    const binding = parseBinding({ event: '*', schema: 'public' }, 1);
    expect(bindingCovers(binding, { schema: 'public', table: 'videos', type: 'DELETE' })).toBe(true);
    expect(bindingCovers(binding, { schema: 'auth', table: 'users', type: 'INSERT' })).toBe(false);
  });

  it('an event-specific binding covers only that event', () => {
    const binding = parseBinding({ event: 'UPDATE', schema: 'public', table: 'events' }, 1);
    expect(bindingCovers(binding, { schema: 'public', table: 'events', type: 'UPDATE' })).toBe(true);
    expect(bindingCovers(binding, { schema: 'public', table: 'events', type: 'INSERT' })).toBe(false);
    expect(bindingCovers(binding, { schema: 'public', table: 'videos', type: 'UPDATE' })).toBe(false);
  });

  it('refuses malformed entries', () => {
    for (const bad of [
      null,
      {},
      { event: 'TRUNCATE', schema: 'public' },
      { event: '*' },
      { event: '*', schema: 'public', select: 'id' },
    ]) {
      expect(() => parseBinding(bad, 1), JSON.stringify(bad)).toThrow(SubscriptionError);
    }
  });
});
