/**
 * A small SMTP client (RFC 5321) for the mail adapter's SMTP provider: one connection per message,
 * EHLO, STARTTLS (RFC 3207), AUTH PLAIN or LOGIN (RFC 4954), MAIL FROM, RCPT TO, DATA, QUIT. Written
 * here rather than taken from a library because it runs in two runtimes: `node:net` and `node:tls`
 * exist both in Node (the local backend) and in Deno's edge runtime (hosted Supabase), where mail
 * libraries for Node do not all load.
 *
 * TLS: implicit from the first byte when `secure` (port 465), otherwise STARTTLS whenever the server
 * offers it. The password is never sent over a connection without TLS, unless the server is on this
 * machine (loopback: a local relay or a test's fake server). Certificates are checked against the
 * system's trust anchors (plus `ca` when given), for the configured host name.
 *
 * The sender and the recipients go into MAIL FROM and RCPT TO only when they cannot change the
 * command (no line break, control character, space, angle bracket or non-ASCII): anything else is
 * an SmtpError before a connection is opened, whatever the callers checked before.
 *
 * Every step has a deadline (connecting, and each reply), so a server that stops answering fails the
 * message instead of holding it. Any reply other than the expected one fails it with the server's
 * code and words (4xx: try again later; 5xx: refused), never with the credentials.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  /** The name this client gives in EHLO. */
  clientName: string;
  /** Deadline of each step (connecting, each reply), milliseconds. */
  timeoutMs: number;
  /** Extra trust anchors (PEM), for a server whose certificate a private CA signed. */
  ca?: string;
}

export interface SmtpEnvelope {
  from: string;
  to: readonly string[];
}

/** The exchange failed; `code` is the server's reply code when it answered with a refusal. */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'SmtpError';
  }
}

interface Reply {
  code: number;
  lines: string[];
}

/** True for a host on this machine: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Lines that begin with a dot get another (RFC 5321 4.5.2); line endings become CRLF. */
export function dotStuffed(message: string): string {
  const lines = message.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => (line.startsWith('.') ? `.${line}` : line)).join('\r\n');
}

/** One SMTP connection: writes commands, reads replies one at a time, each with a deadline. */
class SmtpConnection {
  private buffer = '';
  private decoder = new TextDecoder();
  private readonly lines: string[] = [];
  private waiter: (() => void) | null = null;
  private failure: Error | null = null;
  private detach: () => void = () => undefined;

  private constructor(
    private socket: Socket,
    private readonly timeoutMs: number,
    private readonly describe: string,
  ) {
    this.attach(socket);
  }

  /** Opens the connection, with TLS from the start when `secure`. */
  static open(settings: SmtpSettings): Promise<SmtpConnection> {
    const describe = `${settings.host}:${settings.port}`;
    return new Promise((resolve, reject) => {
      const socket = settings.secure
        ? connectTls({
            host: settings.host,
            port: settings.port,
            servername: serverName(settings.host),
            ca: settings.ca,
          })
        : connectTcp({ host: settings.host, port: settings.port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new SmtpError(`the SMTP server ${describe} could not be reached in time`));
      }, settings.timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(new SmtpError(`the SMTP server ${describe} could not be reached: ${error.message}`));
      };
      socket.once('error', fail);
      socket.once(settings.secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        socket.off('error', fail);
        resolve(new SmtpConnection(socket, settings.timeoutMs, describe));
      });
    });
  }

  private attach(socket: Socket): void {
    const onData = (chunk: Uint8Array) => {
      this.buffer += this.decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, end).replace(/\r$/, ''));
        this.buffer = this.buffer.slice(end + 1);
      }
      this.wake();
    };
    const onError = (error: Error) =>
      this.fail(new SmtpError(`the connection to ${this.describe} failed: ${error.message}`));
    const onClose = () => this.fail(new SmtpError(`the SMTP server ${this.describe} closed the connection`));
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    this.detach = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
    };
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  private async nextLine(deadline: number): Promise<string> {
    for (;;) {
      const line = this.lines.shift();
      if (line !== undefined) return line;
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new SmtpError(`the SMTP server ${this.describe} did not answer in time`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The next reply, all its lines ('250-...' continue it, '250 ...' ends it). */
  async reply(): Promise<Reply> {
    const deadline = Date.now() + this.timeoutMs;
    const lines: string[] = [];
    for (;;) {
      const line = await this.nextLine(deadline);
      const match = /^(\d{3})([ -]|$)(.*)$/.exec(line);
      if (!match)
        throw new SmtpError(`the SMTP server ${this.describe} sent something that is not SMTP: ${line.slice(0, 200)}`);
      lines.push(match[3]!);
      if (match[2] !== '-') return { code: Number(match[1]), lines };
    }
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** Sends a command and expects one of `codes`; `what` names it in errors (never the command, which may hold secrets). */
  async command(line: string, codes: readonly number[], what: string): Promise<Reply> {
    this.write(`${line}\r\n`);
    return this.expect(codes, what);
  }

  async expect(codes: readonly number[], what: string): Promise<Reply> {
    const reply = await this.reply();
    if (!codes.includes(reply.code)) {
      const kind = reply.code >= 500 ? 'refused' : reply.code >= 400 ? 'deferred (try again later)' : 'did not accept';
      throw new SmtpError(
        `the SMTP server ${this.describe} ${kind} ${what} (${reply.code}): ${reply.lines.join(' ').slice(0, 500)}`,
        reply.code,
      );
    }
    return reply;
  }

  /** Upgrades the connection to TLS after the server said yes to STARTTLS. */
  async startTls(settings: SmtpSettings): Promise<void> {
    // Anything the server sent after its yes arrived before the handshake, in the clear: someone in
    // the middle may have put it there (RFC 3207 section 6), so it must not be read as a reply.
    if (this.lines.length > 0 || this.buffer) {
      throw new SmtpError(`the SMTP server ${this.describe} sent data before the TLS handshake`);
    }
    this.detach();
    const plain = this.socket;
    const secured = await new Promise<Socket>((resolve, reject) => {
      const socket = connectTls({ socket: plain, servername: serverName(settings.host), ca: settings.ca });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new SmtpError(`the TLS handshake with ${this.describe} did not finish in time`));
      }, settings.timeoutMs);
      socket.once('error', (error: Error) => {
        clearTimeout(timer);
        reject(new SmtpError(`the TLS handshake with ${this.describe} failed: ${error.message}`));
      });
      socket.once('secureConnect', () => {
        clearTimeout(timer);
        resolve(socket);
      });
    });
    this.socket = secured;
    this.decoder = new TextDecoder();
    this.attach(secured);
  }

  close(): void {
    this.detach();
    this.socket.destroy();
  }
}

/** SNI takes host names only, never IP addresses. */
function serverName(host: string): string | undefined {
  return /^[\d.]+$|:/.test(host) ? undefined : host;
}

/** The keywords of an EHLO reply, e.g. STARTTLS, and AUTH with its mechanisms. */
function extensions(reply: Reply): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of reply.lines.slice(1)) {
    const [keyword, ...values] = line.trim().toUpperCase().split(/\s+/);
    if (keyword) found.set(keyword, values);
  }
  return found;
}

function base64Text(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

async function authenticate(
  connection: SmtpConnection,
  offered: Map<string, string[]>,
  user: string,
  password: string,
) {
  const mechanisms = offered.get('AUTH') ?? [];
  if (mechanisms.includes('PLAIN')) {
    await connection.command(`AUTH PLAIN ${base64Text(`\u0000${user}\u0000${password}`)}`, [235], 'the credentials');
  } else if (mechanisms.includes('LOGIN')) {
    await connection.command('AUTH LOGIN', [334], 'AUTH LOGIN');
    await connection.command(base64Text(user), [334], 'the user name');
    await connection.command(base64Text(password), [235], 'the credentials');
  } else {
    throw new SmtpError('the SMTP server offers no AUTH mechanism this client speaks (PLAIN, LOGIN)');
  }
}

/**
 * An address as it may stand between the angle brackets of MAIL FROM or RCPT TO: printable ASCII
 * with no space and no angle bracket. A line break would end the command and start another of the
 * caller's choosing (another recipient, say), a '>' would add parameters to it, and anything beyond
 * ASCII needs SMTPUTF8, which this client does not speak.
 */
const ENVELOPE_ADDRESS = /^[\x21-\x3b\x3d\x3f-\x7e]{1,320}$/;

/** Throws before anything is sent when an envelope address or the EHLO name could rewrite a command. */
function refuseUnsafeCommands(settings: SmtpSettings, envelope: SmtpEnvelope): void {
  const named = (value: string) => JSON.stringify(value.slice(0, 100));
  if (!ENVELOPE_ADDRESS.test(envelope.from)) {
    throw new SmtpError(`the sender ${named(envelope.from)} is not an address this client puts in a command`);
  }
  if (envelope.to.length === 0) throw new SmtpError('the message has no recipient');
  for (const recipient of envelope.to) {
    if (!ENVELOPE_ADDRESS.test(recipient)) {
      throw new SmtpError(`the recipient ${named(recipient)} is not an address this client puts in a command`);
    }
  }
  if (!/^[\x21-\x7e]{1,255}$/.test(settings.clientName)) {
    throw new SmtpError(`the client name ${named(settings.clientName)} is not a name this client puts in EHLO`);
  }
}

/**
 * Sends one message (the full RFC 5322 text) to the envelope's recipients; resolves with the
 * server's reply to the end of the data (often the queue id) as soon as that reply arrives: the
 * goodbye (QUIT) follows without holding the caller, who records the message as sent at once. A
 * caller that stopped between that reply and its record would send the message again, and SMTP
 * has no way to make the server drop the repeat, so that moment is kept as short as it can be.
 */
export async function sendSmtp(settings: SmtpSettings, envelope: SmtpEnvelope, message: string): Promise<string> {
  refuseUnsafeCommands(settings, envelope);
  const credentials = settings.user !== undefined && settings.password !== undefined;
  const connection = await SmtpConnection.open(settings);
  let closeLater = false;
  try {
    await connection.expect([220], 'the connection');
    let hello = await connection.command(`EHLO ${settings.clientName}`, [250], 'EHLO');
    let encrypted = settings.secure;
    if (!encrypted && extensions(hello).has('STARTTLS')) {
      await connection.command('STARTTLS', [220], 'STARTTLS');
      await connection.startTls(settings);
      encrypted = true;
      // What the server offered before TLS no longer counts (RFC 3207 4.2).
      hello = await connection.command(`EHLO ${settings.clientName}`, [250], 'EHLO');
    }
    if (credentials) {
      if (!encrypted && !isLoopbackHost(settings.host)) {
        throw new SmtpError(
          `the SMTP server ${settings.host}:${settings.port} offers no TLS, and the password is not sent without it ` +
            '(use port 465 with SMTP_SECURE=true, or a server that offers STARTTLS)',
        );
      }
      await authenticate(connection, extensions(hello), settings.user!, settings.password!);
    }
    await connection.command(`MAIL FROM:<${envelope.from}>`, [250], 'the sender');
    for (const recipient of envelope.to) {
      await connection.command(`RCPT TO:<${recipient}>`, [250, 251], `the recipient ${recipient}`);
    }
    await connection.command('DATA', [354], 'DATA');
    connection.write(`${dotStuffed(message)}\r\n.\r\n`);
    const accepted = await connection.expect([250], 'the message');
    // The message is the server's now: the caller hears it at once, and a failed goodbye changes nothing.
    closeLater = true;
    void connection
      .command('QUIT', [221], 'QUIT')
      .catch(() => undefined)
      .finally(() => connection.close());
    return accepted.lines.join(' ');
  } finally {
    if (!closeLater) connection.close();
  }
}
