import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseSelect } from './parse-select.ts';

function failure(text: string): RestError {
  try {
    parseSelect(text);
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error(`expected ${text} to fail`);
}

describe('parseSelect', () => {
  it('reads columns, stars, aliases, casts and JSON paths', () => {
    expect(parseSelect('*, id, cost:price, pages::text, meta->a->>b, first:tags->0')).toEqual([
      { kind: 'star' },
      { kind: 'field', field: { name: 'id', jsonPath: [] } },
      { kind: 'field', field: { name: 'price', jsonPath: [] }, alias: 'cost' },
      { kind: 'field', field: { name: 'pages', jsonPath: [] }, cast: 'text' },
      {
        kind: 'field',
        field: {
          name: 'meta',
          jsonPath: [
            { arrow: '->', key: 'a', isIndex: false },
            { arrow: '->>', key: 'b', isIndex: false },
          ],
        },
      },
      { kind: 'field', field: { name: 'tags', jsonPath: [{ arrow: '->', key: '0', isIndex: true }] }, alias: 'first' },
    ]);
  });

  it('reads embeds with aliases, hints, join types, spreads and nesting', () => {
    expect(parseSelect('title,author:authors!books_author_fkey!inner(name,books(id)),...tiers!left(name)')).toEqual([
      { kind: 'field', field: { name: 'title', jsonPath: [] } },
      {
        kind: 'embed',
        name: 'authors',
        alias: 'author',
        hint: 'books_author_fkey',
        joinType: 'inner',
        spread: false,
        children: [
          { kind: 'field', field: { name: 'name', jsonPath: [] } },
          {
            kind: 'embed',
            name: 'books',
            spread: false,
            children: [{ kind: 'field', field: { name: 'id', jsonPath: [] } }],
          },
        ],
      },
      {
        kind: 'embed',
        name: 'tiers',
        joinType: 'left',
        spread: true,
        children: [{ kind: 'field', field: { name: 'name', jsonPath: [] } }],
      },
    ]);
  });

  it('accepts quoted names, dashes and an empty embed, and treats an empty select as *', () => {
    expect(parseSelect('"a,b":"weird name",kebab-case,books()')).toEqual([
      { kind: 'field', field: { name: 'weird name', jsonPath: [] }, alias: 'a,b' },
      { kind: 'field', field: { name: 'kebab-case', jsonPath: [] } },
      { kind: 'embed', name: 'books', spread: false, children: [] },
    ]);
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
  });

  it('fails with PGRST100 and the position for malformed input', () => {
    const error = failure('id,(');
    expect(error.status).toBe(400);
    expect(error.body.code).toBe('PGRST100');
    expect(error.body.message).toBe('"failed to parse select parameter (id,()" (line 1, column 4)');
    for (const bad of ['id,books(name', 'id::te-xt', 'id;drop table x', 'a!b!c!d(id)', '*x']) {
      expect(failure(bad).body.code).toBe('PGRST100');
    }
  });

  it('refuses aggregates with PGRST123 and over-deep nesting with PGRST100', () => {
    expect(failure('count()').body.code).toBe('PGRST123');
    expect(failure('total:price.sum()').body.code).toBe('PGRST123');
    const deep = `${'a('.repeat(9)}id${')'.repeat(9)}`;
    expect(failure(deep).body.message).toContain('more than 8 levels');
    expect(() => parseSelect(`${'a('.repeat(8)}id${')'.repeat(8)}`)).not.toThrow();
  });
});
