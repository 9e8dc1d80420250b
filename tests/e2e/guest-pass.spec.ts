/**
 * The guest's pass: their personal link (`/events/<slug>#guest=<token>`, from their message) opens
 * the event page with 'Your pass', the link as a QR code drawn in the browser, ready to print.
 */
import { randomBytes } from 'node:crypto';
import { decodeQrPng } from '../support/qr-codes.ts';
import { createEvent } from './support/builders.ts';
import { axe, expect, test } from './support/fixtures.ts';

test('a personal link opens the pass: its QR code is the link, it prints alone, and the token reaches no server', async ({
  page,
  api,
}) => {
  const event = await createEvent(api, { location: 'Palácio Chiado, Lisbon' });
  const token = randomBytes(32).toString('hex');
  const requested: string[] = [];
  page.on('request', (request) => requested.push(`${request.url()} ${request.postData() ?? ''}`));

  await page.goto(`/events/${event.slug}#guest=${token}`);
  const pass = page.getByRole('dialog', { name: 'Your pass' });
  await expect(pass).toBeVisible();
  await expect(pass).toContainText(event.title);
  await expect(pass).toContainText('Show this code at the door');

  // The code a door phone reads is the link itself.
  const code = pass.getByRole('img', { name: 'QR code of your personal link' });
  expect(await decodeQrPng(await code.screenshot())).toBe(page.url());
  expect(page.url()).toContain(`#guest=${token}`);
  expect(await axe(page)).toEqual([]);

  // Printed, the sheet holds the pass alone: not the page behind it, nor the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(code).toBeVisible();
  await expect(pass.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeHidden();
  expect(await decodeQrPng(await code.screenshot())).toBe(page.url());
  await page.emulateMedia({ media: 'screen' });

  await pass.getByRole('button', { name: 'Close' }).click();
  await expect(pass).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  // The fragment is never sent; nothing the page asked for carries the token.
  expect(requested.filter((line) => line.includes(token))).toEqual([]);
});

test('the event page without a personal link shows no pass, and a malformed token none either', async ({
  page,
  api,
}) => {
  const event = await createEvent(api);
  await page.goto(`/events/${event.slug}#guest=not-a-token`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
