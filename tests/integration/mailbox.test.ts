/**
 * The local mailbox is a development tool and behaves like one (issue 27): it answers only this
 * machine by its own names, refuses what another site's page makes a browser send, carries no CORS
 * headers, and exists only while mail goes to it. Against the real backend over HTTP.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: 'http://localhost:4173', config: { guestMessagesIntervalMs: 0 } });
});

afterAll(async () => {
  await backend?.stop();
});

/** Sends a raw request to the backend's socket with the headers exactly as given (Host included). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers, setHost: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

async function sendTestMail(subject: string): Promise<void> {
  const sent = await fetch(`${backend.url}/mailbox/api/emails`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${backend.serviceRoleKey}` },
    body: JSON.stringify({
      from: 'a@b.example',
      to: 'reader@corp.example',
      subject,
      text: 'https://x.example/#guest=secret',
    }),
  });
  expect(sent.status).toBe(200);
}

describe('the local mailbox over HTTP', () => {
  it('answers a page of another site with no CORS headers and refuses it, on requests and preflights', async () => {
    await sendTestMail('Cross-origin probe');
    const port = new URL(backend.url).port;
    const fromAttacker = await rawGet('/mailbox/api/messages', {
      host: `localhost:${port}`,
      origin: 'https://attacker.example',
    });
    expect(fromAttacker.status).toBe(403);
    expect(fromAttacker.body).not.toContain('guest=secret');
    expect(fromAttacker.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await fetch(`${backend.url}/mailbox/api/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    // The API beside it keeps the hosted gateway's CORS.
    const api = await fetch(`${backend.url}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: backend.anonKey, origin: 'https://attacker.example' },
    });
    expect(api.headers.get('access-control-allow-origin')).toBe('*');

    // The developer's own reading: the mailbox's page and API from this machine.
    const page = await rawGet('/mailbox', { host: `localhost:${port}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Cross-origin probe');
  });

  it('refuses a rebound host name and a request handed on by a proxy on this machine', async () => {
    const port = new URL(backend.url).port;
    for (const headers of <Record<string, string>[]>[
      { host: `attacker.example:${port}` },
      { host: `localhost:${port}`, 'x-forwarded-for': '203.0.113.7' },
    ]) {
      const answer = await rawGet('/mailbox/api/messages', headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).not.toContain('guest=secret');
    }
  });

  it('does not exist while mail goes to another provider, nor when switched off', async () => {
    const before = backend.services.config;
    try {
      for (const config of [
        { ...before, functionsEnv: { MAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1' } },
        { ...before, functionsEnv: { MAIL_API_URL: 'https://api.resend.example', MAIL_API_KEY: 're_x' } },
        { ...before, localMailbox: false },
      ]) {
        backend.services.config = config;
        const label = JSON.stringify({ env: config.functionsEnv, on: config.localMailbox });
        expect((await fetch(`${backend.url}/mailbox`)).status, label).toBe(404);
        expect((await fetch(`${backend.url}/mailbox/api/messages`)).status, label).toBe(404);
        const send = await fetch(`${backend.url}/mailbox/api/emails`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${backend.serviceRoleKey}` },
          body: JSON.stringify({ from: 'a@b.example', to: 'r@corp.example', subject: 's', text: 't' }),
        });
        expect(send.status, label).toBe(404);
      }
    } finally {
      backend.services.config = before;
    }
    expect((await fetch(`${backend.url}/mailbox`)).status).toBe(200);
  });
});
