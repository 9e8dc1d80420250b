/**
 * The local backend's mail catcher, in the spirit of the Supabase CLI's Inbucket: messages that the
 * server functions send (admin invite links, later the guests' messages) land here instead of going
 * out, and a developer reads them in the browser at `/mailbox`.
 *
 * The functions send mail through one adapter (supabase/functions/_shared/mail.ts) that speaks a
 * Resend-style HTTP API (`POST <MAIL_API_URL>/emails` with a bearer key). On a hosted project that
 * URL is a real mail provider's; locally it is `<API URL>/mailbox/api`, served here. So the code that
 * sends is the same in both places, and tests read what was sent from `/mailbox/api/messages`.
 *
 * Mail holds secrets (invite links), so every route answers only clients on this machine (loopback),
 * even when `npm start` listens on all interfaces, and sending needs the key. Messages are kept in
 * memory, newest first, up to a limit: like Inbucket, a restart empties the mailbox.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { Hono, type Context } from 'hono';
import { z } from 'zod';

export interface MailMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** ISO time the mailbox received it. */
  receivedAt: string;
}

const Address = z.string().trim().min(3).max(320);

/** The body of `POST /emails`, as Resend's API takes it (the fields the functions use). */
const SendBody = z.object({
  from: Address,
  to: z.union([Address, z.array(Address).min(1).max(50)]),
  subject: z.string().max(998),
  text: z.string().max(200_000).optional(),
  html: z.string().max(500_000).optional(),
});

export class LocalMailbox {
  private readonly messages: MailMessage[] = [];

  constructor(private readonly capacity = 500) {}

  deliver(input: z.infer<typeof SendBody>): MailMessage {
    const message: MailMessage = {
      id: randomUUID(),
      from: input.from,
      to: (Array.isArray(input.to) ? input.to : [input.to]).map((address) => address.trim()),
      subject: input.subject,
      text: input.text ?? '',
      html: input.html ?? null,
      receivedAt: new Date().toISOString(),
    };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, this.capacity);
    return message;
  }

  /** Newest first; only those addressed to `to` (any case) when given. */
  list(to?: string): MailMessage[] {
    if (!to) return [...this.messages];
    const wanted = to.trim().toLowerCase();
    return this.messages.filter((message) => message.to.some((address) => addressOf(address) === wanted));
  }

  get(id: string): MailMessage | undefined {
    return this.messages.find((message) => message.id === id);
  }
}

/** `Name <a@b>` or `a@b` → `a@b`, lowercased. */
function addressOf(recipient: string): string {
  const angled = /<([^>]+)>/.exec(recipient);
  return (angled?.[1] ?? recipient).trim().toLowerCase();
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

function remoteAddress(c: Context): string | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
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
dt{font-weight:600}dd{margin:0 0 .5rem}
</style></head><body>${body}</body></html>`;
}

function listPage(messages: MailMessage[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.receivedAt.replace('T', ' ').slice(0, 19))}</td>` +
        `<td>${escapeHtml(message.to.join(', '))}</td>` +
        `<td><a href="/mailbox/${message.id}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Mailbox',
    `<h1>Mailbox</h1><p>Mail sent by the local backend. It is kept in memory until the backend stops.</p>` +
      (messages.length === 0
        ? '<p>No mail yet.</p>'
        : `<table><thead><tr><th scope="col">Received (UTC)</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`),
  );
}

function messagePage(message: MailMessage): string {
  return page(
    message.subject || 'Message',
    `<p><a href="/mailbox">← Mailbox</a></p><h1>${escapeHtml(message.subject || '(no subject)')}</h1>` +
      `<dl><dt>From</dt><dd>${escapeHtml(message.from)}</dd><dt>To</dt><dd>${escapeHtml(message.to.join(', '))}</dd>` +
      `<dt>Received</dt><dd>${escapeHtml(message.receivedAt)}</dd></dl><pre>${linkified(message.text)}</pre>`,
  );
}

/**
 * The /mailbox app: mount it with `app.route('/mailbox', createMailboxRoutes(mailbox, key))`.
 * `key` is what senders present as `Authorization: Bearer <key>` (the functions get it as MAIL_API_KEY).
 */
export function createMailboxRoutes(mailbox: LocalMailbox, key: string): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!isLoopback(remoteAddress(c))) return c.json({ message: 'The mailbox answers only this machine' }, 403);
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
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
    return c.json({ id: mailbox.deliver(parsed.data).id });
  });
  app.get('/api/messages', (c) => c.json(mailbox.list(c.req.query('to'))));
  app.get('/api/messages/:id', (c) => {
    const message = mailbox.get(c.req.param('id'));
    return message ? c.json(message) : c.json({ message: 'No such message' }, 404);
  });
  app.get('/', (c) => c.html(listPage(mailbox.list())));
  app.get('/:id', (c) => {
    const message = mailbox.get(c.req.param('id'));
    return message
      ? c.html(messagePage(message))
      : c.html(page('Not found', '<p>No such message. <a href="/mailbox">Mailbox</a></p>'), 404);
  });
  return app;
}
