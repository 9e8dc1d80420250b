/**
 * An e-mail as the bytes an SMTP server takes (RFC 5322 with MIME, RFC 2045-2047 and 2231): the
 * SMTP adapter (smtp.ts) sends what this builds. Everything comes out as 7-bit ASCII with CRLF line
 * endings, so any server takes it without 8BITMIME or SMTPUTF8: the text and HTML parts in
 * quoted-printable (still readable in a raw message), attachments in base64, and headers with
 * anything but printable ASCII as RFC 2047 encoded words. Header values lose their line breaks
 * first: an event title or a name can never add a header of its own.
 *
 * Pure code: no I/O, no clock or randomness unless the caller leaves out `date` and `boundary`.
 */

/** A file sent with a message. */
export interface MailAttachment {
  /** The name the recipient sees, e.g. 'cdo-vision-london-2026.ics'. */
  filename: string;
  /** A MIME type with its parameters, e.g. 'text/calendar; charset=utf-8'. */
  contentType: string;
  /** The bytes; a string is sent as its UTF-8 encoding. */
  content: string | Uint8Array;
  /**
   * Set for an image the HTML shows inline, as `<img src="cid:<contentId>">` (RFC 2392): it goes
   * with the HTML (multipart/related) rather than after the message, and mail clients show it
   * without fetching anything, so it appears even where remote images are blocked.
   */
  contentId?: string;
}

export interface MimeMessage {
  /** 'CDO Vision <events@example.com>' or a bare address. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: readonly MailAttachment[];
  /** The Message-ID without angle brackets, e.g. '<id>@example.com'. */
  messageId: string;
  date?: Date;
  /** The MIME boundaries' stem; random by default (tests fix it). */
  boundary?: string;
}

const CRLF = '\r\n';
const LINE_LIMIT = 76;
const encoder = new TextEncoder();

export function utf8(value: string | Uint8Array): Uint8Array {
  return typeof value === 'string' ? encoder.encode(value) : value;
}

/** Base64 of bytes, in one line. */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

function wrap(text: string, width = LINE_LIMIT): string {
  const lines: string[] = [];
  for (let offset = 0; offset < text.length; offset += width) lines.push(text.slice(offset, offset + width));
  return lines.join(CRLF);
}

const hex = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Quoted-printable (RFC 2045 6.7) of a text: its line breaks become CRLF, printable ASCII stays as
 * it is (except '='), every other byte is `=XX`, a space or tab before a line break is encoded,
 * and soft breaks keep lines within 76 characters.
 */
export function quotedPrintable(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const bytes = encoder.encode(line);
      const tokens: string[] = [];
      bytes.forEach((byte, index) => {
        const last = index === bytes.length - 1;
        const plain = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
        tokens.push(plain ? String.fromCharCode(byte) : hex(byte));
      });
      const out: string[] = [];
      let current = '';
      for (const token of tokens) {
        // Room for the token and the '=' of a soft break.
        if (current.length + token.length > LINE_LIMIT - 1) {
          out.push(`${current}=`);
          current = '';
        }
        current += token;
      }
      out.push(current);
      return out.join(CRLF);
    })
    .join(CRLF);
}

/** A header value on one line: line breaks and other control characters become spaces. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001F\u007F]+/g, ' ').trim();
}

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/**
 * RFC 2047 encoded words ('=?UTF-8?B?...?=') of a text, each at most 75 characters and never
 * splitting a character, joined by a folding line break (which the reader drops between words).
 */
export function encodedWords(value: string): string {
  const words: string[] = [];
  let chunk = '';
  let size = 0;
  for (const char of value) {
    const length = encoder.encode(char).length;
    // 45 bytes are 60 base64 characters: with '=?UTF-8?B?' and '?=', 72.
    if (size + length > 45) {
      words.push(chunk);
      chunk = '';
      size = 0;
    }
    chunk += char;
    size += length;
  }
  if (chunk || words.length === 0) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${base64(encoder.encode(word))}?=`).join(`${CRLF} `);
}

/** An unstructured header value (Subject): as it is when plain ASCII, else encoded words. */
export function headerText(value: string): string {
  const line = oneLine(value);
  return PRINTABLE_ASCII.test(line) && line.length <= 900 ? line : encodedWords(line);
}

/** 'Name <address>' or 'address', split; the name is null when there is none. */
export function parseMailbox(value: string): { name: string | null; address: string } {
  const angled = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(value);
  if (!angled) return { name: null, address: value.trim() };
  const name = angled[1]!.replace(/^"(.*)"$/, '$1').trim();
  return { name: name || null, address: angled[2]! };
}

/** A mailbox for a From or To header: the display name quoted or encoded as it needs. */
export function headerMailbox(value: string): string {
  const { name, address } = parseMailbox(oneLine(value));
  if (!name) return address;
  if (!PRINTABLE_ASCII.test(name)) return `${encodedWords(name)} <${address}>`;
  return /^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(name)
    ? `${name} <${address}>`
    : `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

/**
 * A `name="value"` parameter (a file name): quoted when ASCII, else RFC 2231's
 * `name*=UTF-8''<percent-encoded>`.
 */
function parameter(name: string, value: string): string {
  const line = oneLine(value);
  if (PRINTABLE_ASCII.test(line)) return `${name}="${line.replace(/["\\]/g, '\\$&')}"`;
  const encoded = [...encoder.encode(line)]
    .map((byte) =>
      /[A-Za-z0-9!#$&+.^_`|~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : hex(byte).replace('=', '%'),
    )
    .join('');
  return `${name}*=UTF-8''${encoded}`;
}

/** RFC 5322 date: 'Mon, 05 Jan 2026 09:30:00 +0000'. */
export function headerDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

function randomBoundary(): string {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

interface Part {
  headers: string[];
  body: string;
}

function textPart(subtype: 'plain' | 'html', text: string): Part {
  return {
    headers: [`Content-Type: text/${subtype}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable'],
    body: quotedPrintable(text),
  };
}

function attachmentPart(attachment: MailAttachment): Part {
  const disposition = attachment.contentId ? 'inline' : 'attachment';
  return {
    headers: [
      `Content-Type: ${oneLine(attachment.contentType)}`,
      'Content-Transfer-Encoding: base64',
      ...(attachment.contentId ? [`Content-ID: <${oneLine(attachment.contentId)}>`] : []),
      `Content-Disposition: ${disposition}; ${parameter('filename', attachment.filename)}`,
    ],
    body: wrap(base64(utf8(attachment.content))),
  };
}

/**
 * Boundaries start with '=_': quoted-printable writes every '=' as '=3D' and base64 has no '_',
 * so no part's body can contain one.
 */
function multipart(subtype: 'mixed' | 'alternative' | 'related', boundary: string, parts: Part[]): Part {
  const body = parts
    .map((part) => `--${boundary}${CRLF}${part.headers.join(CRLF)}${CRLF}${CRLF}${part.body}${CRLF}`)
    .join('');
  return { headers: [`Content-Type: multipart/${subtype}; boundary="${boundary}"`], body: `${body}--${boundary}--` };
}

/** The whole message: headers, a blank line, the body; CRLF line endings, 7-bit only. */
export function buildMimeMessage(message: MimeMessage): string {
  const stem = message.boundary ?? randomBoundary();
  const text = textPart('plain', message.text);
  // Inline images travel with the HTML that shows them: mixed[alternative[text, related[html, images]], files].
  const inline = message.html ? (message.attachments ?? []).filter((attachment) => attachment.contentId) : [];
  const html = message.html ? textPart('html', message.html) : null;
  const shown =
    html && inline.length > 0 ? multipart('related', `=_rel_${stem}`, [html, ...inline.map(attachmentPart)]) : html;
  const content = shown ? multipart('alternative', `=_alt_${stem}`, [text, shown]) : text;
  const attachments = (message.attachments ?? []).filter((attachment) => !inline.includes(attachment));
  const root =
    attachments.length > 0
      ? multipart('mixed', `=_mixed_${stem}`, [content, ...attachments.map(attachmentPart)])
      : content;
  const headers = [
    `From: ${headerMailbox(message.from)}`,
    `To: ${headerMailbox(message.to)}`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${headerDate(message.date ?? new Date())}`,
    `Message-ID: <${oneLine(message.messageId)}>`,
    'MIME-Version: 1.0',
    ...root.headers,
  ];
  return `${headers.join(CRLF)}${CRLF}${CRLF}${root.body}${CRLF}`;
}
