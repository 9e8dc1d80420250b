import { describe, expect, it } from 'vitest';
import { LocalMailbox, createMailboxRoutes } from './mailbox.ts';

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
});
