/**
 * One way to turn a thrown value into words (an error list entry, a status line) in the sync engine;
 * the same rule as the app's src/lib/error-message.ts, which sync/ may not import.
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
