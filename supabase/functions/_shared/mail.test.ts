/**
 * The mail adapter as a provider sees it: over SMTP, against a fake SMTP server on loopback that
 * records what came over the wire (tests/support/fake-smtp.ts), and over the Resend-style HTTP API,
 * against a fake HTTP server. The settings come from the function environment, as on a project.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SMTP_CERT,
  decodeHeader,
  parseMime,
  startFakeSmtp,
  type FakeSmtpOptions,
  type FakeSmtpServer,
} from '../../../tests/support/fake-smtp.ts';
import { sendJson, startFakeServer, type FakeServer } from '../../../tests/support/fake-http.ts';
import { setEnvSource } from './env.ts';
import { MailNotSent, sendMail, type OutgoingMail } from './mail.ts';
import { SmtpError, isLoopbackHost, sendSmtp, type SmtpSettings } from './smtp.ts';

let env: Record<string, string> = {};
let smtp: FakeSmtpServer | undefined;
let http: FakeServer | undefined;

beforeEach(() => {
  env = { MAIL_FROM: 'CDO Vision <events@cdo-vision.example>' };
  setEnvSource(() => env);
});

afterEach(async () => {
  setEnvSource(undefined);
  await smtp?.close();
  await http?.close();
  smtp = undefined;
  http = undefined;
});

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Zürich\r\nEND:VCALENDAR\r\n';

const GUEST_MAIL: OutgoingMail = {
  to: 'ada@corp.example',
  subject: 'Your place is confirmed: CDO Vision Zürich 2027',
  text: 'Dear Ada,\n.a line that starts with a dot\n..and one with two\n.\nGrüße, the team',
  html: '<p>Grüße</p>',
  attachments: [{ filename: 'cdo-vision-zurich-2027.ics', contentType: 'text/calendar; charset=utf-8', content: ICS }],
  idempotencyKey: '3f0c9d52-7a44-4d1b-9d0e-2b1f6f1f0a11',
};

async function smtpServer(options: FakeSmtpOptions = {}): Promise<FakeSmtpServer> {
  smtp = await startFakeSmtp(options);
  env = {
    ...env,
    MAIL_PROVIDER: 'smtp',
    SMTP_HOST: smtp.host,
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'false',
    SMTP_USER: 'mailer',
    SMTP_PASSWORD: 'sesame',
  };
  return smtp;
}

function directSettings(server: FakeSmtpServer, overrides: Partial<SmtpSettings> = {}): SmtpSettings {
  return {
    host: server.host,
    port: server.port,
    secure: false,
    user: 'mailer',
    password: 'sesame',
    clientName: 'cdo-vision.example',
    timeoutMs: 2000,
    ca: FAKE_SMTP_CERT,
    ...overrides,
  };
}

const message = 'From: a@cdo-vision.example\r\nTo: b@corp.example\r\nSubject: hi\r\n\r\nhello\r\n';

/**
 * The client's goodbye (QUIT) follows the server's '250' to the message without holding the
 * caller, so a session's last verbs arrive a moment after the send resolves: waits for them.
 */
async function verbsOnceDone(server: FakeSmtpServer, index = 0): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const verbs = server.sessions[index]?.verbs ?? [];
    if (verbs.includes('QUIT')) return verbs;
    if (Date.now() > deadline) return verbs;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the SMTP adapter', () => {
  it('delivers a guest message: envelope, headers, text and HTML, the .ics, AUTH PLAIN, dots stuffed', async () => {
    const server = await smtpServer();
    const id = await sendMail(GUEST_MAIL);
    expect(id).toBe(`${GUEST_MAIL.idempotencyKey}@cdo-vision.example`);

    const [session] = server.sessions;
    expect(session).toMatchObject({
      ehlo: ['cdo-vision.example'],
      tls: false,
      auth: { mechanism: 'PLAIN', user: 'mailer', password: 'sesame' },
      mailFrom: 'events@cdo-vision.example',
      rcptTo: ['ada@corp.example'],
    });
    expect(await verbsOnceDone(server)).toEqual(['EHLO', 'AUTH', 'MAIL', 'RCPT', 'DATA', 'QUIT']);
    // On the wire, every line that starts with a dot carries one more; the server takes them off.
    expect(session!.wireData).toContain('\r\n..a line that starts with a dot\r\n...and one with two\r\n..\r\n');
    // Nothing but 7-bit ASCII, so any server takes it.
    expect(session!.message).toMatch(/^[\t\r\n\x20-\x7e]*$/);

    const mail = parseMime(session!.message!);
    expect(mail.headers.get('from')).toBe('CDO Vision <events@cdo-vision.example>');
    expect(mail.headers.get('to')).toBe('ada@corp.example');
    expect(mail.headers.get('subject')).toMatch(/^=\?UTF-8\?B\?/);
    expect(decodeHeader(mail.headers.get('subject')!)).toBe(GUEST_MAIL.subject);
    expect(mail.headers.get('message-id')).toBe(`<${GUEST_MAIL.idempotencyKey}@cdo-vision.example>`);
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect(Number.isNaN(Date.parse(mail.headers.get('date')!))).toBe(false);
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary="=_/);

    const [content, attachment] = mail.parts;
    expect(content!.headers.get('content-type')).toMatch(/^multipart\/alternative;/);
    const [text, html] = content!.parts;
    expect(text!.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text!.body).toBe(GUEST_MAIL.text.replace(/\n/g, '\r\n'));
    expect(html!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html!.raw).toBe('<p>Gr=C3=BC=C3=9Fe</p>');
    expect(html!.body).toBe('<p>Grüße</p>');
    expect(attachment!.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(attachment!.headers.get('content-disposition')).toBe('attachment; filename="cdo-vision-zurich-2027.ics"');
    expect(attachment!.headers.get('content-transfer-encoding')).toBe('base64');
    expect(attachment!.body).toBe(ICS);
  });

  it('a message without attachments or HTML is a single text part', async () => {
    const server = await smtpServer();
    await sendMail({ to: 'ada@corp.example', subject: 'Plain', text: 'Just text' });
    const mail = parseMime(server.sessions[0]!.message!);
    expect(mail.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(mail.body).toBe('Just text\r\n');
    expect(mail.headers.get('subject')).toBe('Plain');
  });

  it('switches to TLS with STARTTLS before it logs in (AUTH LOGIN), and says EHLO again', async () => {
    const server = await startFakeSmtp({ tls: 'starttls', authMechanisms: ['LOGIN'] });
    smtp = server;
    const reply = await sendSmtp(
      directSettings(server),
      { from: 'events@cdo-vision.example', to: ['b@corp.example'] },
      message,
    );
    expect(reply).toContain('queued as FAKE123');
    const [session] = server.sessions;
    expect(await verbsOnceDone(server)).toEqual(['EHLO', 'STARTTLS', 'EHLO', 'AUTH', 'MAIL', 'RCPT', 'DATA', 'QUIT']);
    expect(session!.auth).toEqual({ mechanism: 'LOGIN', user: 'mailer', password: 'sesame', overTls: true });
    expect(session!.message).toBe(message);
  });

  it('speaks TLS from the first byte when secure (port 465, the one hosted functions may use)', async () => {
    const server = await startFakeSmtp({ tls: 'implicit' });
    smtp = server;
    await sendSmtp(
      directSettings(server, { secure: true }),
      { from: 'events@cdo-vision.example', to: ['b@corp.example'] },
      message,
    );
    expect(server.sessions[0]).toMatchObject({ tls: true, auth: { overTls: true }, rcptTo: ['b@corp.example'] });
  });

  it('stops at a certificate it cannot trust, before anything is sent', async () => {
    const server = await startFakeSmtp({ tls: 'starttls' });
    smtp = server;
    const sending = sendSmtp(
      directSettings(server, { ca: undefined }),
      { from: 'a@cdo-vision.example', to: ['b@corp.example'] },
      message,
    );
    await expect(sending).rejects.toThrow(/TLS handshake .* failed/);
    expect(server.sessions[0]).toMatchObject({ auth: null, mailFrom: null, message: null });
  });

  it('never sends the password in the clear to a server that is not on this machine', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['smtp.example.com', '10.0.0.5', '192.168.1.2', 'localhost.example.com', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it("passes a refusal on with the server's code and words, never the password", async () => {
    await smtpServer({ refuse: { RCPT: '550 5.1.1 <ada@corp.example>: Recipient address rejected' } });
    const refused = await sendMail(GUEST_MAIL).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MailNotSent);
    expect((refused as Error).message).toMatch(/refused the recipient ada@corp\.example \(550\): 5\.1\.1 .*rejected/);

    await smtp!.close();
    await smtpServer({ refuse: { MESSAGE: '451 4.3.0 Try again later' } });
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow(/deferred \(try again later\) the message \(451\)/);

    await smtp!.close();
    await smtpServer({ login: { user: 'mailer', password: 'other' } });
    const badLogin = (await sendMail(GUEST_MAIL).catch((error: unknown) => error)) as Error;
    expect(badLogin.message).toMatch(/refused the credentials \(535\)/);
    expect(badLogin.message).not.toContain('sesame');
    expect(badLogin.message).not.toContain(btoa('\u0000mailer\u0000sesame'));
  });

  it('gives up on a server that stops answering, when its deadline passes', async () => {
    const server = await startFakeSmtp({ silentAt: 'DATA' });
    smtp = server;
    const started = Date.now();
    const sending = sendSmtp(
      directSettings(server, { timeoutMs: 300 }),
      { from: 'a@cdo-vision.example', to: ['b@corp.example'] },
      message,
    );
    await expect(sending).rejects.toThrow(SmtpError);
    await expect(sending).rejects.toThrow(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("resolves at the server's 250 to the message, without waiting for the answer to QUIT", async () => {
    // The server never answers QUIT: a client that waited for it would hold the caller (and the
    // record that the message was sent) for the whole step deadline, a minute here.
    const server = await startFakeSmtp({ silentAt: 'QUIT' });
    smtp = server;
    const reply = await sendSmtp(
      directSettings(server, { timeoutMs: 60_000 }),
      { from: 'a@cdo-vision.example', to: ['b@corp.example'] },
      message,
    );
    expect(reply).toContain('queued as FAKE123');
    expect(server.sessions[0]!.message).toBe(message);
  });

  it('refuses a sender or recipient that could change its command (line breaks, NUL, >, spaces, non-ASCII) before it connects', async () => {
    const server = await startFakeSmtp();
    smtp = server;
    const envelope = { from: 'a@cdo-vision.example', to: ['b@corp.example'] };
    const unsafe = [
      'b@corp.example\r\nRCPT TO:<eve@evil.example>',
      'b@corp.example\nDATA',
      'b@corp.example\r',
      'b@corp.example\u0000',
      'b@corp.example\u007f',
      'b@corp.example> NOTIFY=NEVER',
      '<b@corp.example',
      'b @corp.example',
      'b\t@corp.example',
      'zoë@corp.example',
      'b@corp.example\u2028',
      '',
    ];
    for (const address of unsafe) {
      for (const [what, wrong] of [
        ['recipient', { ...envelope, to: ['ok@corp.example', address] }],
        ['sender', { ...envelope, from: address }],
      ] as const) {
        const sending = sendSmtp(directSettings(server), wrong, message);
        await expect(sending, `${what} ${JSON.stringify(address)}`).rejects.toThrow(SmtpError);
        await expect(sending).rejects.toThrow(`the ${what} `);
      }
    }
    await expect(sendSmtp(directSettings(server), { ...envelope, to: [] }, message)).rejects.toThrow(
      'the message has no recipient',
    );
    await expect(
      sendSmtp(directSettings(server, { clientName: 'cdo-vision.example\r\nMAIL FROM:<x@y>' }), envelope, message),
    ).rejects.toThrow('is not a name this client puts in EHLO');
    // Nothing reached the server: not even a connection.
    expect(server.sessions).toEqual([]);

    // Through the adapter, a guest's address with a line break is a message not sent, as any refusal.
    env = {
      ...env,
      MAIL_PROVIDER: 'smtp',
      SMTP_HOST: server.host,
      SMTP_PORT: String(server.port),
      SMTP_SECURE: 'false',
    };
    await expect(sendMail({ ...GUEST_MAIL, to: 'ada@corp.example\r\nRCPT TO:<eve@evil.example>' })).rejects.toThrow(
      MailNotSent,
    );
    env = { ...env, MAIL_FROM: 'CDO Vision <events@cdo-vision.example>\r\nRCPT TO:<eve@evil.example>' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow(MailNotSent);
    expect(server.sessions).toEqual([]);
    // The same settings with a plain address send as usual.
    env = { ...env, MAIL_FROM: 'CDO Vision <events@cdo-vision.example>' };
    await sendMail(GUEST_MAIL);
    expect(server.sessions[0]).toMatchObject({ mailFrom: 'events@cdo-vision.example', rcptTo: ['ada@corp.example'] });
  });

  it('refuses settings that make no sense, naming the setting', async () => {
    env = { ...env, MAIL_PROVIDER: 'pigeon' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow("MAIL_PROVIDER must be 'http' or 'smtp', not 'pigeon'");
    env = { ...env, MAIL_PROVIDER: 'smtp' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow('SMTP_HOST is not set');
    env = { ...env, SMTP_HOST: '127.0.0.1', SMTP_PORT: 'twenty-five' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow("SMTP_PORT must be a port number, not 'twenty-five'");
    env = { ...env, SMTP_PORT: '2525', SMTP_USER: 'mailer' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow('SMTP_USER and SMTP_PASSWORD go together');
  });
});

describe('the HTTP adapter', () => {
  async function provider(reply: Parameters<typeof startFakeServer>[0]): Promise<FakeServer> {
    http = await startFakeServer(reply);
    env = { ...env, MAIL_API_URL: http.url, MAIL_API_KEY: 're_test' };
    return http;
  }

  it("sends attachments as Resend takes them, with the message's idempotency key", async () => {
    const server = await provider((_, response) => sendJson(response, 200, { id: 'provider-id-1' }));
    expect(await sendMail(GUEST_MAIL)).toBe('provider-id-1');
    const [request] = server.requests;
    expect(request!.url).toBe('/emails');
    expect(request!.headers.authorization).toBe('Bearer re_test');
    expect(request!.headers['idempotency-key']).toBe(GUEST_MAIL.idempotencyKey);
    expect(JSON.parse(request!.body)).toEqual({
      from: 'CDO Vision <events@cdo-vision.example>',
      to: ['ada@corp.example'],
      subject: GUEST_MAIL.subject,
      text: GUEST_MAIL.text,
      html: GUEST_MAIL.html,
      attachments: [
        {
          filename: 'cdo-vision-zurich-2027.ics',
          content: Buffer.from(ICS, 'utf8').toString('base64'),
          content_type: 'text/calendar; charset=utf-8',
        },
      ],
    });
  });

  it('names an inline image by its content_id, as Resend takes it', async () => {
    const server = await provider((_, response) => sendJson(response, 200, { id: 'provider-id-2' }));
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47);
    await sendMail({
      ...GUEST_MAIL,
      attachments: [{ filename: 'your-code.png', contentType: 'image/png', content: png, contentId: 'guest-code' }],
    });
    expect(JSON.parse(server.requests[0]!.body).attachments).toEqual([
      {
        filename: 'your-code.png',
        content: Buffer.from(png).toString('base64'),
        content_type: 'image/png',
        content_id: 'guest-code',
      },
    ]);
  });

  it('takes a reused idempotency key as already sent, and any other refusal as not sent', async () => {
    const server = await provider((_, response) =>
      sendJson(response, 409, {
        name: 'invalid_idempotent_request',
        message: 'Same idempotency key used with a different request payload.',
      }),
    );
    await expect(sendMail(GUEST_MAIL)).resolves.toBe(GUEST_MAIL.idempotencyKey);
    server.reply = (_, response) =>
      sendJson(response, 500, { name: 'application_error', message: 'Something went wrong' });
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow(
      'the mail provider refused the message (500): Something went wrong',
    );
    server.reply = (_, response) =>
      sendJson(response, 409, { name: 'concurrent_idempotent_requests', message: 'Same key in flight' });
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow(MailNotSent);
  });
});
