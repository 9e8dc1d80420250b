/**
 * Where object bytes live: one file per object at `<root>/<bucket>/<key>` (root is
 * `${dataDir}/storage`, or a temporary folder for an in-memory backend), so a developer can look
 * at what was uploaded.
 *
 * Writes never leave a half-written object. New bytes are first written in full (and flushed) to
 * `<root>/~uploads/` — `~` is not allowed in bucket names or keys, so that folder can never be an
 * object — and then renamed over the object's file, which is atomic on one file system. `place`
 * keeps the replaced file (a hard link) until the caller commits or rolls back, so a database
 * transaction that fails after the rename can put the old bytes back. Leftovers of a crash in
 * `~uploads` are removed at start. A temporary store is removed on close, or at process exit.
 */
import { createReadStream, rmSync, type Stats } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

const UPLOADS = '~uploads';

/** Temporary stores not closed yet; removed when the process exits, should nobody stop their backend. */
const openTemporaryFolders = new Set<string>();
let exitHookInstalled = false;

function removeAtExit(folder: string): void {
  openTemporaryFolders.add(folder);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const open of openTemporaryFolders) rmSync(open, { recursive: true, force: true });
  });
}

/** The key cannot be a file there: a file or folder of another key is in the way (`a` vs `a/b`). */
export class KeyConflictError extends Error {}

export interface StagedFile {
  /** Removes the staged bytes if they were not placed. Safe to call more than once. */
  discard(): Promise<void>;
}

export interface Placement {
  /** Forgets the replaced bytes: the new ones stay. */
  commit(): Promise<void>;
  /** Puts the replaced bytes back (or removes the new file if there were none). */
  rollback(): Promise<void>;
}

export interface StoredFile {
  size: number;
  /** The file's bytes as a web stream (read lazily); with a range, bytes `start` to `end` inclusive. */
  stream(range?: { start: number; end: number }): ReadableStream<Uint8Array>;
}

export class ObjectStore {
  private constructor(
    /** Absolute folder that holds one sub-folder per bucket. */
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  /** A store at `root`, created if needed, with crash leftovers cleared; a temporary one without. */
  static async open(root?: string): Promise<ObjectStore> {
    const folder = root ? path.resolve(root) : await mkdtemp(path.join(tmpdir(), 'local-storage-'));
    if (!root) removeAtExit(folder);
    await rm(path.join(folder, UPLOADS), { recursive: true, force: true });
    await mkdir(path.join(folder, UPLOADS), { recursive: true });
    return new ObjectStore(folder, !root);
  }

  /** The folder staged uploads wait in (tests look there for leftovers). */
  get uploadsFolder(): string {
    return path.join(this.root, UPLOADS);
  }

  /** The file of an object. Keys are validated by `paths.ts`; this re-checks containment anyway. */
  fileOf(bucket: string, key: string): string {
    const bucketFolder = path.join(this.root, bucket);
    const file = path.join(bucketFolder, ...key.split('/'));
    if (!file.startsWith(bucketFolder + path.sep) || bucket.startsWith('~')) {
      throw new Error(`object path escapes its bucket: ${bucket}/${key}`);
    }
    return file;
  }

  /** Writes `bytes` in full to a staging file and flushes it to disk. */
  async stage(bytes: Uint8Array): Promise<StagedFile & { file: string }> {
    const file = path.join(this.uploadsFolder, randomUUID());
    const handle = await open(file, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(file).catch(() => undefined);
      throw error;
    }
    await handle.close();
    return { file, discard: () => unlink(file).catch(() => undefined) };
  }

  /** Moves a staged file to the object's place atomically, keeping what it replaces until commit. */
  async place(staged: { file: string }, bucket: string, key: string): Promise<Placement> {
    const target = this.fileOf(bucket, key);
    const previous = await this.keepPrevious(target);
    try {
      await this.renameInto(staged.file, target);
    } catch (error) {
      if (previous) await unlink(previous).catch(() => undefined);
      throw error;
    }
    return {
      commit: async () => {
        if (previous) await unlink(previous).catch(() => undefined);
      },
      rollback: async () => {
        if (previous) await rename(previous, target);
        else await this.removeFile(bucket, target);
      },
    };
  }

  async read(bucket: string, key: string): Promise<StoredFile | null> {
    const file = this.fileOf(bucket, key);
    let info: Stats;
    try {
      info = await stat(file);
    } catch (error) {
      if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return null;
      throw error;
    }
    if (!info.isFile()) return null;
    return {
      size: info.size,
      stream: (range) => Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>,
    };
  }

  /** Removes an object's file (if any) and the folders it leaves empty. */
  async remove(bucket: string, key: string): Promise<void> {
    await this.removeFile(bucket, this.fileOf(bucket, key));
  }

  /** Removes the whole folder of a temporary store (an in-memory backend's, on stop). */
  async close(): Promise<void> {
    if (!this.temporary) return;
    await rm(this.root, { recursive: true, force: true });
    openTemporaryFolders.delete(this.root);
  }

  private async keepPrevious(target: string): Promise<string | null> {
    const kept = path.join(this.uploadsFolder, `${randomUUID()}.previous`);
    try {
      await link(target, kept);
      return kept;
    } catch (error) {
      if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return null;
      if (isCode(error, 'EISDIR') || isCode(error, 'EPERM')) {
        // EPERM: linking a directory on Linux, or a file system without hard links.
        if ((await stat(target)).isDirectory()) throw new KeyConflictError(target);
        await copyFile(target, kept);
        return kept;
      }
      throw error;
    }
  }

  private async renameInto(from: string, target: string): Promise<void> {
    // A concurrent delete may remove the (then empty) parent folder between mkdir and rename.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(from, target);
        return;
      } catch (error) {
        if (isCode(error, 'ENOTDIR') || isCode(error, 'EEXIST') || isCode(error, 'EISDIR')) {
          throw new KeyConflictError(target);
        }
        if (!isCode(error, 'ENOENT') || attempt >= 2) throw error;
      }
    }
  }

  private async removeFile(bucket: string, file: string): Promise<void> {
    await unlink(file).catch((error: unknown) => {
      if (!isCode(error, 'ENOENT')) throw error;
    });
    const bucketFolder = path.join(this.root, bucket);
    for (let folder = path.dirname(file); folder.startsWith(bucketFolder + path.sep); folder = path.dirname(folder)) {
      try {
        await rmdir(folder);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
    }
  }
}

/** Names of staged files still waiting (for tests: should be none between requests). */
export async function stagedFiles(store: ObjectStore): Promise<string[]> {
  return readdir(store.uploadsFolder);
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
