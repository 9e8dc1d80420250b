import { describe, expect, it } from 'vitest';
import { patchOf } from './patch-of.ts';

const stored = {
  title: 'London Summit',
  subheading: null as string | null,
  start_date: '2026-03-05T09:30:00.000000Z',
  why_attend: ['Peers', 'Insight'],
};

describe('patchOf: a save writes only what the admin changed', () => {
  it('writes nothing when the form holds what is stored', () => {
    expect(patchOf(stored, { ...stored })).toEqual({});
  });

  it('writes the fields that changed, and only those', () => {
    expect(patchOf(stored, { ...stored, title: 'London Summit 2026', subheading: 'Data leaders' })).toEqual({
      title: 'London Summit 2026',
      subheading: 'Data leaders',
    });
  });

  it('clears a field by writing null, and treats a missing field as null', () => {
    expect(patchOf({ ...stored, subheading: 'Data leaders' }, { subheading: null })).toEqual({ subheading: null });
    expect(patchOf({ title: 'London' } as { title: string; location?: string | null }, { location: null })).toEqual({});
  });

  it('leaves out fields the form does not hold (undefined)', () => {
    expect(patchOf(stored, { title: undefined, subheading: 'New' })).toEqual({ subheading: 'New' });
  });

  it('compares point lists item by item', () => {
    expect(patchOf(stored, { why_attend: ['Peers', 'Insight'] })).toEqual({});
    expect(patchOf(stored, { why_attend: ['Insight', 'Peers'] })).toEqual({ why_attend: ['Insight', 'Peers'] });
    expect(patchOf(stored, { why_attend: ['Peers'] })).toEqual({ why_attend: ['Peers'] });
  });

  it('treats two spellings of one instant as the same time', () => {
    expect(patchOf(stored, { start_date: '2026-03-05T09:30:00.000Z' })).toEqual({});
    expect(patchOf(stored, { start_date: '2026-03-05 10:30:00+01:00' })).toEqual({});
    expect(patchOf(stored, { start_date: '2026-03-05T10:30:00.000Z' })).toEqual({
      start_date: '2026-03-05T10:30:00.000Z',
    });
  });

  it('compares other texts exactly', () => {
    expect(patchOf({ company: 'ACME' }, { company: 'Acme' })).toEqual({ company: 'Acme' });
    expect(patchOf({ bio: 'Since 2026-03-05' }, { bio: 'Since 2026-03-05 ' })).toEqual({ bio: 'Since 2026-03-05 ' });
  });
});
