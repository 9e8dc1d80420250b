/**
 * An SMTP server for tests, standing in for a mail provider's: `smtp-server` from the nodemailer
 * project, a server implementation of its own (our client never wrote it), listening on loopback
 * unless told otherwise. It records every session (what the client said and whether TLS was on at
 * the time) and the message as it arrived, and can refuse a step or fall silent, so tests check
 * what a real server receives and how the adapter takes a refusal. Messages are read back with
 * `postal-mime`, a parser independent of the library that wrote them.
 *
 * Its certificate is a self-signed one for localhost and 127.0.0.1 (valid 2020-2120), made for
 * these tests only; clients trust it through `ca`.
 */
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export const TEST_SMTP_CERT = `-----BEGIN CERTIFICATE-----
MIIBhjCCASygAwIBAgIBATAKBggqhkjOPQQDAjAUMRIwEAYDVQQDDAlsb2NhbGhv
c3QwIBcNMjAwMTAxMDAwMDAwWhgPMjEyMDAxMDEwMDAwMDBaMBQxEjAQBgNVBAMM
CWxvY2FsaG9zdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABJdCqNNWazZGsCES
1lC2Et6yvE/lffaOZNtjopZoy5hPi8Kg7TwfjV8Vf8J+vGQeYqzx2Ft78v0Fje/Z
rrBZwICjbTBrMBoGA1UdEQQTMBGCCWxvY2FsaG9zdIcEfwAAATAMBgNVHRMBAf8E
AjAAMAsGA1UdDwQEAwIHgDATBgNVHSUEDDAKBggrBgEFBQcDATAdBgNVHQ4EFgQU
WMVKHgCr+DAnKfKt6WCUQ8kQMAUwCgYIKoZIzj0EAwIDSAAwRQIhAMVxCf81SdjK
AnPoEc+C27uS7I+MHzDUzYu175EbgxgfAiAhUMeFMsIPR8jh2mIUxdUiQfef7soV
sy/GhVzQ8Xzhxg==
-----END CERTIFICATE-----
`;

// The key of the test certificate above; it protects nothing.
const TEST_SMTP_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQxR6sjHYNaNLZZWE
f5PYWSArgXy/Y/mnxqEK9puTaoyhRANCAASXQqjTVms2RrAhEtZQthLesrxP5X32
jmTbY6KWaMuYT4vCoO08H41fFX/CfrxkHmKs8dhbe/L9BY3v2a6wWcCA
-----END PRIVATE KEY-----
`;

export interface SmtpSession {
  /** The name the client gave in EHLO. */
  clientName: string | null;
  /** 'implicit' from the first byte, 'starttls' once the client upgraded, 'none' while in the clear. */
  tls: 'none' | 'starttls' | 'implicit';
  auth: { method: string; user: string; password: string; overTls: boolean } | null;
  mailFrom: string | null;
  rcptTo: string[];
  /** The message as the server keeps it (the transparency dots of the wire already removed). */
  message: Buffer | null;
}

/** A step the server refuses, with the reply's code and words, e.g. `{ RCPT: [550, 'No such mailbox'] }`. */
export type SmtpRefusals = Partial<Record<'AUTH' | 'MAIL' | 'RCPT' | 'MESSAGE', [code: number, words: string]>>;

export interface SmtpTestServerOptions {
  /** 'starttls' offers STARTTLS, 'implicit' speaks TLS from the first byte; none by default. */
  tls?: 'none' | 'starttls' | 'implicit';
  /** The only login it accepts; any login when unset. */
  login?: { user: string; password: string };
  refuse?: SmtpRefusals;
  /** Takes the whole message and never answers it, for deadlines. */
  silentAfterMessage?: boolean;
  /** The address to listen on; loopback by default. */
  host?: string;
}

export interface SmtpTestServer {
  host: string;
  port: number;
  /** One per connection, in order. */
  sessions: SmtpSession[];
  close(): Promise<void>;
}

function refusal([code, words]: [number, string]): Error {
  return Object.assign(new Error(words), { responseCode: code });
}

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const mode = options.tls ?? 'none';
  const refuse = options.refuse ?? {};
  const sessions: SmtpSession[] = [];
  const byId = new Map<string, SmtpSession>();
  const recordOf = (session: SMTPServerSession): SmtpSession => {
    const record = byId.get(session.id)!;
    record.clientName = session.hostNameAppearsAs || null;
    return record;
  };

  const server = new SMTPServer({
    secure: mode === 'implicit',
    key: TEST_SMTP_KEY,
    cert: TEST_SMTP_CERT,
    disabledCommands: mode === 'none' ? ['STARTTLS'] : [],
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 100,
    onConnect(session, callback) {
      const record: SmtpSession = {
        clientName: null,
        tls: mode === 'implicit' ? 'implicit' : 'none',
        auth: null,
        mailFrom: null,
        rcptTo: [],
        message: null,
      };
      byId.set(session.id, record);
      sessions.push(record);
      callback();
    },
    onSecure(_socket, session, callback) {
      const record = byId.get(session.id);
      if (record && record.tls === 'none') record.tls = 'starttls';
      callback();
    },
    onAuth(auth, session, callback) {
      const record = recordOf(session);
      const user = auth.username ?? '';
      const password = auth.password ?? '';
      record.auth = { method: auth.method, user, password, overTls: session.secure };
      if (refuse.AUTH) return callback(refusal(refuse.AUTH));
      const accepted = !options.login || (options.login.user === user && options.login.password === password);
      if (!accepted) return callback(refusal([535, '5.7.8 Authentication credentials invalid']));
      callback(null, { user });
    },
    onMailFrom(address, session, callback) {
      recordOf(session).mailFrom = address.address;
      callback(refuse.MAIL ? refusal(refuse.MAIL) : null);
    },
    onRcptTo(address, session, callback) {
      recordOf(session).rcptTo.push(address.address);
      callback(refuse.RCPT ? refusal(refuse.RCPT) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        recordOf(session).message = Buffer.concat(chunks);
        if (options.silentAfterMessage) return;
        callback(refuse.MESSAGE ? refusal(refuse.MESSAGE) : null);
      });
    },
  });
  server.on('error', () => undefined);

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host,
    port,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message as a mail client reads it: headers decoded, text and HTML, attachments as bytes. */
export function readMail(message: Buffer): Promise<Email> {
  return PostalMime.parse(message);
}
