import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyConflictError, ObjectStore, stagedFiles } from './object-store.ts';

const stores: ObjectStore[] = [];

async function openStore(root?: string): Promise<ObjectStore> {
  const store = await ObjectStore.open(root);
  stores.push(store);
  return store;
}

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const text = async (file: string) => readFile(file, 'utf8');
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('ObjectStore', () => {
  it('places staged bytes at <bucket>/<key> and keeps nothing staged after commit', async () => {
    const store = await openStore();
    const staged = await store.stage(Buffer.from('first'));
    const placement = await store.place(staged, 'event-images', 'e1/gallery/1.png');
    await placement.commit();
    await staged.discard();
    expect(await text(path.join(store.root, 'event-images', 'e1', 'gallery', '1.png'))).toBe('first');
    expect(await stagedFiles(store)).toEqual([]);
  });

  it('rolls a replacement back to the previous bytes, and a new file back to nothing', async () => {
    const store = await openStore();
    await (await store.place(await store.stage(Buffer.from('old')), 'b', 'e1/x.png')).commit();
    const replacement = await store.place(await store.stage(Buffer.from('new')), 'b', 'e1/x.png');
    expect(await text(store.fileOf('b', 'e1/x.png'))).toBe('new');
    await replacement.rollback();
    expect(await text(store.fileOf('b', 'e1/x.png'))).toBe('old');

    const fresh = await store.place(await store.stage(Buffer.from('n')), 'b', 'e2/deep/y.png');
    await fresh.rollback();
    expect(await exists(store.fileOf('b', 'e2/deep/y.png'))).toBe(false);
    expect(await exists(path.join(store.root, 'b', 'e2'))).toBe(false); // empty folders go too
    expect(await stagedFiles(store)).toEqual([]);
  });

  it('reports a key whose folder is a file (or whose file is a folder) as a conflict', async () => {
    const store = await openStore();
    await (await store.place(await store.stage(Buffer.from('a')), 'b', 'a')).commit();
    await expect(store.place(await store.stage(Buffer.from('x')), 'b', 'a/b.png')).rejects.toBeInstanceOf(
      KeyConflictError,
    );
    await (await store.place(await store.stage(Buffer.from('c')), 'b', 'c/d.png')).commit();
    await expect(store.place(await store.stage(Buffer.from('x')), 'b', 'c')).rejects.toBeInstanceOf(KeyConflictError);
  });

  it('refuses a path that would leave its bucket, whatever the caller checked before', async () => {
    const store = await openStore();
    expect(() => store.fileOf('b', '../escape.png')).toThrow(/escapes/);
    expect(() => store.fileOf('~uploads', 'x')).toThrow(/escapes/);
  });

  it('removes an object and the folders it leaves empty, but not the bucket folder', async () => {
    const store = await openStore();
    await (await store.place(await store.stage(Buffer.from('1')), 'b', 'e1/g/1.png')).commit();
    await (await store.place(await store.stage(Buffer.from('2')), 'b', 'e1/2.png')).commit();
    await store.remove('b', 'e1/g/1.png');
    expect(await readdir(path.join(store.root, 'b', 'e1'))).toEqual(['2.png']);
    await store.remove('b', 'e1/2.png');
    expect(await readdir(path.join(store.root, 'b'))).toEqual([]);
    await store.remove('b', 'e1/2.png'); // already gone: fine
  });

  it('clears staged leftovers of a crash when a persistent store opens, and keeps its objects', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'store-test-'));
    try {
      const first = await ObjectStore.open(root);
      await (await first.place(await first.stage(Buffer.from('kept')), 'b', 'k.png')).commit();
      await writeFile(path.join(first.uploadsFolder, 'half-written'), 'x');
      const reopened = await ObjectStore.open(root);
      expect(await stagedFiles(reopened)).toEqual([]);
      expect(await text(reopened.fileOf('b', 'k.png'))).toBe('kept');
      await reopened.close(); // not temporary: nothing is deleted
      expect(await exists(reopened.fileOf('b', 'k.png'))).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
