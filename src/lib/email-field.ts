/**
 * The e-mail field of the sign-in and admin-invite forms: required, and an address as the browser's
 * e-mail input and the auth server take it. zod's own pattern refuses some of those, such as
 * 'ops&events@corp.com', and an admin made with one through Add Admin could then never sign in.
 */
import * as z from 'zod/mini';

export function emailField() {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.email({ pattern: z.regexes.html5Email, error: 'Enter a valid email address' }),
    );
}
