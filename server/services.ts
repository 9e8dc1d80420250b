/** What every part of the local backend is handed: the database, the signing keys, the settings. */
import type { Database } from './db/database.ts';
import type { JwtKeys } from './http/jwt.ts';

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
}

export interface BackendServices {
  db: Database;
  keys: JwtKeys;
  config: BackendConfig;
}

export const DEFAULT_CONFIG: Omit<BackendConfig, 'apiUrl' | 'siteUrl'> = {
  jwtExpirySeconds: 3600,
  refreshTokenReuseIntervalSeconds: 10,
  maxBodyBytes: 1024 * 1024,
};
