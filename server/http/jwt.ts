/**
 * Signing keys of the local backend. Like a hosted Supabase project with asymmetric keys, tokens
 * are ES256 JWTs and the public key is published as a JWKS, so supabase-js can verify claims
 * locally. The key pair is created once and kept in the data folder, so the anon key printed by
 * `npm start` stays valid across restarts; an in-memory backend (tests) gets a fresh pair.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  SignJWT,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  errors as joseErrors,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import type { ApiRole } from '../db/database.ts';

const ALG = 'ES256';
const TEN_YEARS = 10 * 365 * 24 * 3600;

export interface JwtKeys {
  kid: string;
  /** The public JSON Web Key Set served at /auth/v1/.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  anonKey: string;
  serviceRoleKey: string;
  sign(payload: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Verifies signature, algorithm and expiry; throws `JwtError` otherwise. */
  verify(token: string): Promise<JWTPayload>;
}

export type JwtFailure = 'expired' | 'invalid';

export class JwtError extends Error {
  constructor(
    readonly reason: JwtFailure,
    message: string,
  ) {
    super(message);
  }
}

interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  anonKey: string;
  serviceRoleKey: string;
}

async function createStoredKeys(): Promise<StoredKeys> {
  const kid = randomUUID();
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig', key_ops: ['verify'] };
  const now = Math.floor(Date.now() / 1000);
  const apiKey = (role: ApiRole) =>
    new SignJWT({ iss: 'supabase', ref: 'local', role })
      .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + TEN_YEARS)
      .sign(privateKey);
  return { kid, privateJwk, publicJwk, anonKey: await apiKey('anon'), serviceRoleKey: await apiKey('service_role') };
}

/** Loads the key pair from `dataDir/jwt-keys.json`, creating it on first use; in memory without a folder. */
export async function loadKeys(dataDir?: string): Promise<JwtKeys> {
  let stored: StoredKeys;
  if (dataDir) {
    const file = path.join(dataDir, 'jwt-keys.json');
    try {
      stored = JSON.parse(await readFile(file, 'utf8')) as StoredKeys;
    } catch {
      stored = await createStoredKeys();
      await mkdir(dataDir, { recursive: true });
      await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  } else {
    stored = await createStoredKeys();
  }
  const privateKey = (await importJWK(stored.privateJwk, ALG)) as CryptoKey;
  const publicKey = (await importJWK(stored.publicJwk, ALG)) as CryptoKey;

  return {
    kid: stored.kid,
    jwks: { keys: [stored.publicJwk] },
    anonKey: stored.anonKey,
    serviceRoleKey: stored.serviceRoleKey,
    sign(payload, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(payload)
        .setProtectedHeader({ alg: ALG, kid: stored.kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, { algorithms: [ALG] });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', error instanceof Error ? error.message : 'invalid JWT');
      }
    },
  };
}
