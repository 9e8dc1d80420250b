import { describe, expect, it } from 'vitest';
import { LocalMailbox, createMailboxRoutes, type MailMessage } from './mailbox.ts';

/** A request as @hono/node-server hands it on, from a client at `address`. */
function from(address: string) {
  return { incoming: { socket: { remoteAddress: address } } };
}

describe('the local mailbox', () => {
  it('answers clients on this machine only, since mail holds invite links', async () => {
    const mailbox = new LocalMailbox();
    mailbox.deliver({ from: 'a@b.example', to: 'x@corp.example', subject: 'Invite', text: 'secret link' });
    const app = createMailboxRoutes(mailbox, 'key');
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await app.request('/api/messages', {}, from(address))).status, address).toBe(200);
    }
    for (const address of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1']) {
      const answer = await app.request('/api/messages', {}, from(address));
      expect(answer.status, address).toBe(403);
      expect(await answer.text()).not.toContain('secret link');
    }
    expect((await app.request('/', {}, {})).status).toBe(403);
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
    const app = createMailboxRoutes(mailbox, 'key');
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY:Zürich\r\nEND:VCALENDAR\r\n';
    const sent = await app.request(
      '/api/emails',
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
      await app.request('/api/messages?to=ada@corp.example', {}, from('::1'))
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
    const file = await app.request(`/${id}/attachments/0`, {}, from('127.0.0.1'));
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="z_rich.ics"; filename*=UTF-8''${encodeURIComponent('zürich.ics')}`,
    );
    expect(await file.text()).toBe(ics);
    expect((await app.request(`/${id}/attachments/1`, {}, from('127.0.0.1'))).status).toBe(404);

    // The page shows the HTML in a frame, the text, and the attachment's link.
    const page = await (await app.request(`/${id}`, {}, from('127.0.0.1'))).text();
    expect(page).toContain(`<iframe title="The message as HTML" src="/mailbox/${id}/html">`);
    expect(page).toContain(`<a href="/mailbox/${id}/attachments/0" download>zürich.ics</a>`);
    expect(page).toContain('<a href="https://site.example/events/x#guest=abc">');
    const html = await app.request(`/${id}/html`, {}, from('127.0.0.1'));
    // No script runs, whatever the mail holds; links leave the frame for a new tab.
    expect(html.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; form-action 'none';/,
    );
    expect(await html.text()).toContain('<head><base target="_blank"><title>t</title>');
    const list = await (await app.request('/', {}, from('127.0.0.1'))).text();
    expect(list).toContain('<td>zürich.ics</td>');
  });

  it('shows an image the HTML refers to by content id in place, as mail clients do', async () => {
    const mailbox = new LocalMailbox();
    const app = createMailboxRoutes(mailbox, 'key');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const sent = await app.request(
      '/api/emails',
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
    const [message] = (await (await app.request('/api/messages', {}, from('127.0.0.1'))).json()) as MailMessage[];
    expect(message!.attachments[0]).toMatchObject({ filename: 'your-code.png', contentId: 'guest-code@cdo-vision' });
    expect(message!.html).toContain('src="cid:guest-code@cdo-vision"');
    const html = await (await app.request(`/${id}/html`, {}, from('127.0.0.1'))).text();
    expect(html).toContain(`<img src="data:image/png;base64,${png.toString('base64')}" alt="Your code">`);
    // A reference to no attachment stays as it was (and shows nothing).
    expect(html).toContain('<img src="cid:missing" alt="x">');
  });

  it('answers a repeated idempotency key with the first message, as Resend does, and delivers nothing new', async () => {
    const mailbox = new LocalMailbox();
    const app = createMailboxRoutes(mailbox, 'key');
    const send = (subject: string) =>
      app.request(
        '/api/emails',
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

  it('refuses attachments that are not base64 or whose names are not plain file names', async () => {
    const app = createMailboxRoutes(new LocalMailbox(), 'key');
    for (const attachment of [
      { filename: 'a.ics', content: 'not base64!' },
      { filename: '../a.ics', content: 'QQ==' },
      { filename: 'a\r\n.ics', content: 'QQ==' },
    ]) {
      const answer = await app.request(
        '/api/emails',
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
