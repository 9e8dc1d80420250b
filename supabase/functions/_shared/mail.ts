/**
 * The one way the server functions send e-mail, through the provider that MAIL_PROVIDER names:
 *
 * - `http` (the default): a Resend-style HTTP API, `POST <MAIL_API_URL>/emails` with
 *   `Authorization: Bearer <MAIL_API_KEY>` and `{ from, to, subject, text, html, attachments }`
 *   (attachments as `{ filename, content: <base64>, content_type }`, and `content_id` for an image
 *   the HTML shows inline as `cid:<content_id>`), and an `Idempotency-Key`
 *   header when the caller gives one, so that a retried send is not delivered twice. Providers such
 *   as Resend answer this call as is, and the local backend serves the same endpoint in its mailbox
 *   (server/mail/mailbox.ts), which `npm start` and the tests use.
 * - `smtp`: any SMTP server (SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASSWORD), through
 *   nodemailer (docs/decisions/021-mail-through-nodemailer.md), which builds the MIME message and
 *   speaks SMTP, with STARTTLS whenever the server offers it. What is ours is the policy around it:
 *   the password never goes over a connection without TLS unless the server is on this machine;
 *   certificates are checked; every step has a deadline; a sender or recipient that could change
 *   an SMTP command is refused before a connection is opened; a failure is a `MailNotSent` with the
 *   server's code and words, never the credentials. Hosted edge functions may not open ports 25 or
 *   587: on hosted Supabase use port 465 (implicit TLS). SMTP has no idempotency key: the message's
 *   key becomes its Message-ID, which SMTP does not use to drop repeats (a few mailboxes hide a
 *   second copy with the same one; most show it), so a message sent again is delivered again. A
 *   sender that stops after the server's '250' to the message and before recording it as sent (a
 *   crash) therefore repeats that message; nodemailer resolves at that '250' and closes the
 *   connection without waiting for a goodbye, which keeps that moment short.
 *
 * MAIL_FROM is the sender ('CDO Vision <events@example.com>'), an address the provider allows.
 * Settings are read at each send, so a changed secret takes effect at once.
 */
import { Buffer } from 'node:buffer';
import { createTransport, type NodemailerError } from 'nodemailer';
import { readEnv, requireEnv } from './env.ts';

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

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: readonly MailAttachment[];
  /**
   * Names this message for the provider, so that sending it again (after a lost answer, or a sender
   * that stopped halfway) does not deliver it twice: the HTTP API's Idempotency-Key (Resend keeps
   * it 24 hours). With SMTP it only becomes the Message-ID: a server delivers a repeat all the same.
   */
  idempotencyKey?: string;
}

/** The provider refused the message or could not be reached. */
export class MailNotSent extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailNotSent';
  }
}

/** The SMTP provider's settings; sendMail reads them from the environment at each send. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS whenever the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  /** Deadline of each step (the DNS lookup, connecting, the greeting, each reply), milliseconds. */
  timeoutMs: number;
  /** Extra trust anchors (PEM), for a server whose certificate a private CA signed. */
  ca?: string;
}

const SEND_TIMEOUT_MS = 15_000;
const SMTP_STEP_TIMEOUT_MS = 20_000;

/**
 * Sends one message; resolves with the provider's id for it (with SMTP, its Message-ID), throws
 * `MailNotSent` otherwise.
 */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const provider = readEnv('MAIL_PROVIDER') ?? 'http';
  if (provider === 'http') return sendOverHttp(mail);
  if (provider === 'smtp') return sendOverSmtp(mail, smtpSettings());
  throw new MailNotSent(`MAIL_PROVIDER must be 'http' or 'smtp', not '${provider}'`);
}

async function sendOverHttp(mail: OutgoingMail): Promise<string> {
  const base = requireEnv('MAIL_API_URL').replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${requireEnv('MAIL_API_KEY')}`,
        'Content-Type': 'application/json',
        ...(mail.idempotencyKey ? { 'Idempotency-Key': mail.idempotencyKey } : {}),
      },
      body: JSON.stringify({
        from: requireEnv('MAIL_FROM'),
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((attachment) => ({
                filename: attachment.filename,
                content: Buffer.from(attachment.content).toString('base64'),
                content_type: attachment.contentType,
                ...(attachment.contentId ? { content_id: attachment.contentId } : {}),
              })),
            }
          : {}),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new MailNotSent(
      `the mail provider could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const answer = (await response.json().catch(() => null)) as {
    id?: unknown;
    name?: unknown;
    message?: unknown;
  } | null;
  // The key was used before with another body (a template changed between two tries): the
  // provider took this message then, and will not send it again.
  if (response.status === 409 && answer?.name === 'invalid_idempotent_request' && mail.idempotencyKey) {
    return mail.idempotencyKey;
  }
  if (!response.ok || typeof answer?.id !== 'string') {
    throw new MailNotSent(
      `the mail provider refused the message (${response.status}): ${String(answer?.message ?? '')}`,
    );
  }
  return answer.id;
}

/** 'true'/'false' (or 1/0, yes/no); `fallback` when unset. */
function flag(name: string, fallback: boolean): boolean {
  const value = readEnv(name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new MailNotSent(`${name} must be true or false, not '${value}'`);
}

/** The SMTP settings from the environment; a setting that makes no sense is a `MailNotSent`. */
function smtpSettings(): SmtpSettings {
  const host = readEnv('SMTP_HOST');
  if (!host) throw new MailNotSent('MAIL_PROVIDER is smtp, but SMTP_HOST is not set');
  const portText = readEnv('SMTP_PORT') ?? '465';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new MailNotSent(`SMTP_PORT must be a port number, not '${portText}'`);
  }
  const user = readEnv('SMTP_USER');
  const password = readEnv('SMTP_PASSWORD');
  if ((user === undefined) !== (password === undefined)) {
    throw new MailNotSent('SMTP_USER and SMTP_PASSWORD go together: set both or neither');
  }
  return { host, port, secure: flag('SMTP_SECURE', port === 465), user, password, timeoutMs: SMTP_STEP_TIMEOUT_MS };
}

/** True for a host on this machine: localhost, 127.0.0.0/8, ::1. */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Without implicit TLS, a login waits for STARTTLS: a server that does not offer it gets no
 * password, unless it is on this machine (a local relay, a test's server).
 */
function loginNeedsStartTls(settings: SmtpSettings): boolean {
  return settings.user !== undefined && !settings.secure && !isLoopbackHost(settings.host);
}

/**
 * An address as it may stand between the angle brackets of MAIL FROM or RCPT TO: printable ASCII
 * with no space and no angle bracket. A line break would end the command and start another of the
 * caller's choosing (another recipient, say), a '>' or a space would add parameters to it, and
 * anything beyond ASCII needs SMTPUTF8. Nodemailer itself refuses only line breaks and angle
 * brackets, so this stricter check stays ours.
 */
const ENVELOPE_ADDRESS = /^[\x21-\x3b\x3d\x3f-\x7e]{1,320}$/;

function envelopeAddress(role: 'sender' | 'recipient', address: string): string {
  if (!ENVELOPE_ADDRESS.test(address)) {
    throw new MailNotSent(
      `the ${role} ${JSON.stringify(address.slice(0, 100))} is not an address that can go into an SMTP command`,
    );
  }
  return address;
}

/** MAIL_FROM, 'Name <address>' or a bare address, split; the address checked for the envelope. */
function sender(from: string): { name: string; address: string } {
  const angled = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!angled) return { name: '', address: envelopeAddress('sender', from.trim()) };
  return { name: angled[1]!.replace(/^"(.*)"$/, '$1').trim(), address: envelopeAddress('sender', angled[2]!) };
}

/** What a step of the exchange is called in an error, from the command nodemailer names. */
function stepName(error: Partial<NodemailerError>, recipient: string): string {
  const command = error.command ?? '';
  if (command.startsWith('AUTH')) return 'the credentials';
  if (command === 'MAIL FROM') return 'the sender';
  if (command === 'RCPT TO') return `the recipient ${recipient}`;
  if (command === 'DATA') return error.code === 'EMESSAGE' ? 'the message' : 'DATA';
  return command || 'the connection';
}

/**
 * A failed send as a `MailNotSent`: the server's code and words when it answered with a refusal
 * (4xx: try again later; 5xx: refused). Built from the reply and the step, never from the commands
 * sent, which carry the credentials.
 */
function notSent(error: unknown, settings: SmtpSettings, recipient: string): MailNotSent {
  const where = `${settings.host}:${settings.port}`;
  const failure: Partial<NodemailerError> = error instanceof Error ? error : {};
  if (typeof failure.responseCode === 'number' && typeof failure.response === 'string') {
    const code = failure.responseCode;
    const kind = code >= 500 ? 'refused' : code >= 400 ? 'deferred (try again later)' : 'did not accept';
    const words = failure.response.replace(/^\d{3}[ -]?/, '').slice(0, 500);
    const hint =
      failure.command === 'STARTTLS' && loginNeedsStartTls(settings)
        ? ' (the password is not sent without TLS: use port 465 with SMTP_SECURE=true, or a server that offers STARTTLS)'
        : '';
    return new MailNotSent(
      `the SMTP server ${where} ${kind} ${stepName(failure, recipient)} (${code}): ${words}${hint}`,
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (failure.code === 'ETIMEDOUT') {
    return new MailNotSent(`the SMTP server ${where} did not answer in time (${settings.timeoutMs} ms): ${reason}`);
  }
  return new MailNotSent(`the SMTP server ${where} did not take the message: ${reason}`);
}

/**
 * Sends one message over SMTP with these settings (sendMail reads them from the environment; tests
 * give their own deadlines and trust anchors); resolves with its Message-ID.
 */
export async function sendOverSmtp(mail: OutgoingMail, settings: SmtpSettings): Promise<string> {
  // Refused before a connection is opened, whatever the callers checked before.
  const from = sender(requireEnv('MAIL_FROM'));
  const recipient = envelopeAddress('recipient', mail.to);
  // The sender's domain: a name the server can tell apart, and one that our mail claims anyway.
  const domain = from.address.split('@')[1] || 'localhost';
  const messageId = `${mail.idempotencyKey ?? crypto.randomUUID()}@${domain}`;
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: loginNeedsStartTls(settings),
    auth: settings.user !== undefined ? { user: settings.user, pass: settings.password } : undefined,
    name: domain,
    tls: { ca: settings.ca },
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    dnsTimeout: settings.timeoutMs,
    // A message is built from what the caller gives, never from a file or URL named in it.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    await transport.sendMail({
      from,
      to: { name: '', address: recipient },
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments?.map((attachment) => ({
        filename: attachment.filename,
        content: typeof attachment.content === 'string' ? attachment.content : Buffer.from(attachment.content),
        contentType: attachment.contentType,
        cid: attachment.contentId,
      })),
      messageId,
      envelope: { from: from.address, to: [recipient] },
    });
  } catch (error) {
    throw notSent(error, settings, recipient);
  } finally {
    transport.close();
  }
  return messageId;
}
