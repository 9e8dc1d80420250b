import { describe, expect, it } from 'vitest';
import { isLocalUrl, localUrlOf, newOutboxId, outboxIdOf } from './local-url.ts';

describe('outbox placeholder URLs', () => {
  it('round-trips an id through its placeholder', () => {
    const id = newOutboxId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(outboxIdOf(localUrlOf(id))).toBe(id);
    expect(isLocalUrl(localUrlOf(id))).toBe(true);
  });

  it('is a site-relative path, which the database accepts in URL columns', () => {
    // supabase/migrations: private.is_safe_url accepts http(s) URLs and '/'-rooted paths only.
    expect(localUrlOf(newOutboxId())).toMatch(/^\/([^/\\\s][^\s\\]*)?$/);
  });

  it('leaves every other URL alone', () => {
    for (const url of [
      'https://api.example.com/storage/v1/object/public/event-images/e1/1.png',
      '/demo/keynote.webp',
      '/outbox/not-an-id',
      '/outbox/',
      '',
      null,
      undefined,
    ]) {
      expect(outboxIdOf(url)).toBeNull();
      expect(isLocalUrl(url)).toBe(false);
    }
  });
});
