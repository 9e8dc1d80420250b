/**
 * Test helpers for the auth service: raw HTTP calls (for what supabase-js hides: status codes,
 * headers, both error body shapes) and the forged tokens an attacker would try.
 */
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import type { TestBackend } from '../support/backend.ts';

export interface RawResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface RawRequest {
  method?: string;
  /** A JSON-serialisable body, or a string sent as is. */
  body?: unknown;
  /** Bearer token for the Authorization header. */
  token?: string;
  /** API key; the anon key unless given, none when null. */
  apikey?: string | null;
  /** Send `X-Supabase-Api-Version: 2024-01-01` as auth-js does (default true). */
  apiVersion?: boolean;
  headers?: Record<string, string>;
}

/** Calls the backend over HTTP and returns status, headers and the parsed JSON body ({} when empty). */
export async function rawRequest(backend: TestBackend, path: string, request: RawRequest = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { ...request.headers };
  const apikey = request.apikey === undefined ? backend.anonKey : request.apikey;
  if (apikey) headers.apikey = apikey;
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.apiVersion !== false) headers['x-supabase-api-version'] = '2024-01-01';
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  }
  const response = await fetch(`${backend.url}${path}`, { method: request.method ?? 'GET', headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The claims of a token without its registered times, ready to be signed again. */
function claimsOf(token: string): Record<string, unknown> {
  const { exp: _exp, iat: _iat, ...claims } = decodeJwt(token);
  return claims;
}

/**
 * Tokens a forger would try with a genuine user token in hand: no signature (`alg: none`), signed
 * by another ES256 key under our key id, the payload edited to service_role with the signature
 * kept, and a correctly signed but expired one.
 */
export async function forgedTokens(backend: TestBackend, genuine: string): Promise<Record<string, string>> {
  const claims = claimsOf(genuine);
  const [header = '', , signature = ''] = genuine.split('.');
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const now = Math.floor(Date.now() / 1000);
  return {
    'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iat: now, exp: now + 3600 })}.`,
    'signed by another key': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: backend.services.keys.kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey),
    'payload tampered to service_role': `${header}.${base64url({ ...decodeJwt(genuine), role: 'service_role' })}.${signature}`,
    expired: await backend.services.keys.sign(claims, -10),
  };
}

/** A token correctly signed by the backend's key, carrying `role`. */
export function tokenWithRole(backend: TestBackend, role: string): Promise<string> {
  return backend.services.keys.sign({ iss: 'supabase', ref: 'local', role }, 3600);
}
