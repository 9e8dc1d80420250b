import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { OutboxQuotaError } from './index.ts';
import { blobOfFile, isQuotaError } from './outbox-database.ts';

describe('a full device when a file is queued', () => {
  it('is recognised however IndexedDB and Dexie report it', () => {
    const domQuota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    expect(isQuotaError(domQuota)).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('quota'))).toBe(true);
    // A transaction that aborts because a write hit the quota.
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', domQuota))).toBe(true);
  });

  it('is not confused with other failures', () => {
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted'))).toBe(false);
    expect(isQuotaError(new Dexie.ConstraintError('Key already exists'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
  });

  it('is told to the admin in words, with the size and the cause kept', () => {
    const cause = new Dexie.QuotaExceededError('quota');
    const error = new OutboxQuotaError(6.3 * 1024 * 1024, { cause });
    expect(error.message).toBe(
      'Not enough storage space on this device to keep this file (6.3 MB) until it uploads. ' +
        'Free up space or pick a smaller image.',
    );
    expect(error.name).toBe('OutboxQuotaError');
    expect(error.cause).toBe(cause);
  });
});

describe('the bytes of a queued file', () => {
  it('come back as they were stored: a Blob, or the bytes a browser that refuses Blobs was given', async () => {
    const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    expect(blobOfFile({ id: 'a', blob })).toBe(blob);
    const fromBytes = blobOfFile({ id: 'b', bytes: await blob.arrayBuffer(), type: 'image/png' });
    expect(fromBytes.type).toBe('image/png');
    expect([...new Uint8Array(await fromBytes.arrayBuffer())]).toEqual([137, 80, 78, 71]);
  });
});
