/** The conflict list keeps every lost edit of a row, however many times the row lost. */
import 'fake-indexeddb/auto';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { MetaStore, documentKey, type ConflictRecord } from './meta-store.ts';

const key = documentKey('events', 'e1');

function loss(fields: string[], local: Record<string, unknown>, at: string): ConflictRecord {
  const server = { id: 'e1', title: 'Their title', description: 'Their text', location: 'Porto', modified: at };
  return { key, table: 'events', docId: 'e1', local: { ...server, ...local }, server, base: null, fields, at };
}

describe('a row that loses twice before the admin deals with it', () => {
  it('keeps both lost edits in its one entry, the later one for a field both changed', async () => {
    const store = new MetaStore(`meta-${crypto.randomUUID()}`);
    await store.putConflict(
      loss(['title', 'location'], { title: 'My title', location: 'Hall 1' }, '2027-01-01T10:00:00Z'),
    );
    // The row went back to the server's version; then an edit of its text and location lost too.
    await store.putConflict(
      loss(['description', 'location'], { description: 'My text', location: 'Hall 2' }, '2027-01-01T11:00:00Z'),
    );

    const kept = await store.getConflict(key);
    expect(kept?.fields).toEqual(['title', 'description', 'location']);
    expect(kept?.local).toMatchObject({ title: 'My title', description: 'My text', location: 'Hall 2' });
    expect(kept?.at).toBe('2027-01-01T11:00:00Z');
    expect(kept?.server.title).toBe('Their title');
  });

  it('does not bring back an older lost delete under a later edit', async () => {
    const store = new MetaStore(`meta-${crypto.randomUUID()}`);
    await store.putConflict(loss(['_deleted'], { _deleted: true }, '2027-01-01T10:00:00Z'));
    await store.putConflict(loss(['title'], { title: 'My title' }, '2027-01-01T11:00:00Z'));
    const kept = await store.getConflict(key);
    expect(kept?.fields).toEqual(['title']);
    expect(kept?.local._deleted).toBeUndefined();
  });

  it('starts afresh once the earlier one was dealt with', async () => {
    const store = new MetaStore(`meta-${crypto.randomUUID()}`);
    await store.putConflict(loss(['title'], { title: 'My title' }, '2027-01-01T10:00:00Z'));
    await store.deleteConflict(key);
    await store.putConflict(loss(['location'], { location: 'Hall 2' }, '2027-01-01T11:00:00Z'));
    expect((await store.getConflict(key))?.fields).toEqual(['location']);
  });
});

describe('a file that finished uploading after its record lost or was refused', () => {
  const placeholder = '/outbox/0123456789abcdef0123456789abcdef';
  const url = 'https://example.test/storage/v1/object/public/event-images/e1/1.png';

  it('puts its public URL in the kept versions of that record only', async () => {
    const store = new MetaStore(`meta-${crypto.randomUUID()}`);
    await store.putConflict(loss(['featured_image_url'], { featured_image_url: placeholder }, '2027-01-01T10:00:00Z'));
    const refusal = { table: 'events' as const, code: '23514', message: 'refused', at: '2027-01-01T10:00:00Z' };
    await store.putRefusal({ ...refusal, key: `${key}:a`, docId: 'e1', local: { featured_image_url: placeholder } });
    const other = documentKey('events', 'e10');
    await store.putRefusal({ ...refusal, key: `${other}:a`, docId: 'e10', local: { featured_image_url: placeholder } });

    expect(await store.replaceKeptUrl(key, 'featured_image_url', placeholder, url)).toBe(true);
    expect((await store.getConflict(key))?.local.featured_image_url).toBe(url);
    const refusals = await firstValueFrom(store.refusals$());
    expect(Object.fromEntries(refusals.map((record) => [record.key, record.local.featured_image_url]))).toEqual({
      [`${key}:a`]: url,
      [`${other}:a`]: placeholder,
    });
  });

  it('says so when no kept version holds the placeholder', async () => {
    const store = new MetaStore(`meta-${crypto.randomUUID()}`);
    await store.putConflict(loss(['title'], { title: 'My title' }, '2027-01-01T10:00:00Z'));
    expect(await store.replaceKeptUrl(key, 'featured_image_url', placeholder, url)).toBe(false);
    expect((await store.getConflict(key))?.local.title).toBe('My title');
  });
});
