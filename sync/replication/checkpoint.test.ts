/** The pull checkpoint filter, as PostgREST reads it. */
import { describe, expect, it } from 'vitest';
import { checkpointAfter, rowsAfterFilter } from './checkpoint.ts';

describe('pull checkpoint', () => {
  it('asks for rows after (_modified, id): a later stamp, or the same stamp and a greater id', () => {
    expect(
      rowsAfterFilter({ modified: '2026-11-22T02:33:07.399001Z', id: 'bf455865-27be-7670-451f-3faa73c5c10d' }),
    ).toBe(
      '_modified.gt."2026-11-22T02:33:07.399001Z",and(_modified.eq."2026-11-22T02:33:07.399001Z",id.gt."bf455865-27be-7670-451f-3faa73c5c10d")',
    );
  });

  it('quotes values so that characters PostgREST treats as syntax stay literal', () => {
    expect(rowsAfterFilter({ modified: 'a"b\\c', id: 'x' })).toContain('"a\\"b\\\\c"');
  });

  it('moves to the last document of a batch, and stays put after an empty one', () => {
    const previous = { modified: '2026-01-01T00:00:00.000000Z', id: 'a' };
    expect(
      checkpointAfter(
        [
          { id: 'b', modified: '2026-01-02T00:00:00.000000Z' },
          { id: 'c', modified: '2026-01-03T00:00:00.000000Z' },
        ],
        previous,
      ),
    ).toEqual({ modified: '2026-01-03T00:00:00.000000Z', id: 'c' });
    expect(checkpointAfter([], previous)).toBe(previous);
    expect(checkpointAfter([], undefined)).toBeUndefined();
  });
});
