import { describe, expect, it } from 'vitest';
import { localMailboxUrl } from './local-mailbox.ts';

describe('the link to the local mailbox', () => {
  it('points at <backend>/mailbox when the backend is on this machine', () => {
    expect(localMailboxUrl('http://localhost:54321')).toBe('http://localhost:54321/mailbox');
    expect(localMailboxUrl('http://127.0.0.1:54321/')).toBe('http://127.0.0.1:54321/mailbox');
    expect(localMailboxUrl('http://[::1]:54321')).toBe('http://[::1]:54321/mailbox');
    expect(localMailboxUrl('http://api.localhost:8000')).toBe('http://api.localhost:8000/mailbox');
  });

  it('is absent for a hosted backend, which sends real mail', () => {
    expect(localMailboxUrl('https://abcd.supabase.co')).toBeNull();
    expect(localMailboxUrl('http://127.0.0.1.example.com')).toBeNull();
    expect(localMailboxUrl('http://192.168.1.20:54321')).toBeNull();
    expect(localMailboxUrl('not a url')).toBeNull();
  });
});
