/**
 * One way to turn a thrown value into words for a person (a toast, a form, a status line): the
 * Error's message, or the value as text. Code that must fail loudly keeps the Error itself.
 */

/**
 * The message of a thrown value. Without `fallback`: an Error's message, anything else as text
 * (`String(value)`). With `fallback`: an Error's message or a thrown string when not empty, else
 * `fallback` (for a toast that must never be blank).
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (fallback === undefined) return error instanceof Error ? error.message : String(error);
  if (error instanceof Error) return error.message || fallback;
  return typeof error === 'string' && error !== '' ? error : fallback;
}
