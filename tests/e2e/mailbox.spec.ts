/**
 * The local mailbox holds invite links and guests' personal links, so another site's page open in
 * the same browser must not read it (issue 27), while the developer still reads it at its
 * documented address, `<API URL>/mailbox`. And no other machine reaches `npm start`'s servers: its
 * demo admin's password is no secret.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { test, expect, axe, API_URL, APP_URL } from './support/fixtures.ts';

/** Another site on this machine: a plain page on a loopback port of its own. */
async function startOtherSite(): Promise<{ url: string; server: Server }> {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Another site</title><h1>Another site</h1></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test('a page of another site on this machine cannot read the mailbox; the mailbox page still works', async ({
  page,
  api,
}) => {
  // Something to steal: an admin invite link in the mailbox.
  const email = `mailbox-probe-${Date.now()}@example.com`;
  const { error } = await api.admin.functions.invoke('invite-admin', { body: { email } });
  expect(error).toBeNull();

  const other = await startOtherSite();
  try {
    await page.goto(other.url);
    const attempts = await page.evaluate(async (apiUrl) => {
      const outcomes: string[] = [];
      for (const path of ['/mailbox/api/messages', '/mailbox']) {
        try {
          const response = await fetch(`${apiUrl}${path}`);
          outcomes.push(`read ${response.status}: ${(await response.text()).slice(0, 40)}`);
        } catch (failure) {
          outcomes.push(`failed: ${(failure as Error).name}`);
        }
      }
      return outcomes;
    }, API_URL);
    expect(attempts).toEqual(['failed: TypeError', 'failed: TypeError']);
  } finally {
    await new Promise((resolve) => other.server.close(resolve));
  }

  await page.goto(`${API_URL}/mailbox`);
  await expect(page.getByRole('heading', { name: 'Mailbox' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  expect(await axe(page)).toEqual([]);
});

/** The local addresses listening on TCP `port`, as the kernel lists them ('127.0.0.1', '0.0.0.0'). */
async function listeningAddresses(port: number): Promise<string[]> {
  const table = await readFile('/proc/net/tcp', 'utf8');
  return table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(
      ([, local, , state]) => state === '0A' && local?.endsWith(`:${port.toString(16).toUpperCase().padStart(4, '0')}`),
    )
    .map(([, local]) => {
      const hex = local!.split(':')[0]!;
      // Little-endian IPv4: '0100007F' is 127.0.0.1.
      return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
    });
}

test("`npm start`'s backend, whose demo admin's password is public, and its app listen on this machine only", async () => {
  for (const url of [API_URL, APP_URL]) {
    expect(await listeningAddresses(Number(new URL(url).port))).toEqual(['127.0.0.1']);
  }
});
