/**
 * A small SMTP server on loopback standing in for a mail provider's: it speaks enough of RFC 5321
 * (EHLO, STARTTLS, AUTH PLAIN and LOGIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT) for the mail adapter's
 * SMTP client, records every session (what came over the wire, with TLS or not), and can refuse a
 * step or fall silent, so tests can check what a real server would receive and how the client
 * takes a refusal. Its certificate is a self-signed one for localhost and 127.0.0.1 (valid
 * 2020-2120), made for these tests only; clients trust it through `ca`.
 */
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { TLSSocket, createServer as createTlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';

export const FAKE_SMTP_CERT = `-----BEGIN CERTIFICATE-----
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
const FAKE_SMTP_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQxR6sjHYNaNLZZWE
f5PYWSArgXy/Y/mnxqEK9puTaoyhRANCAASXQqjTVms2RrAhEtZQthLesrxP5X32
jmTbY6KWaMuYT4vCoO08H41fFX/CfrxkHmKs8dhbe/L9BY3v2a6wWcCA
-----END PRIVATE KEY-----
`;

export interface SmtpSession {
  /** The names the client gave in EHLO, in order (again after STARTTLS). */
  ehlo: string[];
  /** True once the connection is encrypted (from the start, or after STARTTLS). */
  tls: boolean;
  auth: { mechanism: string; user: string; password: string; overTls: boolean } | null;
  mailFrom: string | null;
  rcptTo: string[];
  /** The message's lines as they came over the wire, dot-stuffed, joined with CRLF. */
  wireData: string | null;
  /** The message as the server keeps it: transparency dots removed, CRLF line endings. */
  message: string | null;
  /** Every command verb in order ('EHLO', 'STARTTLS', 'AUTH', ...). */
  verbs: string[];
}

/** A step the server refuses with the given reply, e.g. `{ RCPT: '550 5.1.1 No such mailbox' }`. */
export type SmtpRefusals = Partial<Record<'GREETING' | 'MAIL' | 'RCPT' | 'DATA' | 'MESSAGE' | 'AUTH', string>>;

export interface FakeSmtpOptions {
  /** 'starttls' offers STARTTLS, 'implicit' speaks TLS from the first byte; none by default. */
  tls?: 'none' | 'starttls' | 'implicit';
  /** The AUTH mechanisms it offers (PLAIN and LOGIN by default); the login it accepts. */
  authMechanisms?: string[];
  login?: { user: string; password: string };
  refuse?: SmtpRefusals;
  /** Stops answering at this verb ('GREETING' for none at all), for deadlines. */
  silentAt?: string;
}

export interface FakeSmtpServer {
  host: string;
  port: number;
  sessions: SmtpSession[];
  close(): Promise<void>;
}

function newSession(tls: boolean): SmtpSession {
  return { ehlo: [], tls, auth: null, mailFrom: null, rcptTo: [], wireData: null, message: null, verbs: [] };
}

const fromBase64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtpServer> {
  const mode = options.tls ?? 'none';
  const mechanisms = options.authMechanisms ?? ['PLAIN', 'LOGIN'];
  const refuse = options.refuse ?? {};
  const sessions: SmtpSession[] = [];
  const sockets = new Set<Socket>();

  const serve = (initial: Socket) => {
    const session = newSession(mode === 'implicit');
    sessions.push(session);
    let socket = initial;
    let buffer = '';
    let dataLines: string[] | null = null;
    let loginStep: 'user' | 'password' | null = null;
    let loginUser = '';
    let silent = false;

    const send = (line: string) => {
      if (!silent) socket.write(`${line}\r\n`);
    };
    const checkLogin = (mechanism: string, user: string, password: string) => {
      session.auth = { mechanism, user, password, overTls: session.tls };
      const ok = !options.login || (options.login.user === user && options.login.password === password);
      send(
        refuse.AUTH ?? (ok ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid'),
      );
    };

    const onLine = (line: string) => {
      if (dataLines) {
        if (line === '.') {
          session.wireData = dataLines.join('\r\n');
          session.message = `${dataLines.map((l) => (l.startsWith('.') ? l.slice(1) : l)).join('\r\n')}\r\n`;
          dataLines = null;
          send(refuse.MESSAGE ?? '250 2.0.0 Ok: queued as FAKE123');
        } else {
          dataLines.push(line);
        }
        return;
      }
      if (loginStep === 'user') {
        loginUser = fromBase64(line);
        loginStep = 'password';
        send('334 UGFzc3dvcmQ6');
        return;
      }
      if (loginStep === 'password') {
        loginStep = null;
        checkLogin('LOGIN', loginUser, fromBase64(line));
        return;
      }
      const [verb = '', ...rest] = line.split(' ');
      const upper = verb.toUpperCase();
      session.verbs.push(upper);
      if (options.silentAt === upper) silent = true;
      const argument = rest.join(' ');
      switch (upper) {
        case 'EHLO': {
          session.ehlo.push(argument);
          const offers = [`250-fake.smtp.test greets ${argument}`];
          if (mode === 'starttls' && !session.tls) offers.push('250-STARTTLS');
          if (mechanisms.length > 0) offers.push(`250-AUTH ${mechanisms.join(' ')}`);
          offers.push('250 8BITMIME');
          for (const offer of offers) send(offer);
          return;
        }
        case 'STARTTLS': {
          send('220 2.0.0 Ready to start TLS');
          socket.removeListener('data', onData);
          const secured = new TLSSocket(socket, { isServer: true, key: FAKE_SMTP_KEY, cert: FAKE_SMTP_CERT });
          secured.on('error', () => undefined);
          secured.on('data', onData);
          socket = secured;
          session.tls = true;
          return;
        }
        case 'AUTH': {
          const [mechanism = '', initial] = rest;
          if (mechanism.toUpperCase() === 'PLAIN' && initial) {
            const [, user = '', password = ''] = fromBase64(initial).split('\u0000');
            checkLogin('PLAIN', user, password);
          } else if (mechanism.toUpperCase() === 'LOGIN') {
            loginStep = 'user';
            send('334 VXNlcm5hbWU6');
          } else {
            send('504 5.5.4 Unrecognized authentication type');
          }
          return;
        }
        case 'MAIL':
          session.mailFrom = /^FROM:<([^>]*)>/i.exec(argument)?.[1] ?? argument;
          send(refuse.MAIL ?? '250 2.1.0 Ok');
          return;
        case 'RCPT':
          session.rcptTo.push(/^TO:<([^>]*)>/i.exec(argument)?.[1] ?? argument);
          send(refuse.RCPT ?? '250 2.1.5 Ok');
          return;
        case 'DATA':
          if (refuse.DATA) return send(refuse.DATA);
          dataLines = [];
          send('354 End data with <CR><LF>.<CR><LF>');
          return;
        case 'RSET':
        case 'NOOP':
          send('250 2.0.0 Ok');
          return;
        case 'QUIT':
          send('221 2.0.0 Bye');
          // Silent means silent: no answer, and the connection stays open (a server that hangs).
          if (!silent) socket.end();
          return;
        default:
          send('502 5.5.2 Command not recognized');
      }
    };

    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        onLine(line);
      }
    };

    initial.on('data', onData);
    initial.on('error', () => undefined);
    if (options.silentAt === 'GREETING') silent = true;
    send(refuse.GREETING ?? '220 fake.smtp.test ESMTP ready');
  };

  const server: Server =
    mode === 'implicit' ? createTlsServer({ key: FAKE_SMTP_KEY, cert: FAKE_SMTP_CERT }, serve) : createTcpServer(serve);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    sessions,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface MimePart {
  headers: Map<string, string>;
  /** The body as it came (still encoded). */
  raw: string;
  /** The decoded body: text for text parts, bytes as latin1 otherwise. */
  body: string;
  parts: MimePart[];
}

/** Unfolded headers, lower-case names. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r\n/g, '');
  for (let index = 0; index < soft.length; index += 1) {
    if (soft[index] === '=' && /^[0-9A-F]{2}$/.test(soft.slice(index + 1, index + 3))) {
      bytes.push(parseInt(soft.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(soft.charCodeAt(index));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A MIME message split into its parts and decoded (quoted-printable and base64 bodies, UTF-8), for
 * assertions: just enough of RFC 2045-2046 to read what the adapter writes.
 */
export function parseMime(message: string): MimePart {
  const split = message.indexOf('\r\n\r\n');
  const headers = parseHeaders(message.slice(0, split));
  const raw = message.slice(split + 4);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="([^"]+)"/.exec(type)?.[1];
  if (boundary) {
    const sections = raw.split(`--${boundary}`);
    const parts = sections.slice(1, -1).map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, raw, body: '', parts };
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const body =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(raw)
      : encoding === 'base64'
        ? Buffer.from(raw.replace(/\r\n/g, ''), 'base64').toString('utf8')
        : raw;
  return { headers, raw, body, parts: [] };
}

/** An RFC 2047 header value decoded ('=?UTF-8?B?...?=' words, folding between them dropped). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, encoded: string) => Buffer.from(encoded, 'base64').toString('utf8'));
}
