import { describe, expect, it } from 'vitest';
import { pulledColumns } from './pull.ts';
import type { PullCheckpoint } from './checkpoint.ts';
import { liveRowWriter } from './live-rows.ts';

const columns = pulledColumns('sponsor_tiers', 'public');

/** A sponsor tier as a realtime payload carries it (Postgres's spelling of the stamp). */
function payload(id: string, second: number, name = 'Gold'): Record<string, unknown> {
  return {
    id,
    name,
    color: '#d4af37',
    display_order: 1,
    created_at: '2026-11-01T09:00:00+00:00',
    _modified: `2026-11-29 10:00:${String(second).padStart(2, '0')}.5+00`,
    _deleted: false,
  };
}

function writer() {
  const emitted: { id: unknown; checkpoint: PullCheckpoint }[] = [];
  const live = liveRowWriter({
    table: 'sponsor_tiers',
    columns,
    emit: (doc, checkpoint) => emitted.push({ id: doc.id, checkpoint }),
  });
  return { live, emitted };
}

const at = (second: number, id: string): PullCheckpoint => ({
  modified: `2026-11-29T10:00:${String(second).padStart(2, '0')}.500000Z`,
  id,
});

describe('a row realtime brings whole', () => {
  it('waits for the first pull of its table: before it, there is no checkpoint to keep', () => {
    const { live, emitted } = writer();
    expect(live.write(payload('b', 30))).toBe(false);
    live.pulledTo(at(20, 'a'));
    expect(live.write(payload('b', 30))).toBe(true);
    expect(emitted).toEqual([{ id: 'b', checkpoint: at(20, 'a') }]);
  });

  it('is written only with every column the replica pulls', () => {
    const { live, emitted } = writer();
    live.pulledTo(at(20, 'a'));
    const { color: _color, ...withoutColor } = payload('b', 30);
    expect(live.write(withoutColor)).toBe(false);
    expect(emitted).toEqual([]);
  });

  it('keeps only the pulled columns, in the replica’s form', () => {
    const docs: Record<string, unknown>[] = [];
    const live = liveRowWriter({ table: 'sponsor_tiers', columns, emit: (doc) => docs.push(doc) });
    live.pulledTo(at(20, 'a'));
    live.write({ ...payload('b', 30), not_a_column: 'x' });
    expect(docs[0]).toMatchObject({ id: 'b', modified: '2026-11-29T10:00:30.500000Z', _deleted: false });
    expect(docs[0]).not.toHaveProperty('not_a_column');
    expect(docs[0]).not.toHaveProperty('_modified');
  });

  it('moves the checkpoint back to a row older than the pulls got to, never forward', () => {
    const { live, emitted } = writer();
    live.pulledTo(at(20, 'm'));
    live.write(payload('z', 40));
    live.write(payload('c', 10));
    live.write(payload('d', 50));
    expect(emitted.map((e) => e.checkpoint)).toEqual([at(20, 'm'), at(10, 'c'), at(10, 'c')]);
    // A pull that started after those rows moves it on.
    live.pulling();
    live.pulledTo(at(50, 'd'));
    live.write(payload('e', 60));
    expect(emitted.at(-1)!.checkpoint).toEqual(at(50, 'd'));
  });

  it('a row older than a pull brought, written while its request was out, keeps the checkpoint back', () => {
    const { live, emitted } = writer();
    live.pulledTo(at(20, 'm'));
    live.pulling();
    live.write(payload('c', 30));
    live.pulledTo(at(50, 'd'));
    live.write(payload('e', 60));
    expect(emitted.at(-1)!.checkpoint).toEqual(at(30, 'c'));
  });

  it('rows newer than a pull brought, written while its request was out, let the checkpoint move on', () => {
    // A door busy with check-ins: rows keep coming while the confirming pulls run.
    const { live, emitted } = writer();
    live.pulledTo(at(20, 'm'));
    for (let second = 30; second < 60; second += 10) {
      live.pulling();
      live.write(payload(`row-${second}`, second + 5));
      live.pulledTo(at(second, `row-${second}`));
    }
    live.write(payload('last', 59));
    expect(emitted.at(-1)!.checkpoint).toEqual(at(50, 'row-50'));
  });
});
