import { describe, expect, it } from 'vitest';
import { LocalMailbox, createMailboxRoutes, type MailMessage } from './mailbox.ts';

/** The API's address in these tests: the mailbox answers requests to this machine's names at its port. */
const API = 'http://localhost:54321';
const SITE = 'http://localhost:4173';

function mailboxRoutes(mailbox: LocalMailbox) {
  return createMailboxRoutes(mailbox, { key: 'key', apiUrl: API, siteUrl: SITE });
}

/** A request as @hono/node-server hands it on, from a client at `address`. */
function from(address: string) {
  return { incoming: { socket: { remoteAddress: address } } };
}

describe('the local mailbox', () => {
  it('answers clients on this machine only, since mail holds invite links', async () => {
    const mailbox = new LocalMailbox();
    mailbox.deliver({ from: 'a@b.example', to: 'x@corp.example', subject: 'Invite', text: 'secret link' });
    const app = mailboxRoutes(mailbox);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await app.request(API + '/api/messages', {}, from(address))).status, address).toBe(200);
    }
    for (const address of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1']) {
      const answer = await app.request(API + '/api/messages', {}, from(address));
      expect(answer.status, address).toBe(403);
      expect(await answer.text()).not.toContain('secret link');
    }
    expect((await app.request(API + '/', {}, {})).status).toBe(403);
  });

  it('answers only requests to this machine by its own names at the API port (no DNS rebinding, no proxy)', async () => {
    const mailbox = new LocalMailbox();
    mailbox.deliver({ from: 'a@b.example', to: 'x@corp.example', subject: 'Invite', text: 'secret link' });
    const app = mailboxRoutes(mailbox);
    for (const host of ['localhost:54321', '127.0.0.1:54321', '[::1]:54321', 'LOCALHOST:54321']) {
      const answer = await app.request(`http://${host}/api/messages`, { headers: { host } }, from('127.0.0.1'));
      expect(answer.status, host).toBe(200);
    }
    // A rebound name, another port (a proxy on this host), or a name of this machine's on the network.
    for (const host of [
      'attacker.example:54321',
      'localhost:8080',
      'localhost',
      'cdo.internal:54321',
      '10.0.0.2:54321',
    ]) {
      const answer = await app.request(`http://${host}/api/messages`, { headers: { host } }, from('127.0.0.1'));
      expect(answer.status, host).toBe(403);
      expect(await answer.text(), host).not.toContain('secret link');
    }
    // Sent on by a reverse proxy on this machine: the socket is loopback, the client is not.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const answer = await app.request(
        `${API}/api/messages`,
        { headers: { [header]: '203.0.113.9' } },
        from('127.0.0.1'),
      );
      expect(answer.status, header).toBe(403);
    }
  });

  it('refuses requests another site makes the browser send, and never answers with CORS headers', async () => {
    const mailbox = new LocalMailbox();
    mailbox.deliver({ from: 'a@b.example', to: 'x@corp.example', subject: 'Invite', text: 'secret link' });
    const app = mailboxRoutes(mailbox);
    for (const origin of ['https://attacker.example', 'http://localhost:9999', 'null']) {
      const answer = await app.request(`${API}/api/messages`, { headers: { origin } }, from('127.0.0.1'));
      expect(answer.status, origin).toBe(403);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    for (const origin of [SITE, API, 'http://127.0.0.1:54321']) {
      const answer = await app.request(`${API}/api/messages`, { headers: { origin } }, from('127.0.0.1'));
      expect(answer.status, origin).toBe(200);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('serves its pages under a policy that runs no script and lets no other page frame them', async () => {
    const mailbox = new LocalMailbox();
    const { id } = mailbox.deliver({
      from: 'a@b.example',
      to: 'x@corp.example',
      subject: 'Hi',
      text: 'x',
      html: '<p>x</p>',
    });
    const app = mailboxRoutes(mailbox);
    for (const path of ['/', `/${id}`]) {
      const policy = (await app.request(`${API}${path}`, {}, from('127.0.0.1'))).headers.get('content-security-policy');
      expect(policy, path).toContain("default-src 'none'");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).not.toContain('script-src');
    }
    // The message's HTML: framed by the mailbox's own page only.
    const html = await app.request(`${API}/${id}/html`, {}, from('127.0.0.1'));
    expect(html.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('keeps the newest messages up to its capacity and finds them by address in any case', () => {
    const mailbox = new LocalMailbox(2);
    for (const n of [1, 2, 3]) {
      mailbox.deliver({ from: 'a@b.example', to: [`Person ${n} <P${n}@Corp.example>`], subject: `m${n}` });
    }
    expect(mailbox.list().map((message) => message.subject)).toEqual(['m3', 'm2']);
    expect(mailbox.list('p3@corp.example').map((message) => message.subject)).toEqual(['m3']);
    expect(mailbox.list('p1@corp.example')).toEqual([]);
  });

  it('keeps attachments, lists them per message and lets a developer download them', async () => {
    const mailbox = new LocalMailbox();
    const app = mailboxRoutes(mailbox);
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY:Zürich\r\nEND:VCALENDAR\r\n';
    const sent = await app.request(
      API + '/api/emails',
      {
        method: 'POST',
        headers: { authorization: 'Bearer key', 'content-type': 'application/json' },
        body: JSON.stringify({
          from: 'a@b.example',
          to: ['ada@corp.example'],
          subject: 'Your place is confirmed',
          text: 'See https://site.example/events/x#guest=abc',
          html: '<html><head><title>t</title></head><body><p>Hello <a href="https://site.example">site</a></p><script>alert(1)</script></body></html>',
          attachments: [
            {
              filename: 'zürich.ics',
              content: Buffer.from(ics).toString('base64'),
              content_type: 'text/calendar; charset=utf-8',
            },
          ],
        }),
      },
      from('127.0.0.1'),
    );
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };

    const listed = (await (
      await app.request(API + '/api/messages?to=ada@corp.example', {}, from('::1'))
    ).json()) as MailMessage[];
    expect(listed[0]!.attachments).toEqual([
      {
        filename: 'zürich.ics',
        contentType: 'text/calendar; charset=utf-8',
        size: Buffer.byteLength(ics),
        url: `/mailbox/${id}/attachments/0`,
        contentId: null,
      },
    ]);
    const file = await app.request(`${API}/${id}/attachments/0`, {}, from('127.0.0.1'));
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="z_rich.ics"; filename*=UTF-8''${encodeURIComponent('zürich.ics')}`,
    );
    expect(await file.text()).toBe(ics);
    expect((await app.request(`${API}/${id}/attachments/1`, {}, from('127.0.0.1'))).status).toBe(404);

    // The page shows the HTML in a frame, the text, and the attachment's link.
    const page = await (await app.request(`${API}/${id}`, {}, from('127.0.0.1'))).text();
    expect(page).toContain(`<iframe title="The message as HTML" src="/mailbox/${id}/html">`);
    expect(page).toContain(`<a href="/mailbox/${id}/attachments/0" download>zürich.ics</a>`);
    expect(page).toContain('<a href="https://site.example/events/x#guest=abc">');
    const html = await app.request(`${API}/${id}/html`, {}, from('127.0.0.1'));
    // No script runs, whatever the mail holds; links leave the frame for a new tab.
    expect(html.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; form-action 'none';/,
    );
    expect(await html.text()).toContain('<head><base target="_blank"><title>t</title>');
    const list = await (await app.request(API + '/', {}, from('127.0.0.1'))).text();
    expect(list).toContain('<td>zürich.ics</td>');
  });

  it('shows an image the HTML refers to by content id in place, as mail clients do', async () => {
    const mailbox = new LocalMailbox();
    const app = mailboxRoutes(mailbox);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const sent = await app.request(
      API + '/api/emails',
      {
        method: 'POST',
        headers: { authorization: 'Bearer key', 'content-type': 'application/json' },
        body: JSON.stringify({
          from: 'a@b.example',
          to: 'ada@corp.example',
          subject: 'Your code',
          text: 'Your code',
          html: '<p><img src="cid:guest-code@cdo-vision" alt="Your code"><img src="cid:missing" alt="x"></p>',
          attachments: [
            {
              filename: 'your-code.png',
              content: png.toString('base64'),
              content_type: 'image/png',
              content_id: 'guest-code@cdo-vision',
            },
          ],
        }),
      },
      from('127.0.0.1'),
    );
    const { id } = (await sent.json()) as { id: string };
    const [message] = (await (await app.request(API + '/api/messages', {}, from('127.0.0.1'))).json()) as MailMessage[];
    expect(message!.attachments[0]).toMatchObject({ filename: 'your-code.png', contentId: 'guest-code@cdo-vision' });
    expect(message!.html).toContain('src="cid:guest-code@cdo-vision"');
    const html = await (await app.request(`${API}/${id}/html`, {}, from('127.0.0.1'))).text();
    expect(html).toContain(`<img src="data:image/png;base64,${png.toString('base64')}" alt="Your code">`);
    // A reference to no attachment stays as it was (and shows nothing).
    expect(html).toContain('<img src="cid:missing" alt="x">');
  });

  it('answers a repeated idempotency key with the first message, as Resend does, and delivers nothing new', async () => {
    const mailbox = new LocalMailbox();
    const app = mailboxRoutes(mailbox);
    const send = (subject: string) =>
      app.request(
        API + '/api/emails',
        {
          method: 'POST',
          headers: { authorization: 'Bearer key', 'content-type': 'application/json', 'idempotency-key': 'message-1' },
          body: JSON.stringify({ from: 'a@b.example', to: 'ada@corp.example', subject, text: 'x' }),
        },
        from('127.0.0.1'),
      );
    const first = (await (await send('Approved')).json()) as { id: string };
    const again = await send('Approved');
    expect(await again.json()).toEqual({ id: first.id });
    const changed = await send('Approved, with a new title');
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ name: 'invalid_idempotent_request' });
    expect(mailbox.list().map((message) => message.subject)).toEqual(['Approved']);
  });

  it('refuses, as a provider does, a recipient whose domain takes no mail (the reserved .invalid)', async () => {
    const mailbox = new LocalMailbox();
    const app = mailboxRoutes(mailbox);
    const send = (to: string | string[]) =>
      app.request(
        API + '/api/emails',
        {
          method: 'POST',
          headers: { authorization: 'Bearer key', 'content-type': 'application/json' },
          body: JSON.stringify({ from: 'a@b.example', to, subject: 'Approved', text: 'x' }),
        },
        from('127.0.0.1'),
      );
    for (const to of ['ada@corp.invalid', ['ada@corp.example', 'Grace@Navy.INVALID']]) {
      const answer = await send(to);
      expect(answer.status).toBe(422);
      expect(await answer.json()).toMatchObject({ name: 'validation_error' });
    }
    expect(mailbox.list()).toEqual([]);
    expect((await send('ada@corp.example')).status).toBe(200);
  });

  it('refuses attachments that are not base64 or whose names are not plain file names', async () => {
    const app = mailboxRoutes(new LocalMailbox());
    for (const attachment of [
      { filename: 'a.ics', content: 'not base64!' },
      { filename: '../a.ics', content: 'QQ==' },
      { filename: 'a\r\n.ics', content: 'QQ==' },
    ]) {
      const answer = await app.request(
        API + '/api/emails',
        {
          method: 'POST',
          headers: { authorization: 'Bearer key', 'content-type': 'application/json' },
          body: JSON.stringify({ from: 'a@b.example', to: 'c@d.example', subject: 's', attachments: [attachment] }),
        },
        from('127.0.0.1'),
      );
      expect(answer.status, attachment.filename).toBe(422);
    }
  });
});
