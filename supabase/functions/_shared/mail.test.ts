/**
 * The mail adapter as a provider sees it: over SMTP, against a real SMTP server on loopback
 * (`smtp-server`, tests/support/smtp-test-server.ts) whose messages are read back by an independent
 * parser (`postal-mime`) as a mail client would, and over the Resend-style HTTP API, against a fake
 * HTTP server. The settings come from the function environment, as on a project.
 */
import { networkInterfaces } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_SMTP_CERT,
  readMail,
  startSmtpTestServer,
  type SmtpTestServer,
  type SmtpTestServerOptions,
} from '../../../tests/support/smtp-test-server.ts';
import { sendJson, startFakeServer, type FakeServer } from '../../../tests/support/fake-http.ts';
import { setEnvSource } from './env.ts';
import { MailNotSent, sendMail, sendOverSmtp, type OutgoingMail, type SmtpSettings } from './mail.ts';

let env: Record<string, string> = {};
let smtp: SmtpTestServer | undefined;
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
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff);

const GUEST_MAIL: OutgoingMail = {
  to: 'ada@corp.example',
  subject: 'Your place is confirmed: CDO Vision Zürich 2027',
  text: 'Dear Ada,\nyour place is confirmed.\nGrüße, the team',
  html: '<p>Grüße</p>',
  attachments: [{ filename: 'cdo-vision-zurich-2027.ics', contentType: 'text/calendar; charset=utf-8', content: ICS }],
  idempotencyKey: '3f0c9d52-7a44-4d1b-9d0e-2b1f6f1f0a11',
};

/** Starts a server and points the environment at it, with a login, as a project would. */
async function smtpServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  smtp = await startSmtpTestServer(options);
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

/** Settings for a server of the test, which trust its certificate and wait 2 s a step. */
function settingsFor(server: SmtpTestServer, overrides: Partial<SmtpSettings> = {}): SmtpSettings {
  return {
    host: server.host,
    port: server.port,
    secure: false,
    user: 'mailer',
    password: 'sesame',
    timeoutMs: 2000,
    ca: TEST_SMTP_CERT,
    ...overrides,
  };
}

/** The one message the server received, as a mail client reads it. */
async function received(server: SmtpTestServer, index = 0) {
  const message = server.sessions[index]?.message;
  if (!message) throw new Error(`no message arrived in session ${index}`);
  return readMail(message);
}

/** The body parts directly inside the first multipart/<subtype> of a raw message. */
function partsOf(raw: string, subtype: string): string[] {
  const unfolded = raw.replace(/\r\n[ \t]+/g, ' ');
  const boundary = new RegExp(`^Content-Type: multipart/${subtype};.*?boundary="?([^";\\s]+)"?`, 'im').exec(
    unfolded,
  )?.[1];
  if (!boundary) return [];
  return unfolded.split(`--${boundary}`).slice(1, -1);
}

/** This machine's first address that is not loopback, if it has one. */
const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('the SMTP adapter', () => {
  it('delivers a guest message as a mail client reads it: envelope, headers, text and HTML, the .ics, after AUTH', async () => {
    const server = await smtpServer();
    const id = await sendMail(GUEST_MAIL);
    expect(id).toBe(`${GUEST_MAIL.idempotencyKey}@cdo-vision.example`);

    const [session] = server.sessions;
    expect(session).toMatchObject({
      clientName: 'cdo-vision.example',
      tls: 'none',
      auth: { user: 'mailer', password: 'sesame', overTls: false },
      mailFrom: 'events@cdo-vision.example',
      rcptTo: ['ada@corp.example'],
    });

    const mail = await received(server);
    expect(mail.from).toEqual({ name: 'CDO Vision', address: 'events@cdo-vision.example' });
    expect(mail.to).toEqual([{ name: '', address: 'ada@corp.example' }]);
    expect(mail.subject).toBe(GUEST_MAIL.subject);
    expect(mail.messageId).toBe(`<${GUEST_MAIL.idempotencyKey}@cdo-vision.example>`);
    expect(Math.abs(Date.parse(mail.date!) - Date.now())).toBeLessThan(60_000);
    expect(mail.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(GUEST_MAIL.text);
    expect(mail.html?.trimEnd()).toBe(GUEST_MAIL.html);
    expect(mail.attachments).toHaveLength(1);
    const [calendar] = mail.attachments;
    expect(calendar).toMatchObject({
      filename: 'cdo-vision-zurich-2027.ics',
      mimeType: 'text/calendar',
      disposition: 'attachment',
    });
    // postal-mime hands text parts over with LF line endings; the bytes sent keep the CRLF that
    // RFC 5545 asks of a calendar file.
    expect(Buffer.from(calendar!.content as ArrayBuffer).toString('utf8')).toBe(ICS.replace(/\r\n/g, '\n'));
    const calendarPart = partsOf(session!.message!.toString('latin1'), 'mixed').find((part) =>
      /^Content-Type: text\/calendar; charset=utf-8/im.test(part),
    );
    const calendarBody = calendarPart!.slice(calendarPart!.indexOf('\r\n\r\n'));
    expect(Buffer.from(calendarBody.replace(/\s/g, ''), 'base64').toString('utf8')).toBe(ICS);
  });

  it('sends a message without attachments or HTML as a single text part', async () => {
    const server = await smtpServer();
    await sendMail({ to: 'ada@corp.example', subject: 'Plain', text: 'Just text' });
    const raw = server.sessions[0]!.message!.toString('latin1');
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(raw).not.toMatch(/^Content-Type: multipart\//im);
    const mail = await received(server);
    expect(mail.subject).toBe('Plain');
    expect(mail.text?.trimEnd()).toBe('Just text');
    expect(mail.html).toBeUndefined();
    expect(mail.attachments).toEqual([]);
  });

  it('sends the image the HTML shows inline with the HTML (multipart/related), under the Content-ID the HTML names', async () => {
    const server = await smtpServer();
    await sendMail({
      ...GUEST_MAIL,
      html: '<p>Show this at the door:</p><img src="cid:guest-code@cdo-vision" alt="Your code">',
      attachments: [
        ...GUEST_MAIL.attachments!,
        { filename: 'your-code.png', contentType: 'image/png', content: PNG, contentId: 'guest-code@cdo-vision' },
      ],
    });
    const mail = await received(server);
    const image = mail.attachments.find((attachment) => attachment.mimeType === 'image/png');
    const cid = /src="cid:([^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(cid).toBe('guest-code@cdo-vision');
    expect(image).toMatchObject({ filename: 'your-code.png', disposition: 'inline', contentId: `<${cid}>` });
    expect(new Uint8Array(image!.content as ArrayBuffer)).toEqual(PNG);

    // The HTML and its image share a multipart/related; the calendar file stays outside it.
    const related = partsOf(server.sessions[0]!.message!.toString('latin1'), 'related');
    expect(related).toHaveLength(2);
    expect(related[0]).toMatch(/Content-Type: text\/html/i);
    expect(related[1]).toMatch(/Content-Type: image\/png/i);
    expect(related[1]).toMatch(/Content-ID: <guest-code@cdo-vision>/i);
    expect(related.join('')).not.toMatch(/text\/calendar/i);
  });

  it('keeps a long subject with accents and an accented sender name exactly as given', async () => {
    const server = await smtpServer();
    env = { ...env, MAIL_FROM: 'Zoë Café, Événements <events@cdo-vision.example>' };
    const subject =
      'Votre place est confirmée : CDO Vision Zürich 2027, journée complète à l’Hôtel Baur au Lac – Grüße 🎉';
    expect(subject.length).toBeGreaterThan(78);
    await sendMail({ ...GUEST_MAIL, subject });
    const raw = server.sessions[0]!.message!.toString('latin1');
    // On the wire the headers are ASCII in lines of at most 78 characters, as RFC 5322 and 2047 ask.
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^[\t\r\n\x20-\x7e]*$/);
    for (const line of headers.split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(78);
    const mail = await received(server);
    expect(mail.subject).toBe(subject);
    expect(mail.from).toEqual({ name: 'Zoë Café, Événements', address: 'events@cdo-vision.example' });
  });

  it('delivers text lines that start with a dot intact', async () => {
    const server = await smtpServer();
    // ASCII only, so the lines go over the wire as they are, where a lone '.' would end the message.
    const text = 'Dear Ada,\n.a line that starts with a dot\n..and one with two\n.\nthe last line';
    await sendMail({ to: 'ada@corp.example', subject: 'Dots', text });
    const mail = await received(server);
    expect(mail.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(text);
  });

  it('keeps the subject, file names and ids from adding headers or recipients of their own', async () => {
    const server = await smtpServer();
    const injected = '\r\nBcc: everyone@corp.example\r\n';
    await sendMail({
      ...GUEST_MAIL,
      subject: `Summit${injected}`,
      html: '<img src="cid:code">',
      attachments: [
        { filename: `a${injected}.ics`, contentType: `text/calendar${injected}`, content: 'X' },
        { filename: 'code.png', contentType: 'image/png', content: PNG, contentId: `code${injected}` },
        { filename: `zü${injected}.txt`, contentType: 'text/plain', content: 'X' },
      ],
    });
    expect(server.sessions[0]!.rcptTo).toEqual(['ada@corp.example']);
    expect(server.sessions[0]!.message!.toString('latin1')).not.toMatch(/^Bcc:/im);
    const mail = await received(server);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.map((header) => header.key)).not.toContain('bcc');
    expect(mail.subject).toMatch(/^Summit\s+Bcc: everyone@corp\.example$/);
  });

  it('switches to TLS with STARTTLS before it logs in', async () => {
    const server = await startSmtpTestServer({ tls: 'starttls', login: { user: 'mailer', password: 'sesame' } });
    smtp = server;
    await sendOverSmtp(GUEST_MAIL, settingsFor(server));
    expect(server.sessions).toHaveLength(1);
    expect(server.sessions[0]).toMatchObject({
      tls: 'starttls',
      auth: { user: 'mailer', password: 'sesame', overTls: true },
      rcptTo: ['ada@corp.example'],
    });
    expect((await received(server)).subject).toBe(GUEST_MAIL.subject);
  });

  it('speaks TLS from the first byte when secure (port 465, the one hosted functions may use)', async () => {
    const server = await startSmtpTestServer({ tls: 'implicit' });
    smtp = server;
    await sendOverSmtp(GUEST_MAIL, settingsFor(server, { secure: true }));
    expect(server.sessions[0]).toMatchObject({
      tls: 'implicit',
      auth: { overTls: true },
      rcptTo: ['ada@corp.example'],
    });
  });

  it('stops at a certificate it cannot trust, before anything is sent', async () => {
    for (const tls of ['starttls', 'implicit'] as const) {
      const server = await startSmtpTestServer({ tls });
      smtp = server;
      const sending = sendOverSmtp(GUEST_MAIL, settingsFor(server, { secure: tls === 'implicit', ca: undefined }));
      await expect(sending, tls).rejects.toThrow(MailNotSent);
      await expect(sending, tls).rejects.toThrow(/certificate/);
      expect(
        server.sessions.every((session) => !session.auth && !session.mailFrom && !session.message),
        tls,
      ).toBe(true);
      await server.close();
      smtp = undefined;
    }
  });

  it.runIf(otherAddress)('never sends the password in the clear to a server that is not on this machine', async () => {
    // The same server on loopback gets the login in the clear (the first test): a local relay.
    const server = await startSmtpTestServer({ host: otherAddress });
    smtp = server;
    const sending = sendOverSmtp(GUEST_MAIL, settingsFor(server));
    await expect(sending).rejects.toThrow(MailNotSent);
    await expect(sending).rejects.toThrow(/STARTTLS.*the password is not sent without TLS/);
    expect(server.sessions).toHaveLength(1);
    expect(server.sessions[0]).toMatchObject({ auth: null, mailFrom: null, message: null });

    // Without a login there is nothing to protect: the message goes, in the clear.
    await sendOverSmtp(GUEST_MAIL, settingsFor(server, { user: undefined, password: undefined }));
    expect(server.sessions[1]).toMatchObject({ tls: 'none', auth: null, rcptTo: ['ada@corp.example'] });
  });

  it("passes a refusal on with the server's code and words, never the password", async () => {
    await smtpServer({ refuse: { RCPT: [550, '5.1.1 <ada@corp.example>: Recipient address rejected'] } });
    const refused = await sendMail(GUEST_MAIL).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MailNotSent);
    expect((refused as Error).message).toMatch(/refused the recipient ada@corp\.example \(550\): 5\.1\.1 .*rejected/);

    await smtp!.close();
    await smtpServer({ refuse: { MESSAGE: [451, '4.3.0 Try again later'] } });
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow(/deferred \(try again later\) the message \(451\): 4\.3\.0/);

    await smtp!.close();
    await smtpServer({ login: { user: 'mailer', password: 'other' } });
    const badLogin = (await sendMail(GUEST_MAIL).catch((error: unknown) => error)) as Error;
    expect(badLogin).toBeInstanceOf(MailNotSent);
    expect(badLogin.message).toMatch(/refused the credentials \(535\)/);
    expect(badLogin.message).not.toContain('sesame');
    expect(badLogin.message).not.toContain(btoa('\u0000mailer\u0000sesame'));
    expect(smtp!.sessions[0]!.message).toBeNull();
  });

  it('gives up on a server that stops answering, when its deadline passes', async () => {
    const server = await startSmtpTestServer({ silentAfterMessage: true });
    smtp = server;
    const started = Date.now();
    const sending = sendOverSmtp(GUEST_MAIL, settingsFor(server, { timeoutMs: 300 }));
    await expect(sending).rejects.toThrow(MailNotSent);
    await expect(sending).rejects.toThrow(/did not answer in time \(300 ms\)/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.sessions[0]!.message).not.toBeNull();
  });

  it('refuses a sender or recipient that could change its command (line breaks, NUL, >, spaces, non-ASCII) before it connects', async () => {
    const server = await smtpServer();
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
      const sending = sendMail({ ...GUEST_MAIL, to: address });
      await expect(sending, `recipient ${JSON.stringify(address)}`).rejects.toThrow(MailNotSent);
      await expect(sending).rejects.toThrow('the recipient ');
    }
    // The environment trims its values (dropping a trailing line break) and a blank one is unset.
    for (const address of unsafe.filter((value) => value && value.trim() === value)) {
      env = { ...env, MAIL_FROM: address };
      const sending = sendMail(GUEST_MAIL);
      await expect(sending, `sender ${JSON.stringify(address)}`).rejects.toThrow(MailNotSent);
      await expect(sending).rejects.toThrow('the sender ');
    }
    env = { ...env, MAIL_FROM: 'CDO Vision <events@cdo-vision.example>\r\nRCPT TO:<eve@evil.example>' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow(MailNotSent);
    // Nothing reached the server: not even a connection.
    expect(server.sessions).toEqual([]);

    // The same settings with plain addresses send as usual.
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
    env = { ...env, SMTP_PORT: '70000' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow("SMTP_PORT must be a port number, not '70000'");
    env = { ...env, SMTP_PORT: '2525', SMTP_SECURE: 'maybe' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow("SMTP_SECURE must be true or false, not 'maybe'");
    env = { ...env, SMTP_SECURE: 'false', SMTP_USER: 'mailer' };
    await expect(sendMail(GUEST_MAIL)).rejects.toThrow('SMTP_USER and SMTP_PASSWORD go together');
    env = { ...env, SMTP_USER: '', SMTP_PASSWORD: 'sesame' };
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
