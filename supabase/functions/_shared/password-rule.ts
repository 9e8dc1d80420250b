/**
 * The shortest password an admin may set for another admin (spec 9: 6 characters). Counted as the
 * sign-in form counts it (JavaScript's length), not in bytes as the auth service does: 'ключ1'
 * (5 characters, 9 bytes) passes the auth service, and then the form at /auth refuses it, so the
 * account could never sign in.
 */
import { FunctionError } from './http.ts';

export const MIN_PASSWORD_LENGTH = 6;

/** Throws the auth service's 422 when `password` is shorter than the sign-in form takes. */
export function requirePasswordLength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new FunctionError(422, `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}
