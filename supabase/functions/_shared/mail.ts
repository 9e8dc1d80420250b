/**
 * The one way the server functions send e-mail: a Resend-style HTTP API, `POST <MAIL_API_URL>/emails`
 * with `Authorization: Bearer <MAIL_API_KEY>` and `{ from, to, subject, text, html }`.
 *
 * HTTP rather than SMTP because hosted edge functions may not open the usual SMTP ports (25, 587);
 * providers such as Resend answer this call as is, and the local backend serves the same endpoint in
 * its mailbox (server/mail/mailbox.ts), so the code that sends is the same everywhere. MAIL_FROM is the
 * sender ('CDO Vision <events@example.com>'), an address the provider allows.
 */
import { requireEnv } from './env.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The provider refused the message or could not be reached. */
export class MailNotSent extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailNotSent';
  }
}

const SEND_TIMEOUT_MS = 15_000;

/** Sends one message; resolves with the provider's id for it, throws `MailNotSent` otherwise. */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const base = requireEnv('MAIL_API_URL').replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/emails`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${requireEnv('MAIL_API_KEY')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from: requireEnv('MAIL_FROM'),
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new MailNotSent(
      `the mail provider could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const answer = (await response.json().catch(() => null)) as { id?: unknown; message?: unknown } | null;
  if (!response.ok || typeof answer?.id !== 'string') {
    throw new MailNotSent(
      `the mail provider refused the message (${response.status}): ${String(answer?.message ?? '')}`,
    );
  }
  return answer.id;
}
