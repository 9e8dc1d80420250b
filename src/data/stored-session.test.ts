import { describe, expect, it } from 'vitest';
import { storedSession } from './stored-session.ts';
import { SESSION_STORAGE_KEY } from './supabase-client.ts';

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === SESSION_STORAGE_KEY ? value : null),
});

describe('storedSession', () => {
  it("names the signed-in user from what supabase-js stored, an expired access token's included", () => {
    const expired = {
      access_token: 'a.b.c',
      refresh_token: 'r',
      expires_at: Math.floor(Date.now() / 1000) - 3600,
      user: { id: '5b1f0a2c-0000-4000-8000-000000000001' },
    };
    expect(storedSession(storageWith(JSON.stringify(expired)))?.user.id).toBe('5b1f0a2c-0000-4000-8000-000000000001');
  });

  it('is null for nothing stored, something else stored, or text that is not JSON', () => {
    expect(storedSession(storageWith(null))).toBeNull();
    expect(storedSession(storageWith(JSON.stringify({ user: { id: 'x' } })))).toBeNull();
    expect(storedSession(storageWith('{not json'))).toBeNull();
  });
});
