/**
 * The file outbox's side of the sync test harness: `outboxDriverFor(outbox)` is what the harness
 * page exposes as `window.outboxDriver`, a small API that Playwright specs call with `page.evaluate`
 * (bytes travel as base64, everything else as plain JSON). It reads like what an admin form does:
 * pick a file, show it, see what waits and what failed, retry or discard.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { type FileOutbox, type OutboxItem, type UploadTarget } from '../../../sync/outbox/index.ts';
import { BUCKET_OF_KIND, objectPath, randomObjectName, type ImageKind } from '../../../sync/outbox/object-names.ts';
import { resizeImage, type ResizeOptions } from '../../../sync/outbox/resize-image.ts';

export interface PickedFile {
  base64: string;
  type: string;
  /** The file's name, for a File rather than a bare Blob (as an <input type=file> gives). */
  name?: string;
}

export interface OutboxDriver {
  /** Where an admin form puts a picked file: its bucket and a fresh random path (spec section 7). */
  destination(file: { kind: ImageKind; eventId?: string | null; originalName: string; type?: string }): {
    bucket: string;
    path: string;
  };
  /** Queues a file as an admin form does; returns the placeholder URL to write into the record. */
  enqueue(
    file: PickedFile,
    destination: { bucket: string; path: string; target: UploadTarget },
  ): Promise<{
    id: string;
    localUrl: string;
  }>;
  /** The bytes the page would show for `url` (base64), read through `resolveUrl$`; null if none. */
  shownBytes(url: string, timeoutMs?: number): Promise<string | null>;
  /** `resolveUrl(url)` as is: an object URL once loaded, else the URL unchanged. */
  resolveUrl(url: string): string;
  pending(): Promise<OutboxItem[]>;
  failures(): Promise<OutboxItem[]>;
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  /** Runs `resizeImage` and describes the result. */
  resize(
    file: PickedFile,
    options: ResizeOptions,
  ): Promise<{ type: string; size: number; width: number; height: number; sameBlob: boolean }>;
}

declare global {
  interface Window {
    outboxDriver?: OutboxDriver;
  }
}

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function toBlob(file: PickedFile): Blob {
  const bytes = fromBase64(file.base64);
  return file.name ? new File([bytes], file.name, { type: file.type }) : new Blob([bytes], { type: file.type });
}

export function outboxDriverFor(outbox: FileOutbox): OutboxDriver {
  return {
    destination: ({ kind, eventId, originalName, type }) => ({
      bucket: BUCKET_OF_KIND[kind],
      path: objectPath({ kind, eventId, fileName: randomObjectName(originalName, type) }),
    }),
    enqueue: (file, destination) => outbox.enqueue(toBlob(file), destination),
    async shownBytes(url, timeoutMs = 5_000) {
      const shown = await firstValueFrom(
        outbox.resolveUrl$(url).pipe(
          filter((resolved): resolved is string => resolved !== null),
          timeout({ first: timeoutMs, with: () => [null] }),
        ),
      );
      if (shown === null) return null;
      const response = await fetch(shown);
      return toBase64(new Uint8Array(await response.arrayBuffer()));
    },
    resolveUrl: (url) => outbox.resolveUrl(url),
    pending: () => firstValueFrom(outbox.pending$),
    failures: () => firstValueFrom(outbox.failures$),
    retry: (id) => outbox.retry(id),
    discard: (id) => outbox.discard(id),
    async resize(file, options) {
      const original = toBlob(file);
      const result = await resizeImage(original, options);
      const bitmap = await createImageBitmap(result);
      const described = { type: result.type, size: result.size, width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return { ...described, sameBlob: result === original };
    },
  };
}
