import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalMailbox } from './mailbox.ts';

let folder = '';
let file = '';

beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'mailbox-journal-'));
  file = path.join(folder, 'mailbox.ndjson');
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

const mail = (n: number, extra: Record<string, unknown> = {}) => ({
  from: 'CDO Vision <events@cdo-vision.example>',
  to: [`guest${n}@corp.example`],
  subject: `Message ${n}`,
  text: `Hello ${n}`,
  ...extra,
});

const lines = () => readFileSync(file, 'utf8').split('\n').filter(Boolean).length;

describe('the local mailbox with a data folder', () => {
  it('keeps its messages, attachments and idempotency keys across a restart, so a repeated key delivers nothing', () => {
    const first = new LocalMailbox(500, file);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const attachments = [
      { filename: 'code.png', content: png.toString('base64'), content_type: 'image/png', content_id: 'code' },
    ];
    const sent = first.deliverOnce(mail(1, { html: '<img src="cid:code">', attachments }), 'message-1');
    expect(sent).toHaveProperty('id');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // A new process on the same folder, as after kill -9 and a restart.
    const again = new LocalMailbox(500, file);
    expect(again.list().map((message) => message.subject)).toEqual(['Message 1']);
    const id = (sent as { id: string }).id;
    expect(again.get(id)).toMatchObject({ to: ['guest1@corp.example'], text: 'Hello 1' });
    expect(again.attachment(id, 0)?.content).toEqual(png);
    expect(again.shownHtml(id)).toContain(`data:image/png;base64,${png.toString('base64')}`);
    expect(again.deliverOnce(mail(1, { html: '<img src="cid:code">', attachments }), 'message-1')).toEqual({ id });
    expect(again.deliverOnce(mail(1, { text: 'changed' }), 'message-1')).toEqual({ conflict: id });
    expect(again.list()).toHaveLength(1);
    expect(again.deliverOnce(mail(2), 'message-2')).toHaveProperty('id');
    expect(new LocalMailbox(500, file).list().map((message) => message.subject)).toEqual(['Message 2', 'Message 1']);
  });

  it('drops a line that a crash cut short and goes on after it', () => {
    new LocalMailbox(500, file).deliverOnce(mail(1), 'message-1');
    appendFileSync(file, '{"message":{"id":"cut sh');
    const reopened = new LocalMailbox(500, file);
    expect(reopened.list().map((message) => message.subject)).toEqual(['Message 1']);
    reopened.deliverOnce(mail(2), 'message-2');
    const last = new LocalMailbox(500, file);
    expect(last.list().map((message) => message.subject)).toEqual(['Message 2', 'Message 1']);
    expect(lines()).toBe(2);
  });

  it('skips a line it cannot read and keeps the rest', () => {
    new LocalMailbox(500, file).deliver(mail(1));
    appendFileSync(file, 'not json\n{"message":{"id":1}}\n');
    new LocalMailbox(500, file).deliver(mail(2));
    expect(new LocalMailbox(500, file).list().map((message) => message.subject)).toEqual(['Message 2', 'Message 1']);
  });

  it('rewrites the file to what it keeps, and still knows the keys of messages it no longer keeps', () => {
    const mailbox = new LocalMailbox(2, file);
    const first = mailbox.deliverOnce(mail(0), 'message-0') as { id: string };
    for (let n = 1; n <= 20; n += 1) mailbox.deliver(mail(n));
    // Never more than twice what it keeps (two messages, one key), plus the line that tipped it.
    expect(lines()).toBeLessThanOrEqual(2 * (2 + 1) + 1);
    const reopened = new LocalMailbox(2, file);
    expect(reopened.list().map((message) => message.subject)).toEqual(['Message 20', 'Message 19']);
    expect(reopened.deliverOnce(mail(0), 'message-0')).toEqual({ id: first.id });
    expect(reopened.list()).toHaveLength(2);
  });

  it('forgets a key after 24 hours, as Resend does', () => {
    writeFileSync(
      file,
      `${JSON.stringify({ key: { key: 'old', id: 'gone', body: 'x', at: Date.now() - 25 * 60 * 60 * 1000 } })}\n`,
    );
    const mailbox = new LocalMailbox(500, file);
    const again = mailbox.deliverOnce(mail(1), 'old') as { id: string };
    expect(again.id).not.toBe('gone');
    expect(mailbox.list()).toHaveLength(1);
  });
});
