import { describe, expect, it } from 'vitest';
import { backOfficeOnlyFiles, laterPages, markLaterEntries, type ChunkManifest } from './precache-phases.ts';

/** A build's shape: the app's entry, the replica's worker, public and back-office routes. */
const MANIFEST: ChunkManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-a.js'],
    dynamicImports: [
      'src/routes/index.tsx?tsr-split=component',
      'src/routes/admin.tsx?tsr-split=component',
      'src/routes/admin/events.tsx?tsr-split=component',
      'src/routes/auth.tsx?tsr-split=component',
      'src/data/engine-store.ts',
    ],
  },
  'src/data/replica-worker.ts': { file: 'assets/replica-worker-a.js', isEntry: true, imports: ['_sync-a.js'] },
  '_react-a.js': { file: 'assets/react-a.js' },
  '_sync-a.js': { file: 'assets/sync-a.js' },
  '_event-card-a.js': { file: 'assets/event-card-a.js', imports: ['_react-a.js'] },
  '_form-panel-a.js': { file: 'assets/form-panel-a.js', imports: ['_react-a.js'] },
  '_field-a.js': { file: 'assets/field-a.js' },
  'src/data/engine-store.ts': { file: 'assets/engine-store-a.js', dynamicImports: ['sync/outbox/index.ts'] },
  'sync/outbox/index.ts': { file: 'assets/outbox-a.js', imports: ['_sync-a.js'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-a.js', imports: ['_event-card-a.js'] },
  'src/routes/admin.tsx?tsr-split=component': { file: 'assets/admin-a.js', imports: ['_event-card-a.js'] },
  'src/routes/admin/events.tsx?tsr-split=component': {
    file: 'assets/events-a.js',
    imports: ['_form-panel-a.js', '_field-a.js'],
  },
  'src/routes/auth.tsx?tsr-split=component': { file: 'assets/auth-a.js', imports: ['_field-a.js'] },
};

describe('the precache in two phases', () => {
  it('leaves for later only what back-office routes alone reach', () => {
    expect([...backOfficeOnlyFiles(MANIFEST)].sort()).toEqual([
      'assets/admin-a.js',
      'assets/auth-a.js',
      'assets/events-a.js',
      'assets/field-a.js',
      'assets/form-panel-a.js',
    ]);
  });

  it('leaves for later every page but the plain and the event shell', () => {
    const entries = [
      { url: 'index.html', revision: 'a' },
      { url: 'shell.html', revision: 'b' },
      { url: 'events/shell.html', revision: 'c' },
      { url: 'past-highlights/index.html', revision: 'd' },
      { url: 'admin/events/index.html', revision: 'e' },
      { url: 'assets/routes-a.js', revision: null },
    ];
    expect([...laterPages(entries)].sort()).toEqual([
      'admin/events/index.html',
      'index.html',
      'past-highlights/index.html',
    ]);
  });

  it('marks those entries and leaves the others as they are', () => {
    const entries = [
      { url: 'assets/routes-a.js', revision: null },
      { url: 'assets/events-a.js', revision: null },
      { url: 'index.html', revision: 'abc' },
    ];
    expect(markLaterEntries(entries, new Set(['assets/events-a.js']))).toEqual([
      { url: 'assets/routes-a.js', revision: null },
      { url: 'assets/events-a.js', revision: null, later: true },
      { url: 'index.html', revision: 'abc' },
    ]);
  });
});
