/** Rows to documents and back, timestamps, and the field diff that decides what a conflict lost. */
import { describe, expect, it } from 'vitest';
import { canonicalTimestamp, changedFields, docToWrite, explainedBy, rowToDoc } from './documents.ts';

describe('timestamps', () => {
  it('keeps one canonical UTC form with microseconds, whatever the spelling', () => {
    expect(canonicalTimestamp('2026-11-22T02:33:07.397+00:00')).toBe('2026-11-22T02:33:07.397000Z');
    expect(canonicalTimestamp('2026-11-22 03:33:07.399001+01')).toBe('2026-11-22T02:33:07.399001Z');
    expect(canonicalTimestamp('2026-11-22T02:33:07Z')).toBe('2026-11-22T02:33:07.000000Z');
    expect(canonicalTimestamp('2026-11-21T21:03:07.5-05:30')).toBe('2026-11-22T02:33:07.500000Z');
    expect(canonicalTimestamp('2026-11-22 02:33:07.123456+00')).toBe('2026-11-22T02:33:07.123456Z');
    expect(canonicalTimestamp('2026-11-22T02:33:07-00:00')).toBe('2026-11-22T02:33:07.000000Z');
    expect(canonicalTimestamp('2026-11-22T02:33:07.123456789Z')).toBe('2026-11-22T02:33:07.123456Z');
    expect(canonicalTimestamp('2026-11-22T02:33:07.1+00:30')).toBe('2026-11-22T02:03:07.100000Z');
    expect(canonicalTimestamp('not a date')).toBe('not a date');
  });

  it('sorts canonical stamps as text in time order', () => {
    const stamps = ['2026-11-22T02:33:07.399+00:00', '2026-11-22T02:33:07.399001+00:00', '2026-11-22T02:33:07+00:00'];
    expect(stamps.map(canonicalTimestamp).sort()).toEqual([
      '2026-11-22T02:33:07.000000Z',
      '2026-11-22T02:33:07.399000Z',
      '2026-11-22T02:33:07.399001Z',
    ]);
  });
});

describe('rows and documents', () => {
  it('keeps _modified as modified and never sends it back', () => {
    const doc = rowToDoc('sponsor_tiers', {
      id: 'a',
      name: 'Gold',
      color: '#fc0',
      display_order: 1,
      created_at: '2026-01-01T00:00:00+00:00',
      _modified: '2026-01-02T00:00:00.5+00:00',
      _deleted: false,
      unknown_column: 'dropped',
    });
    expect(doc).toEqual({
      id: 'a',
      name: 'Gold',
      color: '#fc0',
      display_order: 1,
      created_at: '2026-01-01T00:00:00.000000Z',
      modified: '2026-01-02T00:00:00.500000Z',
      _deleted: false,
    });
    expect(docToWrite('sponsor_tiers', doc)).not.toHaveProperty('_modified');
    expect(docToWrite('sponsor_tiers', doc, ['name'])).toEqual({ name: 'Gold' });
  });
});

describe('conflict diff', () => {
  const server = {
    id: 'e',
    title: 'CDO Vision Paris',
    location: 'Paris',
    why_attend: ['Peers', 'Ideas'],
    start_date: '2026-12-04T18:30:00.000000Z',
    modified: '2026-11-22T02:33:07.399001Z',
    _deleted: false,
  };

  it('ignores the server stamp and spellings of the same instant', () => {
    expect(
      changedFields('events', server, { ...server, modified: 'other', start_date: '2026-12-04T19:30:00+01:00' }),
    ).toEqual([]);
  });

  it('compares lists item by item (array columns)', () => {
    expect(changedFields('events', server, { ...server, why_attend: ['Peers', 'Ideas'] })).toEqual([]);
    expect(changedFields('events', server, { ...server, why_attend: ['Ideas', 'Peers'] })).toEqual(['why_attend']);
  });

  it('names every changed field, a delete included', () => {
    expect(changedFields('events', server, { ...server, title: 'New', location: null, _deleted: true })).toEqual([
      'title',
      'location',
      '_deleted',
    ]);
  });

  it('does not count a column one side never had (an e-mail a public replica cannot read)', () => {
    const publicCopy = { id: 'a', name: 'Ada', _deleted: false };
    expect(changedFields('attendees', publicCopy, { ...publicCopy, email: 'ada@example.org' })).toEqual([]);
  });

  describe('a server version explained by writes we sent', () => {
    const base = server;
    const ours = { ...server, title: 'CDO Vision Paris 2027', location: 'Lyon', modified: 'later' };

    it('is ours when every field it changed holds a value one of our updates sent', () => {
      expect(explainedBy('events', base, ours, [{ title: 'CDO Vision Paris 2027' }, { location: 'Lyon' }])).toBe(true);
      expect(
        explainedBy('events', base, { ...base, start_date: '2026-12-04T18:00:00Z' }, [
          { start_date: '2026-12-04T19:00:00+01:00' },
        ]),
      ).toBe(true);
      expect(explainedBy('events', base, { ...base, _deleted: true }, [{ _deleted: true }])).toBe(true);
    });

    it('is not ours when a field holds another value, or a field we never sent changed', () => {
      expect(explainedBy('events', base, ours, [{ title: 'CDO Vision Paris 2027' }])).toBe(false);
      expect(explainedBy('events', base, ours, [{ title: 'CDO Vision Paris 2027', location: 'Nice' }])).toBe(false);
      expect(explainedBy('events', base, ours, [])).toBe(false);
    });

    it('takes a new stamp on the same values as nothing to explain', () => {
      expect(explainedBy('events', base, { ...base, modified: 'later' }, [])).toBe(true);
    });
  });
});
