/**
 * What a failed upload means for the outbox: try again later, treat as done, or stop and show it.
 *
 * Storage answers most errors with HTTP 400 and the real code in the body's `statusCode`
 * (server/storage/README.md; hosted does the same), and storage-js copies both onto its
 * `StorageApiError` (`status` = HTTP status, `statusCode` = body code). So the decision is made on
 * `statusCode`, with the HTTP status only for answers that carry no body code (a proxy's 502).
 *
 * - transient (retried with back-off): no answer at all (offline, DNS, reset: storage-js's
 *   `StorageUnknownError`), 5xx, 408, 429, and an expired or not-yet-valid session token (the
 *   auth client refreshes it; the next attempt carries the new one);
 * - duplicate: 409, an object already has this name: usually our own earlier attempt whose answer
 *   was lost, which the caller checks;
 * - permanent (kept, shown, never retried by itself): every other refusal, e.g. 403 row security,
 *   413 too large, 415 not an allowed image, 400 invalid key or damaged image, 404 no such bucket.
 */

import { errorMessage } from '../error-message.ts';

export type UploadFailureKind = 'transient' | 'duplicate' | 'permanent';

export interface UploadFailure {
  kind: UploadFailureKind;
  /** The server's message, or the network error's. */
  message: string;
  /** Storage's code (`'413'`), or null when no answer came back. */
  statusCode: string | null;
}

interface ApiErrorShape {
  message: string;
  status: number;
  statusCode: string;
}

function isApiError(error: unknown): error is ApiErrorShape {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<ApiErrorShape>;
  return typeof candidate.statusCode === 'string' && typeof candidate.status === 'number';
}

const TOKEN_TROUBLE = /jwt expired|token is expired|exp claim|nbf claim|not yet valid/i;

export function classifyUploadError(error: unknown): UploadFailure {
  const message = errorMessage(error, 'Upload failed');
  if (!isApiError(error)) return { kind: 'transient', message, statusCode: null };
  const code = Number.parseInt(error.statusCode, 10);
  const statusCode = error.statusCode;
  if (error.status >= 500 || code >= 500 || code === 408 || code === 429) {
    return { kind: 'transient', message, statusCode };
  }
  if (code === 409) return { kind: 'duplicate', message, statusCode };
  if ((code === 401 || code === 403 || error.status === 401) && TOKEN_TROUBLE.test(message)) {
    return { kind: 'transient', message, statusCode };
  }
  return { kind: 'permanent', message, statusCode };
}
