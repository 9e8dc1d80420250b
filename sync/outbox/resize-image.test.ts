import { describe, expect, it } from 'vitest';
import { fittedSize } from './resize-image.ts';

// resizeImage itself needs a browser: tests/sync/outbox.spec.ts runs it in Chromium.
describe('fittedSize', () => {
  it('fits within both bounds and keeps the aspect ratio', () => {
    expect(fittedSize(4000, 3000, { maxWidth: 1600, maxHeight: 1600 })).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3000, 4000, { maxWidth: 1600, maxHeight: 1600 })).toEqual({ width: 1200, height: 1600 });
    expect(fittedSize(5000, 1000, { maxWidth: 2000, maxHeight: 100 })).toEqual({ width: 500, height: 100 });
  });

  it('never enlarges and never reaches zero', () => {
    expect(fittedSize(300, 200, { maxWidth: 1600, maxHeight: 1600 })).toEqual({ width: 300, height: 200 });
    expect(fittedSize(10000, 1, { maxWidth: 100, maxHeight: 100 })).toEqual({ width: 100, height: 1 });
  });
});
