/**
 * The app under its Content-Security-Policy (docs/decisions/008-content-security-policy.md), in a
 * real browser: every public page, sign-in, an edit and an image upload in the back office, and a
 * reload while offline (pages then come from the service worker's cache, with the policy they were
 * cached with) all work without a single violation: no `securitypolicyviolation` event and no
 * console error about the policy. Also: the policy and the framing headers are sent, and a forged
 * Host header does not reach the links a server-rendered page carries.
 */
import type { Page, Response } from '@playwright/test';
import { buildImage } from '../support/images.ts';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { APP_URL, daysFromNow, expect as baseExpect, test, unique } from './support/fixtures.ts';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const expect = baseExpect.configure({ timeout: 15_000 });
// Every public page, sign-in, the admin's first pull and an offline reload, on a shared machine.
test.describe.configure({ timeout: 240_000 });

const PUBLIC_PAGES = ['/', '/vision-talks', '/awards', '/sponsors', '/past-highlights', '/contact', '/calendar'];

/** What the browser reported against the policy, from the page's events and its console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}` +
          ` (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    // Chromium logs each blocked load or script, and each directive or feature it cannot read.
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy|Refused to/i.test(text)) {
      violations.push(`console ${message.type()}: ${text}`);
    }
  });
  return violations;
}

/** The page's policy as directive -> sources, from the response that brought it. */
function policyOf(response: Response | null): Map<string, string[]> {
  const header = response?.headers()['content-security-policy'] ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectStrictPolicy(response: Response | null, label: string): void {
  const policy = policyOf(response);
  expect(policy.get('default-src'), label).toEqual(["'self'"]);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts[0], label).toBe("'self'");
  // Only the build's inline scripts, each by its hash: nothing inline or evaluated beyond those.
  expect(
    scripts.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source)),
    `${label}: ${scripts.join(' ')}`,
  ).toBe(true);
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(response?.headers()['x-frame-options'], label).toBe('DENY');
  expect(response?.headers()['x-content-type-options'], label).toBe('nosniff');
}

/** Scrolls to the end and back, so that lazy sections, images and the video stills load. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
}

test('every public page, an admin edit and image upload, and an offline reload run under the policy with no violation', async ({
  page,
  context,
  api,
}) => {
  const violations = await watchViolations(page);
  const title = unique('Policy Summit');
  const event = await api.create<{ id: string; slug: string }>('events', {
    title,
    location: 'Lisbon',
    start_date: daysFromNow(20),
    end_date: daysFromNow(21),
    featured_image_url: '/demo/events/zurich.webp',
    description: 'An evening on data strategy.',
  });
  const past = await api.create('events', {
    title: unique('Policy past edition'),
    start_date: daysFromNow(-200),
    end_date: daysFromNow(-200, 17),
  });
  const guest = unique('Policy Guest');
  const person = await api.create('attendees', {
    name: guest,
    email: `${Date.now()}policy@example.org`,
    company: 'Contoso',
    job_title: 'Chief Data Officer',
  });
  await api.create('event_attendees', { event_id: past.id, attendee_id: person.id, attendee_type: 'past' });

  // A visitor: every public page, an event page, the 404 page and sign-in, each with the policy.
  for (const path of [...PUBLIC_PAGES, `/events/${event.slug}`, '/no-such-page', '/auth']) {
    const response = await page.goto(path);
    expectStrictPolicy(response, path);
    await scrollThrough(page);
  }
  // A video plays in the video site's player (frame-src). No internet here: its request is refused.
  const videoTitle = unique('Policy keynote');
  await api.create('videos', { title: videoTitle, video_url: 'https://youtu.be/dQw4w9WgXcQ', display_order: -1000 });
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.abort());
  await page.goto('/');
  const videos = page.getByRole('region', { name: 'From past events' });
  await videos.getByRole('button', { name: `Play video: ${videoTitle}` }).click();
  await expect(videos.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  // A Radix dialog (its scroll lock adds a <style> element) on past highlights.
  await page.goto('/past-highlights');
  await page.getByRole('button', { name: new RegExp(guest) }).click();
  const profile = page.getByRole('dialog', { name: 'Attendee Profile' });
  await expect(profile).toContainText('Chief Data Officer');
  await page.keyboard.press('Escape');
  await expect(profile).toHaveCount(0);

  // The demo admin edits the event and uploads a gallery image, online.
  await openAsAdmin(page, '/admin/events');
  await waitForAdminReplica(page);
  const renamed = `${title} (edited)`;
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByLabel('Title', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await page.getByRole('button', { name: `Edit ${renamed}` }).click();
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await page.getByLabel('Add images').setInputFiles({
    name: 'stage.png',
    mimeType: 'image/png',
    buffer: await buildImage('png', { seed: 31 }),
  });
  await expect(page.getByText('Images added to gallery')).toBeVisible();
  const gallery = page.getByRole('list', { name: 'Gallery images' }).getByRole('img');
  await expect(gallery).toHaveCount(1);
  await expect.poll(() => gallery.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('event_gallery').select('image_url').eq('event_id', event.id);
        return (data ?? []).map((row) => String(row.image_url).includes('/storage/v1/object/public/event-images/'));
      },
      { timeout: 45_000 },
    )
    .toEqual([true]);
  await waitForAdminReplica(page);
  await page.keyboard.press('Escape');

  // Offline: the service worker serves the back office and a public page from its cache, each
  // with the policy it was cached with, and both still work.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  try {
    const admin = await page.reload();
    expect(admin?.fromServiceWorker(), 'the offline reload comes from the service worker').toBe(true);
    expectStrictPolicy(admin, 'offline /admin/events');
    await expect(
      page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: renamed }),
    ).toBeVisible({ timeout: 30_000 });
    const home = await page.goto('/');
    expectStrictPolicy(home, 'offline /');
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  expect(violations).toEqual([]);
});

test('the Host header does not reach the links of a server-rendered event page, and another site’s name is refused', async ({
  request,
  api,
}) => {
  const event = await api.create<{ slug: string }>('events', {
    title: unique('Host Forum'),
    start_date: daysFromNow(15),
    end_date: daysFromNow(16),
  });
  // Another name of this machine: the links still name the site.
  const otherName = `127.0.0.1:${new URL(APP_URL).port}`;
  const response = await request.get(`/events/${event.slug}`, { headers: { Host: otherName } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<meta property="og:url" content="${APP_URL}/events/${event.slug}"`);
  expect(html).not.toContain(otherName);
  // A server on loopback answers no other site's name (DNS rebinding).
  const forged = await request.get(`/events/${event.slug}`, { headers: { Host: 'evil.example' } });
  expect(forged.status()).toBe(421);
  expect(await forged.text()).not.toContain(event.slug);
});
