import { describe, expect, it } from 'vitest';
import { describeSync, type SyncFacts } from './describe-sync.ts';

const synced: SyncFacts = {
  online: true,
  open: true,
  failed: false,
  syncing: false,
  pulled: true,
  pendingChanges: 0,
  pendingUploads: 0,
};

describe('describeSync', () => {
  it('says all changes are synced only when everything is pulled and nothing waits', () => {
    expect(describeSync(synced)).toBe('All changes synced');
    expect(describeSync({ ...synced, pulled: false })).toBe('Syncing...');
    expect(describeSync({ ...synced, open: false })).toBe('Syncing...');
    expect(describeSync({ ...synced, syncing: true })).toBe('Syncing...');
  });

  it('counts the changes and uploads that wait', () => {
    expect(describeSync({ ...synced, pendingChanges: 3 })).toBe('3 changes waiting');
    expect(describeSync({ ...synced, pendingChanges: 1, pendingUploads: 2 })).toBe(
      '1 change waiting · 2 uploads waiting',
    );
    expect(describeSync({ ...synced, syncing: true, pendingUploads: 1 })).toBe('Syncing... · 1 upload waiting');
  });

  it('says offline first, with what waits', () => {
    expect(describeSync({ ...synced, online: false })).toBe('Offline');
    expect(describeSync({ ...synced, online: false, pendingChanges: 2 })).toBe('Offline · 2 changes waiting');
  });

  it('says when the local data could not open', () => {
    expect(describeSync({ ...synced, open: false, failed: true })).toBe('Local data could not open');
  });
});
