/**
 * Issue 16, scanning at the door with a real camera pipeline: Chromium's fake camera plays a video
 * of real QR codes (guests' personal links, written by tests/support/qr-codes.ts), and the check-in
 * screen's 'Scan code' reads them (jsQR here: Chromium on Linux has no BarcodeDetector) and matches
 * them against the local roster: a guest not in yet is checked in, one already in is said so with
 * when and on which device; a declined guest's code, another event's and an unknown one are said
 * plainly.
 */
import { randomBytes } from 'node:crypto';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../support/chromium-args.ts';
import { writeQrVideo } from '../support/qr-codes.ts';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { createEvent } from './support/builders.ts';
import { APP_URL, axe, daysFromNow, expect, test, unique, type Api } from './support/fixtures.ts';

// A browser of its own, its first pull of the admin replica, and the video's loop take a while.
test.describe.configure({ timeout: 300_000 });

interface Guest {
  requestId: string;
  name: string;
  email: string;
  token: string;
  attendeeId: string;
}

/** An approved invite request: the server makes the guest an attendee of the event, with a token. */
async function approvedGuest(api: Api, eventId: string, first: string): Promise<Guest> {
  const name = unique(first);
  const email = `${name.replace(/\s+/g, '-').toLowerCase()}@example.com`;
  const created = await api.create<{ id: string }>('invite_requests', {
    event_id: eventId,
    name,
    email,
    company: `${first} Holdings`,
    status: 'approved',
  });
  const { data, error } = await api.admin
    .from('invite_requests')
    .select('guest_token, attendee_id')
    .eq('id', created.id)
    .single();
  if (error) throw new Error(error.message);
  const row = data as { guest_token: string; attendee_id: string };
  return { requestId: created.id, name, email, token: row.guest_token, attendeeId: row.attendee_id };
}

/** Every outcome the scan dialog announced, in order (each is shown until the next code). */
async function recordOutcomes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { scanOutcomes: string[] }).scanOutcomes = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[role="dialog"] [aria-live="assertive"]')?.textContent?.trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const outcomes = (page: Page) =>
  page.evaluate(() => (window as unknown as { scanOutcomes: string[] }).scanOutcomes.join('\n'));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test("the camera reads guests' codes: a guest checked in, one already in (when, which device), a declined one, another event's, an unknown one", async ({
  api,
}, testInfo) => {
  const event = await createEvent(api, {
    title: unique('Scan Door'),
    start_date: daysFromNow(0, 0),
    end_date: daysFromNow(0, 23),
  });
  const other = await createEvent(api, { title: unique('Other Summit') });
  const ada = await approvedGuest(api, event.id, 'Ada');
  const bea = await approvedGuest(api, event.id, 'Bea');
  const elsewhere = await approvedGuest(api, other.id, 'Cy');
  // Dee had her code, then her request was declined: she is off the guest list.
  const dee = await approvedGuest(api, event.id, 'Dee');
  const declined = await api.admin.from('invite_requests').update({ status: 'declined' }).eq('id', dee.requestId);
  if (declined.error) throw new Error(declined.error.message);
  // Bea came in earlier, through the front desk.
  const { error } = await api.admin.from('check_ins').insert({
    event_id: event.id,
    attendee_id: bea.attendeeId,
    device_id: 'front-desk-device',
    device_label: 'Front desk',
    checked_in_at: new Date().toISOString(),
  });
  if (error) throw new Error(error.message);

  const link = (slug: string, token: string) => `${APP_URL}/events/${slug}#guest=${token}`;
  const video = testInfo.outputPath('codes.y4m');
  writeQrVideo(video, [
    link(event.slug, ada.token),
    link(event.slug, bea.token),
    link(event.slug, elsewhere.token),
    link(event.slug, dee.token),
    link(event.slug, randomBytes(32).toString('hex')),
  ]);

  const camera = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await camera.newContext({ baseURL: APP_URL, serviceWorkers: 'block', permissions: ['camera'] });
    const page = await context.newPage();
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
      return response;
    };
    await openAsAdmin(page, `/admin/check-in?event=${event.id}`);
    await waitForAdminReplica(page, 120_000);
    await page.getByLabel("This device's name").fill('Scanner phone');
    // Saved from the keyboard, the focus stays on Save (which has nothing more to save).
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Device name saved')).toBeVisible();
    await expect(save).toBeFocused();
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Checked in 1 of 2')).toBeVisible({ timeout: 20_000 });

    // Every camera stream the page opens, to see that closing the scanner stops it.
    await page.evaluate(() => {
      const streams: MediaStream[] = [];
      (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
      const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        streams.push(stream);
        return stream;
      };
    });
    await page.getByRole('button', { name: 'Scan code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan code' });
    await expect(dialog.getByLabel('Camera preview')).toBeVisible();
    await recordOutcomes(page);
    await expect(dialog.getByText("Hold the guest's QR code inside the frame.")).toBeVisible({ timeout: 20_000 });

    // The video loops: Ada (checked in now), Bea (in already), another event's guest, Dee (declined),
    // an unknown code; then Ada again, whom this phone has checked in.
    const expected = [
      new RegExp(`^${escape(ada.name)}Ada HoldingsChecked in$`, 'm'),
      new RegExp(`^${escape(bea.name)}Already checked in at \\d{1,2}:\\d{2} [AP]M on Front desk$`, 'm'),
      new RegExp(`^This code is for another event: ${escape(other.title)}$`, 'm'),
      /^Not on the guest list: their request was declined$/m,
      /^Unknown code$/m,
      new RegExp(`^${escape(ada.name)}Already checked in at \\d{1,2}:\\d{2} [AP]M on Scanner phone$`, 'm'),
    ];
    await expect
      .poll(
        async () => {
          const said = await outcomes(page);
          return expected.filter((pattern) => !pattern.test(said)).map(String);
        },
        { timeout: 120_000, intervals: [500] },
      )
      .toEqual([]);
    expect(await axe(page)).toEqual([]);

    // Ada is in on the roster, once: seen again and again, her code made one check-in.
    await dialog.getByRole('button', { name: 'Close scanner' }).click();
    await expect(dialog).toBeHidden();
    expect(
      await page.evaluate(() =>
        (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.every((stream) =>
          stream.getTracks().every((track) => track.readyState === 'ended'),
        ),
      ),
    ).toBe(true);
    await expect(page.getByText('Checked in 2 of 2')).toBeVisible();
    await expect
      .poll(
        async () => {
          const { data } = await api.admin
            .from('check_ins')
            .select('attendee_id, device_label')
            .eq('event_id', event.id);
          return (data ?? [])
            .map((row) => `${row.attendee_id === ada.attendeeId ? 'Ada' : 'Bea'} ${row.device_label}`)
            .sort();
        },
        { timeout: 30_000 },
      )
      .toEqual(['Ada Scanner phone', 'Bea Front desk']);
  } finally {
    await camera.close();
    for (const guest of [ada, bea, elsewhere]) await api.admin.from('attendees').delete().eq('email', guest.email);
  }
});

test('without a camera the scanner says so plainly, and closes', async ({ page }) => {
  await openAsAdmin(page, '/admin/check-in');
  await page.getByRole('button', { name: 'Scan code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan code' });
  await expect(dialog.getByRole('alert')).toHaveText(
    /^(Camera access was refused\.|No camera could be used on this device)/,
  );
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close scanner' }).click();
  await expect(dialog).toBeHidden();
});
