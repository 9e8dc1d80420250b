import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseFilterValue, parseLogicKey, parseLogicTree, parseOrder, parseTreePath } from './parse-filters.ts';

const field = { name: 'col', jsonPath: [] };

function code(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error.body.code;
    throw error;
  }
  return undefined;
}

describe('parseFilterValue', () => {
  it('reads operators, negation, quantifiers and values taken whole', () => {
    expect(parseFilterValue(field, 'eq.a,b (c)').operation).toEqual({ kind: 'quant', op: 'eq', value: 'a,b (c)' });
    expect(parseFilterValue(field, 'not.like(any).{a*,b*}')).toEqual({
      field,
      negate: true,
      operation: { kind: 'quant', op: 'like', quantifier: 'any', value: '{a*,b*}' },
    });
    expect(parseFilterValue(field, 'neq.5').operation).toEqual({ kind: 'simple', op: 'neq', value: '5' });
    expect(parseFilterValue(field, 'cs.{1,2}').operation).toEqual({ kind: 'simple', op: 'cs', value: '{1,2}' });
    expect(parseFilterValue(field, 'is.NULL').operation).toEqual({ kind: 'is', value: 'null' });
    expect(parseFilterValue(field, 'isdistinct.x').operation).toEqual({ kind: 'isdistinct', value: 'x' });
    expect(parseFilterValue(field, 'wfts(english).cat or dog').operation).toEqual({
      kind: 'fts',
      op: 'wfts',
      language: 'english',
      value: 'cat or dog',
    });
  });

  it('splits in lists by PostgREST quoting rules', () => {
    expect(parseFilterValue(field, 'in.(a,"b,c","d\\"e",(f,"")').operation).toEqual({
      kind: 'in',
      values: ['a', 'b,c', 'd"e', '(f', ''],
    });
    expect(parseFilterValue(field, 'in.()').operation).toEqual({ kind: 'in', values: [''] });
    expect(parseFilterValue(field, 'in.( 1 ,2)').operation).toEqual({ kind: 'in', values: ['1 ', '2'] });
  });

  it('refuses malformed filters with PGRST100', () => {
    for (const bad of [
      'eq',
      'equals.1',
      '1',
      '',
      'in.(1,2',
      'in.1',
      'is.maybe',
      'eq(some).1',
      'not.',
      'fts(en-gb).x',
    ]) {
      expect(code(() => parseFilterValue(field, bad))).toBe('PGRST100');
    }
  });
});

describe('parseLogicTree', () => {
  it('reads nested and/or/not trees with quoted values and arrays', () => {
    expect(
      parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,c.not.is.null),d.in.(x,"y,z"),e.cs.{1,2},f.eq."q,(r)")'),
    ).toEqual({
      kind: 'expr',
      negate: false,
      op: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'a', jsonPath: [] },
            negate: false,
            operation: { kind: 'quant', op: 'eq', value: '1' },
          },
        },
        {
          kind: 'expr',
          negate: false,
          op: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'b', jsonPath: [] },
                negate: false,
                operation: { kind: 'quant', op: 'gt', value: '2' },
              },
            },
            {
              kind: 'filter',
              filter: { field: { name: 'c', jsonPath: [] }, negate: true, operation: { kind: 'is', value: 'null' } },
            },
          ],
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'd', jsonPath: [] },
            negate: false,
            operation: { kind: 'in', values: ['x', 'y,z'] },
          },
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'e', jsonPath: [] },
            negate: false,
            operation: { kind: 'simple', op: 'cs', value: '{1,2}' },
          },
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'f', jsonPath: [] },
            negate: false,
            operation: { kind: 'quant', op: 'eq', value: 'q,(r)' },
          },
        },
      ],
    });
    expect(parseLogicTree('and', true, '(a.eq.1)')).toMatchObject({ kind: 'expr', negate: true, op: 'and' });
  });

  it('refuses malformed trees and trees nested too deep', () => {
    for (const bad of ['(a.eq.1', 'a.eq.1', '(a.eq.1,,b.eq.2)', '(xor(a.eq.1))', '()', '(a.eq.1))']) {
      expect(code(() => parseLogicTree('or', false, bad))).toBe('PGRST100');
    }
    const deep = `(${'or('.repeat(11)}a.eq.1${')'.repeat(11)})`;
    expect(code(() => parseLogicTree('or', false, deep))).toBe('PGRST100');
  });
});

describe('parseOrder and keys', () => {
  it('reads directions, nulls order, JSON paths and related orders', () => {
    expect(parseOrder('a.desc.nullslast,b,data->x.asc,author(name).desc')).toEqual([
      { field: { name: 'a', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', jsonPath: [] } },
      { field: { name: 'data', jsonPath: [{ arrow: '->', key: 'x', isIndex: false }] }, direction: 'asc' },
      { field: { name: 'name', jsonPath: [] }, relation: 'author', direction: 'desc' },
    ]);
    expect(code(() => parseOrder('a.sideways'))).toBe('PGRST100');
    expect(code(() => parseOrder('a.asc.nullsmiddle'))).toBe('PGRST100');
  });

  it('splits filter and logic keys into embed paths', () => {
    expect(parseTreePath('books.authors.data->>name')).toEqual({
      path: ['books', 'authors'],
      field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'name', isIndex: false }] },
    });
    expect(parseLogicKey('books.not.or')).toEqual({ path: ['books'], op: 'or', negate: true });
    expect(parseLogicKey('and')).toEqual({ path: [], op: 'and', negate: false });
  });
});
