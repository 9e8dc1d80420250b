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
 * - `smtp`: any SMTP server (SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASSWORD), with
 *   the message built as MIME (mime.ts) and sent by smtp.ts. Hosted edge functions may not open
 *   ports 25 or 587: on hosted Supabase use port 465 (implicit TLS). SMTP has no idempotency key:
 *   the message's key becomes its Message-ID, which SMTP does not use to drop repeats (a few
 *   mailboxes hide a second copy with the same one; most show it), so a message sent again is
 *   delivered again. A sender that stops after the server's '250' to the message and before
 *   recording it as sent (a crash) therefore repeats that message; sendSmtp resolves at that '250',
 *   without waiting for the goodbye, to keep that moment short.
 *
 * MAIL_FROM is the sender ('CDO Vision <events@example.com>'), an address the provider allows.
 * Settings are read at each send, so a changed secret takes effect at once.
 */
import { readEnv, requireEnv } from './env.ts';
import { base64, buildMimeMessage, parseMailbox, utf8, type MailAttachment } from './mime.ts';
import { SmtpError, sendSmtp, type SmtpSettings } from './smtp.ts';

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

const SEND_TIMEOUT_MS = 15_000;
const SMTP_STEP_TIMEOUT_MS = 20_000;

/**
 * Sends one message; resolves with the provider's id for it (with SMTP, its Message-ID), throws
 * `MailNotSent` otherwise.
 */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const provider = readEnv('MAIL_PROVIDER') ?? 'http';
  if (provider === 'http') return sendOverHttp(mail);
  if (provider === 'smtp') return sendOverSmtp(mail);
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
                content: base64(utf8(attachment.content)),
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
function smtpSettings(sender: string): SmtpSettings {
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
  return {
    host,
    port,
    secure: flag('SMTP_SECURE', port === 465),
    user,
    password,
    // The sender's domain: a name the server can tell apart, and one that our mail claims anyway.
    clientName: sender.split('@')[1] ?? 'localhost',
    timeoutMs: SMTP_STEP_TIMEOUT_MS,
  };
}

async function sendOverSmtp(mail: OutgoingMail): Promise<string> {
  const from = requireEnv('MAIL_FROM');
  const sender = parseMailbox(from).address;
  const settings = smtpSettings(sender);
  const messageId = `${mail.idempotencyKey ?? crypto.randomUUID()}@${sender.split('@')[1] ?? settings.clientName}`;
  const message = buildMimeMessage({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    messageId,
  });
  try {
    await sendSmtp(settings, { from: sender, to: [mail.to] }, message);
  } catch (error) {
    if (error instanceof SmtpError) throw new MailNotSent(error.message);
    throw error;
  }
  return messageId;
}
