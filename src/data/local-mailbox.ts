/**
 * The local backend's mailbox (server/mail/mailbox.ts), where the messages sent to guests land
 * when the app runs against `npm start`'s backend: the back office links to it so a developer can
 * read them. A hosted project sends real mail and has no such page, so the link shows only when
 * the backend is on this machine (its URL is on loopback), as the mailbox answers only this machine.
 */
import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';

/** True for a host name on this machine: localhost (and its subdomains), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** `<Supabase URL>/mailbox` for a backend on loopback, else null (no mailbox to read). */
export function localMailboxUrl(supabaseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(supabaseUrl);
  } catch {
    return null;
  }
  return isLoopbackHost(url.hostname) ? `${supabaseUrl.replace(/\/+$/, '')}/mailbox` : null;
}

/** The local mailbox's address, once the run-time settings are read; null for a remote backend. */
export function useLocalMailboxUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    loadRuntimeConfig().then(
      (config) => {
        if (active) setUrl(localMailboxUrl(config.supabaseUrl));
      },
      // No settings (offline on a first visit): no link, as for a remote backend.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return url;
}
