/**
 * Password rules and hashing as GoTrue has them: bcrypt at cost 10 (hashes a hosted project can
 * import, `$2b$` here, `$2a$` there), at least 6 characters, at most 72 bytes because bcrypt ignores
 * anything after that. Verification always runs one bcrypt comparison, even when there is no user
 * or no hash, so a wrong password and an unknown e-mail take the same time.
 */
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { AuthError, validationFailed } from './errors.ts';

export const BCRYPT_COST = 10;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;

const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, compared against when there is no real hash to compare with. Call
 * once at start-up so that the first unknown e-mail does not pay for creating it.
 */
export function comparisonDummy(): Promise<string> {
  dummyHash ??= bcrypt.hash(randomUUID(), BCRYPT_COST);
  return dummyHash;
}

function byteLength(password: string): number {
  return Buffer.byteLength(password, 'utf8');
}

/**
 * GoTrue's strength check for a new password: 400 `validation_failed` above 72 bytes (never truncate
 * silently), 422 `weak_password` with reasons below the minimum length. Lengths count bytes, as GoTrue does.
 */
export function checkPasswordStrength(password: string): void {
  if (byteLength(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (byteLength(password) < MIN_PASSWORD_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

/** Hashes a password for `auth.users.encrypted_password`; refuses what bcrypt would truncate. */
export async function hashPassword(password: string): Promise<string> {
  if (byteLength(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`bcrypt: password length exceeds ${MAX_PASSWORD_BYTES} bytes`);
  }
  return bcrypt.hash(password, BCRYPT_COST);
}

export function isBcryptHash(hash: string): boolean {
  return BCRYPT_HASH.test(hash);
}

/**
 * True when `password` matches `hash`. Always costs one bcrypt comparison: with no usable hash it
 * compares against a dummy, and a password longer than bcrypt's limit never matches (bcryptjs
 * would otherwise compare only its first 72 bytes).
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const usable = typeof hash === 'string' && isBcryptHash(hash);
  const matches = await bcrypt.compare(password, usable ? hash : await comparisonDummy());
  return usable && matches && byteLength(password) <= MAX_PASSWORD_BYTES;
}
