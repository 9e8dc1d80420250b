/**
 * Errors of the storage service in hosted Supabase Storage's wire format:
 * `{ statusCode: '<code>', code: '<ErrorCode>', error: '<short name>', message }`.
 *
 * Hosted Storage answers most errors with HTTP 400 and puts the "real" status in the body's
 * `statusCode` (an object that is not found is HTTP 400 with `statusCode: '404'`); only 500s keep
 * their status, and a few (a missing JWT) are sent as they are. storage-js builds its
 * `StorageApiError` from the body (`message`, `statusCode`, `code`) and the HTTP status (`status`),
 * so we answer the same way and supabase-js sees the same error on both.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageError extends Error {
  readonly body: StorageErrorBody;
  /** The HTTP status of the response: hosted's, which is 400 for most errors (see the header). */
  readonly httpStatus: ContentfulStatusCode;

  constructor(status: number, code: string, error: string, message: string, httpStatus?: ContentfulStatusCode) {
    super(message);
    this.name = 'StorageError';
    this.body = { statusCode: String(status), code, error, message };
    this.httpStatus = httpStatus ?? (status >= 500 ? 500 : 400);
  }

  /** The status in the body, as a number (the one a client should act on). */
  get status(): number {
    return Number(this.body.statusCode);
  }
}

export function storageErrorResponse(c: Context, error: StorageError): Response {
  return c.json(error.body, error.httpStatus);
}

// The errors the routes raise, with hosted Storage's codes, names and texts.

export const invalidKey = (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`);

export const invalidBucketName = () =>
  new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid');

export const bucketNotFound = () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');

export const objectNotFound = () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found');

export const accessDenied = (message = 'Access denied') =>
  new StorageError(403, 'AccessDenied', 'Unauthorized', message);

/** A bad or expired JWT on a route that needs one (hosted: HTTP 400, body 403, jsonwebtoken's text). */
export const invalidJwt = (message: string) => accessDenied(message);

export const duplicate = () =>
  new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists');

export const entityTooLarge = () =>
  new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');

export const invalidMimeType = (mimeType: string) =>
  new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`);

/** The declared type names a supported image, but the bytes are another one. */
export const mimeTypeMismatch = (declared: string, actual: string) =>
  new StorageError(
    415,
    'InvalidMimeType',
    'invalid_mime_type',
    `mime type ${declared} does not match the file content (${actual})`,
  );

/** The name's extension does not belong to the image type the bytes are. */
export const extensionMismatch = (extension: string, actual: string) =>
  new StorageError(
    415,
    'InvalidMimeType',
    'invalid_mime_type',
    extension
      ? `file extension .${extension} does not match the file content (${actual})`
      : `file name has no extension; expected one for ${actual}`,
  );

/** The bytes start like a supported image but are not a complete, well-formed one (or carry markup). */
export const invalidImage = (mimeType: string, reason: string) =>
  new StorageError(400, 'InvalidRequest', 'invalid_image', `The file is not a valid ${mimeType}: ${reason}`);

export const noContentProvided = (message = 'No content provided') =>
  new StorageError(400, 'InvalidRequest', 'InvalidRequest', message);

export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', 'Bad Request', message);

export const internalError = () => new StorageError(500, 'InternalError', 'internal', 'Internal Server Error');

/** SQLSTATEs of the errors Postgres raises for what a caller did (hosted maps the same ones). */
export function fromDatabaseError(error: unknown): StorageError | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case '42501':
      return accessDenied(
        message.includes('row-level security') ? 'new row violates row-level security policy' : message,
      );
    case '23505':
      return duplicate();
    case '23503':
      return new StorageError(404, 'InvalidRequest', 'InvalidRequest', 'The related resource does not exist');
    default:
      return null;
  }
}

/**
 * A `Range` that starts beyond the end of the file. Sent with HTTP 416 (not hosted's usual 400): a
 * range request comes from a browser's media element or a download manager, which act on the status.
 */
export const rangeNotSatisfiable = () =>
  new StorageError(416, 'InvalidRange', 'InvalidRange', 'The requested range is not satisfiable', 416);
