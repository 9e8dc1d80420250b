/**
 * A small multipart/form-data reader for uploads. storage-js sends a `Blob` or `File` (what a
 * browser file picker gives) as a form with a `cacheControl` field (and `metadata`,
 * `contentEncoding` when set) followed by the file under the field name ''. The body has already
 * been read within the bucket's size limit, so parsing works on one buffer.
 */

export interface FormPart {
  name: string;
  /** Set for file parts (`filename="..."` in Content-Disposition). */
  filename: string | null;
  /** The part's own Content-Type header, if it has one. */
  contentType: string | null;
  data: Buffer;
}

export class MultipartError extends Error {}

/** The boundary of a `multipart/form-data; boundary=...` content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** Splits `body` into its parts; throws `MultipartError` when it is not a complete form. */
export function parseMultipart(body: Buffer, boundary: string, maxParts = 16): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.concat([CRLF, delimiter]);
  const first = body.indexOf(delimiter);
  if (first === -1) throw new MultipartError('no multipart boundary in the body');
  const parts: FormPart[] = [];
  let pos = first + delimiter.length;
  for (;;) {
    if (body.toString('latin1', pos, pos + 2) === '--') return parts;
    if (!body.subarray(pos, pos + 2).equals(CRLF)) throw new MultipartError('malformed multipart delimiter');
    if (parts.length >= maxParts) throw new MultipartError('too many multipart parts');
    const headersStart = pos + 2;
    const headersEnd = body.indexOf(HEADER_END, headersStart);
    if (headersEnd === -1) throw new MultipartError('multipart part headers are incomplete');
    const headers = parseHeaders(body.toString('utf8', headersStart, headersEnd));
    const dataStart = headersEnd + HEADER_END.length;
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd === -1) throw new MultipartError('multipart body is incomplete');
    const disposition = headers.get('content-disposition') ?? '';
    if (!/^form-data\s*(;|$)/i.test(disposition)) throw new MultipartError('multipart part is not form-data');
    parts.push({
      name: dispositionParameter(disposition, 'name') ?? '',
      filename: dispositionParameter(disposition, 'filename'),
      contentType: headers.get('content-type') ?? null,
      data: body.subarray(dataStart, dataEnd),
    });
    pos = dataEnd + nextDelimiter.length;
  }
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('malformed multipart part header');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function dispositionParameter(disposition: string, name: string): string | null {
  const pattern = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i');
  const match = pattern.exec(disposition);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '');
}
