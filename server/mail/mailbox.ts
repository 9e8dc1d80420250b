/**
 * The local backend's mail catcher, in the spirit of the Supabase CLI's Inbucket: messages that the
 * server functions send (admin invite links, the guests' messages about their invite requests) land
 * here instead of going out, and a developer reads them in the browser at `/mailbox`: each message's
 * HTML as a mail client shows it, its plain text, and its attachments to download.
 *
 * The functions send mail through one adapter (supabase/functions/_shared/mail.ts) that speaks a
 * Resend-style HTTP API (`POST <MAIL_API_URL>/emails` with a bearer key). On a hosted project that
 * URL is a real mail provider's; locally it is `<API URL>/mailbox/api`, served here. So the code that
 * sends is the same in both places, and tests read what was sent from `/mailbox/api/messages`. As
 * Resend does, it takes attachments as base64 and honours an `Idempotency-Key` header: the same key
 * again is answered with the first message's id and delivers nothing new. A recipient at the
 * reserved `.invalid` domain is refused (422), as a provider refuses one whose domain takes no mail.
 *
 * Mail holds secrets (invite links, guests' personal links), so it is a development tool and behaves
 * like one: the backend mounts it only while mail goes to it (`npm start`'s default; never with
 * another provider, nor with LOCAL_MAILBOX=off), every route answers only this machine, by its own
 * names, from the app's or its own pages (server/http/local-only.ts), with no CORS headers, and
 * sending needs the key. A message's HTML is shown in a frame whose content policy lets no script run, with the images
 * it shows inline (`cid:`, Resend's `content_id`) in place. Messages are kept newest first, up to
 * a limit: in memory, and when the backend has a data folder also in `<data folder>/mailbox.ndjson`
 * (mailbox-journal.ts) with the idempotency keys, so that a restart, even after a crash, neither
 * empties the mailbox nor lets a message that the guest-message sender sends again with its key
 * arrive twice.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { localOnly, type LocalOnlySettings } from '../http/local-only.ts';
import { MailboxJournal, type JournalEntry } from './mailbox-journal.ts';

/** An attachment as the JSON API lists it; `url` downloads its bytes. */
export interface MailAttachmentInfo {
  filename: string;
  contentType: string;
  size: number;
  /** Path of the download, e.g. /mailbox/<id>/attachments/0. */
  url: string;
  /** Set for an image the HTML shows inline (`<img src="cid:<contentId>">`). */
  contentId: string | null;
}

export interface MailMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachmentInfo[];
  /** ISO time the mailbox received it. */
  receivedAt: string;
}

interface StoredAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  contentId: string | null;
}

interface StoredMessage extends Omit<MailMessage, 'attachments'> {
  attachments: StoredAttachment[];
}

const Address = z.string().trim().min(3).max(320);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The body of `POST /emails`, as Resend's API takes it (the fields the functions use). */
const SendBody = z.object({
  from: Address,
  to: z.union([Address, z.array(Address).min(1).max(50)]),
  subject: z.string().max(998),
  text: z.string().max(200_000).optional(),
  html: z.string().max(500_000).optional(),
  attachments: z
    .array(
      z.object({
        filename: z
          .string()
          .min(1)
          .max(255)
          // eslint-disable-next-line no-control-regex -- a file name with control characters is refused
          .regex(/^[^\u0000-\u001f\u007f/\\]+$/, 'not a plain file name'),
        content: z.string().max(700_000).regex(BASE64, 'must be base64'),
        content_type: z
          .string()
          .max(255)
          .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII')
          .optional(),
        content_id: z
          .string()
          .max(255)
          .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
          .optional(),
      }),
    )
    .max(10)
    .optional(),
});

type SendInput = z.infer<typeof SendBody>;

/** How long an idempotency key is remembered (Resend: 24 hours). */
const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;

/** What the answer to a send is: the message id, or a refusal of a reused key (as Resend answers). */
export type Delivery = { id: string } | { conflict: string };

function publicView(message: StoredMessage): MailMessage {
  return {
    ...message,
    attachments: message.attachments.map((attachment, index) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.content.length,
      url: `/mailbox/${message.id}/attachments/${index}`,
      contentId: attachment.contentId,
    })),
  };
}

type KeyRecord = { id: string; body: string; at: number };

export class LocalMailbox {
  private readonly messages: StoredMessage[] = [];
  private readonly keys = new Map<string, KeyRecord>();
  private readonly journal: MailboxJournal | null = null;

  /**
   * Keeps the newest `capacity` messages. With `file` (the backend's data folder has one), what it
   * delivers and the keys it was given are kept there too and read back at the next start, so a
   * restart neither empties it nor makes it deliver a repeated key again; without, in memory only.
   */
  constructor(
    private readonly capacity = 500,
    file?: string,
  ) {
    if (!file) return;
    const { journal, entries } = MailboxJournal.open(file);
    this.journal = journal;
    const now = Date.now();
    for (const entry of entries) {
      if (entry.message) this.remember(fromJournal(entry.message));
      if (entry.key && now - entry.key.at <= IDEMPOTENCY_MS) {
        const { key, ...record } = entry.key;
        this.keys.set(key, record);
      }
    }
  }

  deliver(input: SendInput): MailMessage {
    return publicView(this.keep(input, null));
  }

  /**
   * Delivers unless `key` was used in the last 24 hours: then the first message's id again for the
   * same body, and a conflict for another body (Resend's `invalid_idempotent_request`).
   */
  deliverOnce(input: SendInput, key: string | undefined): Delivery {
    if (!key) return { id: this.deliver(input).id };
    const now = Date.now();
    for (const [seen, entry] of this.keys) if (now - entry.at > IDEMPOTENCY_MS) this.keys.delete(seen);
    const body = createHash('sha256').update(JSON.stringify(input)).digest('hex');
    const earlier = this.keys.get(key);
    if (earlier) return earlier.body === body ? { id: earlier.id } : { conflict: earlier.id };
    return { id: this.keep(input, { key, body, at: now }).id };
  }

  /**
   * Stores a new message (and the key it came with): on disk first when there is a journal, so
   * that what the sender is told was delivered is still there, with its key, after a crash.
   */
  private keep(input: SendInput, key: ({ key: string } & Omit<KeyRecord, 'id'>) | null): StoredMessage {
    const message: StoredMessage = {
      id: randomUUID(),
      from: input.from,
      to: (Array.isArray(input.to) ? input.to : [input.to]).map((address) => address.trim()),
      subject: input.subject,
      text: input.text ?? '',
      html: input.html ?? null,
      attachments: (input.attachments ?? []).map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.content_type ?? 'application/octet-stream',
        content: Buffer.from(attachment.content, 'base64'),
        contentId: attachment.content_id ?? null,
      })),
      receivedAt: new Date().toISOString(),
    };
    const record = key ? { ...key, id: message.id } : undefined;
    this.journal?.append({ message: toJournal(message), key: record });
    this.remember(message);
    if (record) this.keys.set(record.key, { id: record.id, body: record.body, at: record.at });
    if (this.journal && this.journal.size > 2 * (this.capacity + this.keys.size)) this.compact(this.journal);
    return message;
  }

  private remember(message: StoredMessage): void {
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, this.capacity);
  }

  /** Rewrites the journal to the messages kept (oldest first) and the keys still remembered. */
  private compact(journal: MailboxJournal): void {
    const keyOf = new Map([...this.keys].map(([key, record]) => [record.id, { key, ...record }]));
    const kept = new Set(this.messages.map((message) => message.id));
    journal.rewrite([
      ...[...this.messages].reverse().map((message) => ({ message: toJournal(message), key: keyOf.get(message.id) })),
      ...[...keyOf.values()].filter((record) => !kept.has(record.id)).map((record) => ({ key: record })),
    ]);
  }

  /** Newest first; only those addressed to `to` (any case) when given. */
  list(to?: string): MailMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages
      .filter((message) => !wanted || message.to.some((address) => addressOf(address) === wanted))
      .map(publicView);
  }

  get(id: string): MailMessage | undefined {
    const message = this.messages.find((candidate) => candidate.id === id);
    return message ? publicView(message) : undefined;
  }

  /**
   * The message's HTML as a mail client shows it: each `cid:` image it refers to (an attachment
   * with that content id) in place, as a data URL, so the frame loads nothing.
   */
  shownHtml(id: string): string | null {
    const message = this.messages.find((candidate) => candidate.id === id);
    if (!message?.html) return null;
    return message.html.replace(
      /(\ssrc=["'])cid:([^"']+)(["'])/gi,
      (whole, before: string, cid: string, after: string) => {
        const image = message.attachments.find(
          (attachment) => attachment.contentId === cid && attachment.contentType.startsWith('image/'),
        );
        return image ? `${before}data:${image.contentType};base64,${image.content.toString('base64')}${after}` : whole;
      },
    );
  }

  attachment(id: string, index: number): StoredAttachment | undefined {
    return this.messages.find((candidate) => candidate.id === id)?.attachments[index];
  }
}

function toJournal(message: StoredMessage): NonNullable<JournalEntry['message']> {
  return {
    ...message,
    attachments: message.attachments.map((attachment) => ({
      ...attachment,
      content: attachment.content.toString('base64'),
    })),
  };
}

function fromJournal(message: NonNullable<JournalEntry['message']>): StoredMessage {
  return {
    ...message,
    attachments: message.attachments.map((attachment) => ({
      ...attachment,
      content: Buffer.from(attachment.content, 'base64'),
    })),
  };
}

/** `Name <a@b>` or `a@b` → `a@b`, lowercased. */
function addressOf(recipient: string): string {
  const angled = /<([^>]+)>/.exec(recipient);
  return (angled?.[1] ?? recipient).trim().toLowerCase();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text with its http(s) links made clickable, everything else escaped. */
function linkified(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem;color:#111827}
a{color:#1d4ed8}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #d1d5db}
pre{white-space:pre-wrap;word-break:break-word;background:#f3f4f6;padding:1rem;border-radius:.5rem}
dt{font-weight:600}dd{margin:0 0 .5rem}ul{margin:0;padding-left:1.25rem}
iframe{display:block;width:100%;height:40rem;resize:vertical;border:1px solid #d1d5db;border-radius:.5rem;background:#fff}
</style></head><body><main>${body}</main></body></html>`;
}

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

function attachmentLinks(message: MailMessage): string {
  return `<ul>${message.attachments
    .map(
      (attachment) =>
        `<li><a href="${escapeHtml(attachment.url)}" download>${escapeHtml(attachment.filename)}</a> ` +
        `(${escapeHtml(attachment.contentType)}, ${formatSize(attachment.size)})</li>`,
    )
    .join('')}</ul>`;
}

function listPage(messages: MailMessage[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.receivedAt.replace('T', ' ').slice(0, 19))}</td>` +
        `<td>${escapeHtml(message.to.join(', '))}</td>` +
        `<td><a href="/mailbox/${message.id}">${escapeHtml(message.subject || '(no subject)')}</a></td>` +
        `<td>${message.attachments.map((attachment) => escapeHtml(attachment.filename)).join(', ')}</td></tr>`,
    )
    .join('');
  return page(
    'Mailbox',
    `<h1>Mailbox</h1><p>Mail sent by the local backend (admin invites, messages to guests). It is kept in memory until the backend stops.</p>` +
      (messages.length === 0
        ? '<p>No mail yet.</p>'
        : '<table><thead><tr><th scope="col">Received (UTC)</th><th scope="col">To</th><th scope="col">Subject</th>' +
          `<th scope="col">Attachments</th></tr></thead><tbody>${rows}</tbody></table>`),
  );
}

function messagePage(message: MailMessage): string {
  const attachments = message.attachments.length > 0 ? `<dt>Attachments</dt><dd>${attachmentLinks(message)}</dd>` : '';
  const html = message.html
    ? `<h2>As HTML</h2><iframe title="The message as HTML" src="/mailbox/${message.id}/html"></iframe>`
    : '<p>This message has no HTML version.</p>';
  return page(
    message.subject || 'Message',
    `<p><a href="/mailbox">← Mailbox</a></p><h1>${escapeHtml(message.subject || '(no subject)')}</h1>` +
      `<dl><dt>From</dt><dd>${escapeHtml(message.from)}</dd><dt>To</dt><dd>${escapeHtml(message.to.join(', '))}</dd>` +
      `<dt>Received</dt><dd>${escapeHtml(message.receivedAt)}</dd>${attachments}</dl>` +
      `${html}<h2>As plain text</h2><pre>${linkified(message.text)}</pre>`,
  );
}

/**
 * What the frame of a message's HTML may do: run no script, send no form, load nothing but inline
 * styles and images, and be framed by the mailbox only; links open in a new tab (the base target).
 * A policy rather than a sandboxed frame: accessibility checkers (axe) cannot look into a sandbox.
 */
const MAIL_HTML_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; form-action 'none'; frame-ancestors 'self'";

function withLinksInNewTabs(html: string): string {
  const head = /<head[^>]*>/i.exec(html);
  const base = '<base target="_blank">';
  return head
    ? `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}`
    : `${base}${html}`;
}

/** `attachment; filename="..."` with an ASCII fallback and the exact name in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const notFound = () => page('Not found', '<p>No such message. <a href="/mailbox">Mailbox</a></p>');

/**
 * What the mailbox's own pages may do: show their inline styles, the frame of a message's HTML
 * (served here) and nothing else; no script, no form, never framed by another page.
 */
const MAILBOX_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self' data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

export interface MailboxRouteSettings extends LocalOnlySettings {
  /** What senders present as `Authorization: Bearer <key>` (the functions get it as MAIL_API_KEY). */
  key: string;
}

/**
 * The /mailbox app: mount it with `app.route('/mailbox', createMailboxRoutes(mailbox, settings))`.
 * It answers this machine only (server/http/local-only.ts) and sends no CORS headers.
 */
export function createMailboxRoutes(mailbox: LocalMailbox, settings: MailboxRouteSettings): Hono {
  const { key } = settings;
  const app = new Hono();
  app.use('*', localOnly(settings));
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Content-Security-Policy', MAILBOX_PAGE_POLICY);
    await next();
  });

  app.post('/api/emails', async (c) => {
    if (c.req.header('authorization') !== `Bearer ${key}`) {
      return c.json({ name: 'invalid_api_key', message: 'API key is invalid' }, 401);
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ name: 'validation_error', message: 'The body must be JSON' }, 422);
    }
    const parsed = SendBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json({ name: 'validation_error', message: `${issue?.path.join('.')}: ${issue?.message}` }, 422);
    }
    // As a provider refuses a recipient whose domain takes no mail: `.invalid` never does (RFC 6761).
    // So a developer, or a test, can see what the back office shows of a guest's mail that is refused.
    if ([parsed.data.to].flat().some((address) => /\.invalid$/i.test(address.trim()))) {
      return c.json(
        { name: 'validation_error', message: "Invalid `to` field: the recipient's domain takes no mail" },
        422,
      );
    }
    const delivery = mailbox.deliverOnce(parsed.data, c.req.header('idempotency-key') || undefined);
    if ('conflict' in delivery) {
      return c.json(
        { name: 'invalid_idempotent_request', message: 'Same idempotency key used with a different request payload.' },
        409,
      );
    }
    return c.json({ id: delivery.id });
  });
  app.get('/api/messages', (c) => c.json(mailbox.list(c.req.query('to'))));
  app.get('/api/messages/:id', (c) => {
    const message = mailbox.get(c.req.param('id'));
    return message ? c.json(message) : c.json({ message: 'No such message' }, 404);
  });
  app.get('/', (c) => c.html(listPage(mailbox.list())));
  app.get('/:id', (c) => {
    const message = mailbox.get(c.req.param('id'));
    return message ? c.html(messagePage(message)) : c.html(notFound(), 404);
  });
  app.get('/:id/html', (c) => {
    const html = mailbox.shownHtml(c.req.param('id'));
    if (!html) return c.html(notFound(), 404);
    c.header('Content-Security-Policy', MAIL_HTML_POLICY);
    return c.html(withLinksInNewTabs(html));
  });
  app.get('/:id/attachments/:index', (c) => {
    const attachment = mailbox.attachment(c.req.param('id'), Number(c.req.param('index')));
    if (!attachment) return c.html(notFound(), 404);
    return c.body(new Uint8Array(attachment.content), 200, {
      'Content-Type': attachment.contentType,
      'Content-Disposition': contentDisposition(attachment.filename),
      'Content-Security-Policy': "sandbox; default-src 'none'",
    });
  });
  return app;
}

/** LOCAL_MAILBOX from the environment: on unless it says off (`off`, `false`, `0`, `no`). */
export function localMailboxFromEnv(env: NodeJS.ProcessEnv): boolean {
  const value = env.LOCAL_MAILBOX?.trim().toLowerCase();
  if (!value || ['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  throw new Error(`LOCAL_MAILBOX must be on or off, not '${env.LOCAL_MAILBOX}'`);
}
