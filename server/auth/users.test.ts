import { describe, expect, it } from 'vitest';
import { checkMetadataLimits, type Metadata } from './users.ts';

const LIMITS = { maxBytes: 1024, maxDepth: 3 };

/** `{ a: { a: ... } }` with `levels` objects, the outermost included. */
function nested(levels: number): Metadata {
  let value: Metadata = { leaf: true };
  for (let level = 1; level < levels; level += 1) value = { a: value };
  return value;
}

describe('metadata limits', () => {
  it('accept metadata up to the size and depth limits', () => {
    expect(() => checkMetadataLimits('data', { name: 'x'.repeat(1000) }, LIMITS)).not.toThrow();
    expect(() => checkMetadataLimits('data', nested(3), LIMITS)).not.toThrow();
    expect(() => checkMetadataLimits('data', { list: [[1]] }, LIMITS)).not.toThrow();
  });

  it("refuse bigger or deeper metadata with GoTrue's validation_failed", () => {
    expect(() => checkMetadataLimits('data', { name: 'x'.repeat(1020) }, LIMITS)).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'validation_failed',
        message: expect.stringMatching(/^data is too large/),
      }),
    );
    // Multi-byte characters count as the bytes they take.
    expect(() => checkMetadataLimits('data', { name: 'é'.repeat(600) }, LIMITS)).toThrow(/too large/);
    expect(() => checkMetadataLimits('user_metadata', nested(4), LIMITS)).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        message: expect.stringMatching(/^user_metadata is nested too deeply/),
      }),
    );
    expect(() => checkMetadataLimits('data', { list: [[[1]]] }, LIMITS)).toThrow(/nested too deeply/);
  });

  it('refuse a hostile nesting without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(() => checkMetadataLimits('data', { deep } as Metadata, LIMITS)).toThrow(/nested too deeply/);
  });
});
