/** What every part of the local backend is handed: the database, the signing keys, the settings. */
import type { Database } from './db/database.ts';
import type { JwtKeys } from './http/jwt.ts';
import type { LocalMailbox } from './mail/mailbox.ts';
import type { ObjectStore } from './storage/object-store.ts';

export interface BackendConfig {
  /** Public base URL of the API, e.g. http://localhost:54321. */
  apiUrl: string;
  /** Where e-mail confirmation and other redirects go by default (the site root). */
  siteUrl: string;
  /** Lifetime of access tokens, seconds (GoTrue's JWT_EXP; 3600 on hosted projects). */
  jwtExpirySeconds: number;
  /** How long a just-rotated refresh token may still be used (GoTrue's reuse interval, seconds). */
  refreshTokenReuseIntervalSeconds: number;
  /** Largest request body accepted by the table API and auth, bytes. */
  maxBodyBytes: number;
  /**
   * Sign-ups and password sign-ins per client address per rate-limit window (GoTrue's
   * sign_in_sign_ups; a burst of this many, then one every window/limit).
   */
  authSignInSignUpsPerWindow: number;
  /** Refresh-token grants per client address per rate-limit window (GoTrue's token_refresh). */
  authTokenRefreshesPerWindow: number;
  /** The rate-limit window, seconds (5 minutes, as GoTrue's limits are stated). */
  authRateLimitWindowSeconds: number;
  /** Failed sign-ins of one account from one client address before each next attempt must wait. */
  signInFreeFailures: number;
  /** Failed sign-ins from one client address, whatever the account, before its attempts must wait. */
  signInFreeFailuresPerAddress: number;
  /** Longest wait the doubling back-off after failed sign-ins reaches, seconds. */
  signInMaxBackoffSeconds: number;
  /**
   * Longest delay that failures on an account from many addresses add to each sign-in of that
   * account, milliseconds. Never a refusal, so that nobody can lock the owner out.
   */
  signInMaxAccountDelayMs: number;
  /** How long failed sign-ins are remembered after the last one, seconds. */
  signInFailureMemorySeconds: number;
  /**
   * Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed; the client
   * address is the socket's otherwise.
   */
  trustedProxies: readonly string[];
  /** Largest user or app metadata object accepted, bytes of JSON. */
  maxMetadataBytes: number;
  /** Deepest nesting of objects and arrays accepted in metadata, the metadata object itself counting 1. */
  maxMetadataDepth: number;
  /** Most rows the table API returns per request (PostgREST's db-max-rows); 1000 as on hosted Supabase when unset. */
  restMaxRows?: number;
  /**
   * Environment of the server functions at /functions/v1, over the secrets they take from the
   * process environment (server/functions/registry.ts); read at each call. Tests set per backend.
   */
  functionsEnv?: Readonly<Record<string, string>>;
  /** Largest file storage accepts, bytes, when a bucket sets no smaller limit (hosted's global upload limit). */
  storageMaxFileBytes: number;
  /**
   * How often the backend runs the send-guest-messages function while it runs, milliseconds (a
   * hosted project's schedule does it there); 0 never runs it.
   */
  guestMessagesIntervalMs: number;
  /**
   * Whether the development mailbox (/mailbox) takes the functions' mail when no other provider is
   * set (LOCAL_MAILBOX=off turns it off: mail then has nowhere to go until a provider is set).
   */
  localMailbox: boolean;
}

export interface BackendServices {
  db: Database;
  keys: JwtKeys;
  config: BackendConfig;
  /** The bytes of storage objects (their rows are in storage.objects). */
  objectStore: ObjectStore;
  /** Where mail that the server functions send lands locally (read at /mailbox). */
  mailbox: LocalMailbox;
}

export const DEFAULT_CONFIG: Omit<BackendConfig, 'apiUrl' | 'siteUrl'> = {
  jwtExpirySeconds: 3600,
  refreshTokenReuseIntervalSeconds: 10,
  maxBodyBytes: 1024 * 1024,
  authSignInSignUpsPerWindow: 30,
  authTokenRefreshesPerWindow: 150,
  authRateLimitWindowSeconds: 300,
  signInFreeFailures: 5,
  signInFreeFailuresPerAddress: 20,
  signInMaxBackoffSeconds: 300,
  signInMaxAccountDelayMs: 1000,
  signInFailureMemorySeconds: 3600,
  trustedProxies: [],
  maxMetadataBytes: 16 * 1024,
  maxMetadataDepth: 8,
  storageMaxFileBytes: 50 * 1024 * 1024,
  guestMessagesIntervalMs: 1000,
  localMailbox: true,
};
