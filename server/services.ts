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
  /** Failed password sign-ins per e-mail address within the window before sign-in answers 429. */
  signInMaxFailuresPerEmail: number;
  /** Failed password sign-ins per client IP address within the window before sign-in answers 429. */
  signInMaxFailuresPerIp: number;
  /** Length of the window in which failed sign-ins are counted, seconds. */
  signInFailureWindowSeconds: number;
  /** Most rows the table API returns per request (PostgREST's db-max-rows); 1000 as on hosted Supabase when unset. */
  restMaxRows?: number;
  /**
   * Environment of the server functions at /functions/v1, over the secrets they take from the
   * process environment (server/functions/registry.ts); read at each call. Tests set per backend.
   */
  functionsEnv?: Readonly<Record<string, string>>;
  /** Largest file storage accepts, bytes, when a bucket sets no smaller limit (hosted's global upload limit). */
  storageMaxFileBytes: number;
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
  signInMaxFailuresPerEmail: 30,
  signInMaxFailuresPerIp: 100,
  signInFailureWindowSeconds: 300,
  storageMaxFileBytes: 50 * 1024 * 1024,
};
