import { describe, expect, it } from 'vitest';
import type { DocPatch, NewDoc, TableName } from './admin-data.ts';
import { chunksOf, writeInBatches, type BatchItem, type BatchWriter } from './batch-write.ts';

/**
 * A replica of one table in memory, as the engine answers: patchMany leaves out and names the ids
 * it does not hold, and refuses the whole write when one patch is refused (`refuse`).
 */
function memoryWriter(ids: readonly string[], refuse: (patch: object) => boolean = () => false) {
  const rows = new Map(ids.map((id) => [id, {} as Record<string, unknown>]));
  const writes: string[] = [];
  const writer: BatchWriter = {
    async insert<T extends TableName>(_table: T, doc: NewDoc<T>) {
      writes.push('insert');
      if (refuse(doc)) throw new Error('This row is refused');
      rows.set(`new-${rows.size}`, { ...doc });
    },
    async patchMany<T extends TableName>(_table: T, patches: readonly { id: string; patch: DocPatch<T> }[]) {
      writes.push(`patchMany ${patches.length}`);
      if (patches.some(({ patch }) => refuse(patch))) throw new Error('A patch is refused');
      for (const { id, patch } of patches) if (rows.has(id)) Object.assign(rows.get(id)!, patch);
      return { missing: patches.filter(({ id }) => !rows.has(id)).map(({ id }) => id) };
    },
  };
  return { writer, rows, writes };
}

const patchOf = (id: string, status: string): BatchItem<'invite_requests', string> => ({
  subject: id,
  change: { id, patch: { status } as DocPatch<'invite_requests'> },
});

describe('writing many rows', () => {
  it('cuts a list into runs of the given size, in order', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 100)).toEqual([]);
  });

  it('patches a chunk in one write, counts rows done after each write, and reports every row in order', async () => {
    const { writer, rows, writes } = memoryWriter(['a', 'b', 'c', 'd', 'e']);
    const progress: number[] = [];
    const items = [
      patchOf('a', 'approved'),
      { subject: 'b', change: null },
      patchOf('c', 'approved'),
      patchOf('gone', 'approved'),
      patchOf('e', 'approved'),
    ];
    const results = await writeInBatches(writer, 'invite_requests', items, {
      missing: 'This request was deleted meanwhile',
      onProgress: (done) => progress.push(done),
      size: 3,
    });
    expect(writes).toEqual(['patchMany 2', 'patchMany 2']);
    expect(progress).toEqual([3, 5]);
    expect(results).toEqual([
      { subject: 'a', outcome: 'patched' },
      { subject: 'b', outcome: 'unchanged' },
      { subject: 'c', outcome: 'patched' },
      { subject: 'gone', outcome: 'failed', message: 'This request was deleted meanwhile' },
      { subject: 'e', outcome: 'patched' },
    ]);
    expect(rows.get('e')).toEqual({ status: 'approved' });
    expect(rows.get('b')).toEqual({});
  });

  it('writes a chunk refused as a whole again row by row, so only the refused row fails', async () => {
    const { writer, rows } = memoryWriter(['a', 'b'], (patch) => 'status' in patch && patch.status === 'bad');
    const results = await writeInBatches(writer, 'invite_requests', [patchOf('a', 'approved'), patchOf('b', 'bad')], {
      missing: 'gone',
      onProgress: () => {},
    });
    expect(results).toEqual([
      { subject: 'a', outcome: 'patched' },
      { subject: 'b', outcome: 'failed', message: 'A patch is refused' },
    ]);
    expect(rows.get('a')).toEqual({ status: 'approved' });
  });

  it('inserts new rows one by one after the patches, and goes on past a refused one', async () => {
    const { writer, writes } = memoryWriter(['a'], (doc) => 'name' in doc && doc.name === 'Refused');
    const progress: number[] = [];
    const insert = (name: string): BatchItem<'attendees', string> => ({
      subject: name,
      change: { insert: { name, email: `${name.toLowerCase()}@example.com` } as NewDoc<'attendees'> },
    });
    const results = await writeInBatches(
      writer,
      'attendees',
      [
        insert('Ada'),
        { subject: 'a', change: { id: 'a', patch: { name: 'Ada L.' } } },
        insert('Refused'),
        insert('Grace'),
      ],
      { missing: 'gone', onProgress: (done) => progress.push(done) },
    );
    expect(writes).toEqual(['patchMany 1', 'insert', 'insert', 'insert']);
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(results.map(({ subject, outcome }) => `${subject}: ${outcome}`)).toEqual([
      'Ada: inserted',
      'a: patched',
      'Refused: failed',
      'Grace: inserted',
    ]);
  });
});
