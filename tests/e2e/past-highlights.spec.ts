/**
 * /past-highlights as a visitor sees it, with rows each test creates through the admin API (the demo
 * seed is there too, so every assertion is scoped to the rows made here).
 */
import { format } from 'date-fns';
import type { Locator, Page, Route } from '@playwright/test';
import { test, expect as baseExpect, axe, unique, daysFromNow, isReplicaPull, type Api } from './support/fixtures.ts';

test.use({ timezoneId: 'UTC' });
// Pages load their data while other suites build and run on the same two cores.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** The long date of an ISO instant in UTC, as the page prints it in a UTC browser. */
function longDateUtc(iso: string): string {
  const d = new Date(iso);
  return format(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), 'EEEE, d MMMM yyyy');
}

/** An ISO time `minutes` from now: registrations newer than any in the seed come first on the page. */
function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

/** How many distinct, live attendees of past events the page will list (seed included). */
async function pastAttendeeCount(api: Api): Promise<number> {
  const { data, error } = await api.admin
    .from('event_attendees')
    .select('attendee_id, attendees!inner(id, _deleted)')
    .eq('attendee_type', 'past')
    .eq('_deleted', false)
    .eq('attendees._deleted', false);
  if (error) throw new Error(error.message);
  return new Set((data as { attendee_id: string }[]).map((row) => row.attendee_id)).size;
}

/** A past event with `count` past attendees registered after everyone else, newest first by number. */
async function createPastAttendees(api: Api, count: number, prefix: string) {
  const event = await api.create('events', {
    title: unique('Past attendees edition'),
    start_date: daysFromNow(-400),
    end_date: daysFromNow(-400, 17),
  });
  const people: { id: string; name: string }[] = [];
  for (let i = 1; i <= count; i++) {
    const person = await api.create<{ id: string; name: string }>('attendees', {
      name: `${prefix} ${String(i).padStart(2, '0')}`,
      email: `${prefix.replace(/\W/g, '').toLowerCase()}${i}@example.org`,
      company: 'Northwind Analytics',
      job_title: 'Chief Data Officer',
      registered_at: minutesFromNow(60 + i),
    });
    await api.create('event_attendees', { event_id: event.id, attendee_id: person.id, attendee_type: 'past' });
    people.push(person);
  }
  return people.reverse();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('a visitor sees at most six past events, newest first, dated in full, with a placeholder when there is no image', async ({
  page,
  api,
}) => {
  // Both ended minutes ago, and started later than the seed's past editions, today's included once it
  // is over (it ends at 22:30 UTC): they come first whatever the hour the test runs.
  const withoutImage = await api.create<{ slug: string; title: string; start_date: string }>('events', {
    title: unique('Lisbon Past Roundtable'),
    location: 'Lisbon',
    start_date: minutesFromNow(-60),
    end_date: minutesFromNow(-2),
  });
  const withImage = await api.create<{ title: string }>('events', {
    title: unique('Oslo Past Summit'),
    featured_image_url: '/demo/events/london.webp',
    start_date: minutesFromNow(-90),
    end_date: minutesFromNow(-3),
  });

  await page.goto('/past-highlights');
  const pastEvents = section(page, 'Past Events');
  const cards = pastEvents.getByRole('link');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(6);
  await expect(cards.nth(0)).toContainText(withoutImage.title);
  await expect(cards.nth(1)).toContainText(withImage.title);

  const card = cards.filter({ hasText: withoutImage.title });
  await expect(card).toHaveAttribute('href', `/events/${withoutImage.slug}`);
  await expect(card).toContainText(longDateUtc(withoutImage.start_date));
  await expect(card.getByTestId('event-image-placeholder')).toBeVisible();
  await expect(cards.filter({ hasText: withImage.title }).locator('img')).toHaveAttribute(
    'src',
    '/demo/events/london.webp',
  );

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/events/${withoutImage.slug}$`));
});

test('a visitor pages through past attendees twelve at a time until all are shown', async ({ page, api }) => {
  // Dozens of rows are created first, then twelve cards at a time are paged through.
  test.slow();
  const existing = await pastAttendeeCount(api);
  // At least 25 of our own, and a total one more than a multiple of 12, so the last page holds one card.
  let count = 25;
  while ((existing + count) % 12 !== 1) count += 1;
  const people = await createPastAttendees(api, count, unique('Paging Leader'));
  const total = existing + count;

  await page.goto('/past-highlights');
  const attendees = section(page, 'Past Attendees');
  const cards = attendees.getByRole('listitem');
  await expect(cards).toHaveCount(12);
  // Our attendees registered last, so they come first, newest first.
  await expect(cards.first()).toContainText(people[0]!.name);
  await expect(cards.nth(11)).toContainText(people[11]!.name);

  const viewMore = attendees.getByRole('button', { name: 'View More' });
  for (let shown = 24; shown < total; shown += 12) {
    await viewMore.click();
    await expect(cards).toHaveCount(shown);
    await expect(attendees.getByRole('status')).toHaveText(`Showing ${shown} of ${total} attendees`);
  }
  await viewMore.click();
  await expect(cards).toHaveCount(total);
  await expect(viewMore).toHaveCount(0);
  // The button went away; focus stays in the section instead of falling back to the page.
  await expect(attendees.getByRole('status')).toBeFocused();
  await expect(attendees.getByRole('status')).toHaveText(`Showing ${total} of ${total} attendees`);
});

test('clicking a past attendee opens their Attendee Profile, and Escape returns to the card', async ({ page, api }) => {
  const event = await api.create('events', {
    title: unique('Profile edition'),
    start_date: daysFromNow(-300),
    end_date: daysFromNow(-300, 17),
  });
  const name = unique('Grace Profile');
  const person = await api.create('attendees', {
    name,
    email: `${Date.now()}grace@example.org`,
    company: 'Contoso Health',
    job_title: 'Chief AI Officer',
    bio: 'Leads data and AI strategy across forty hospitals.',
    linkedin_url: 'https://www.linkedin.com/in/grace-profile',
    registered_at: minutesFromNow(120),
  });
  await api.create('event_attendees', { event_id: event.id, attendee_id: person.id, attendee_type: 'past' });

  await page.goto('/past-highlights');
  const card = section(page, 'Past Attendees').getByRole('button', { name: new RegExp(name) });
  await expect(card).toContainText('Chief AI Officer');
  await expect(card).toContainText('Contoso Health');
  await card.click();
  const dialog = page.getByRole('dialog', { name: 'Attendee Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText('Leads data and AI strategy across forty hospitals.');
  await expect(dialog.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/in/grace-profile',
  );
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();

  // A click that does not focus the button (as in Safari) still gets focus back to the card.
  await card.evaluate((element: HTMLElement) => element.blur());
  await card.dispatchEvent('click');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();
});

test('past sponsors show their logo, or their name when they have none, with twelve tiles while loading', async ({
  page,
  api,
}) => {
  const named = await api.create<{ name: string }>('sponsors_library', { name: unique('Aardvark Data Co') });
  const withLogo = await api.create<{ name: string }>('sponsors_library', {
    name: unique('Aardvark Logo Co'),
    logo_url: '/demo/logos/arclight-ai.webp',
  });

  // Hold the sponsor reads until the skeleton has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/sponsors_library*', async (route: Route) => {
    await held;
    await route.continue();
  });
  // Reached from another page, the page reads its sponsors itself (the server's page comes with them).
  await page.goto('/awards');
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Past Highlights' })
    .click();
  await expect(page).toHaveURL(/\/past-highlights$/);
  const sponsors = section(page, 'Our past sponsors');
  await expect(sponsors.getByTestId('sponsor-skeletons').locator('li')).toHaveCount(12);
  release();

  await expect(sponsors.getByText(named.name, { exact: true })).toBeVisible();
  await expect(sponsors.getByRole('img', { name: withLogo.name })).toHaveAttribute(
    'src',
    '/demo/logos/arclight-ai.webp',
  );
  await expect(sponsors.getByTestId('sponsor-skeletons')).toHaveCount(0);
  await expect(sponsors.getByRole('link', { name: 'Become a sponsor' })).toHaveAttribute('href', '/sponsors');
});

test('the logo strip repeats each past attendee company three times, announces it once and drops broken logos', async ({
  page,
  api,
}) => {
  const event = await api.create('events', {
    title: unique('Logo edition'),
    start_date: daysFromNow(-200),
    end_date: daysFromNow(-200, 17),
  });
  const company = unique('Baltic Logo Mutual');
  const good = await api.create('attendees', {
    name: unique('Logo Person'),
    email: `${Date.now()}logo@example.org`,
    company,
    company_logo_url: '/demo/logos/baltic-mutual.webp',
    registered_at: minutesFromNow(180),
  });
  const broken = await api.create('attendees', {
    name: unique('Broken Logo Person'),
    email: `${Date.now()}broken@example.org`,
    company: unique('Missing Logo Inc'),
    company_logo_url: '/demo/logos/does-not-exist.webp',
    registered_at: minutesFromNow(181),
  });
  for (const person of [good, broken]) {
    await api.create('event_attendees', { event_id: event.id, attendee_id: person.id, attendee_type: 'past' });
  }

  await page.goto('/past-highlights');
  // The strip itself never stands still, so scroll to its heading.
  await page.getByRole('heading', { name: 'Leaders from these companies have joined us' }).scrollIntoViewIfNeeded();
  const strip = page.getByTestId('logo-strip');
  await expect(strip.locator('img[src="/demo/logos/baltic-mutual.webp"]')).toHaveCount(3);
  await expect(strip.getByRole('img', { name: company })).toHaveCount(1);
  await expect(strip.locator('ul[aria-hidden="true"]')).toHaveCount(2);
  await expect(strip.locator('img[src="/demo/logos/does-not-exist.webp"]')).toHaveCount(0);
  // Every logo has loaded, also those still to slide into view: the strip shows no gaps.
  await expect
    .poll(() =>
      strip
        .locator('ul')
        .first()
        .locator('img')
        .evaluateAll((images: HTMLImageElement[]) => images.filter((image) => image.naturalWidth === 0).length),
    )
    .toBe(0);

  // Anyone can stop the motion.
  const toggle = page.getByRole('button', { name: 'Pause logos' });
  await toggle.click();
  // Its name says what the next press does; it is not also a pressed toggle ('Play logos, pressed').
  await expect(page.getByRole('button', { name: 'Play logos' })).not.toHaveAttribute('aria-pressed');
  await expect(strip).toHaveCSS('animation-play-state', 'paused');
});

test('a logo strip that first appears with a later answer still loads its logos when scrolled to', async ({ page }) => {
  // The page's own read of past attendees answers none; the device's copy of the data, a moment
  // later, has them.
  await page.route('**/rest/v1/event_attendees*', async (route: Route) => {
    if (isReplicaPull(route.request().url())) await route.continue();
    else await route.fulfill({ json: [] });
  });
  await page.goto('/awards');
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Past Highlights' })
    .click();
  await expect(page).toHaveURL(/\/past-highlights$/);
  const strip = page.getByTestId('logo-strip');
  await expect(strip.locator('li').first()).toBeAttached({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Leaders from these companies have joined us' }).scrollIntoViewIfNeeded();
  await expect(strip.locator('img').first()).toBeAttached();
});

test('on a phone the logo strip fetches no logo until it comes near, and names the companies meanwhile', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/past-highlights');
  await expect(section(page, 'Past Attendees').getByRole('listitem').first()).toBeAttached();
  const strip = page.getByTestId('logo-strip');
  // Two screens and more below: a box for each logo, the companies named for screen readers, no image.
  const announced = strip.locator('ul:not([aria-hidden="true"]) > li');
  await expect(announced.first()).toHaveText(/\S/);
  const companies = await announced.allTextContents();
  await expect(strip.locator('li')).toHaveCount(companies.length * 3);
  await expect(strip.locator('img')).toHaveCount(0);
  // Near the screen, every logo is there, the announced copy's named by its company.
  await page.getByRole('heading', { name: 'Leaders from these companies have joined us' }).scrollIntoViewIfNeeded();
  await expect(strip.locator('img')).toHaveCount(companies.length * 3);
  await expect(strip.locator('ul:not([aria-hidden="true"]) img')).toHaveCount(companies.length);
  expect(
    await strip
      .locator('ul:not([aria-hidden="true"]) img')
      .evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.alt)),
  ).toEqual(companies);
  await expect(announced.locator('.sr-only')).toHaveCount(0);
  await context.close();
});

test('the page tells its story: hero, the numbers over a video, testimonials and the markets banner', async ({
  page,
}) => {
  await page.goto('/past-highlights');
  await expect(page).toHaveTitle('Past Highlights | CDO Vision');
  await expect(page.getByRole('link', { name: 'See our events' })).toHaveAttribute('href', '/#events');
  const numbers = section(page, 'By the Numbers');
  await expect(numbers.getByRole('listitem')).toHaveText(['4+ years', '20+ editions', '600+ leaders', '50+ sponsors']);
  const video = numbers.getByTestId('highlights-video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.muted && element.loop)).toBe(true);
  // Below the fold it waits; on screen it plays.
  expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await video.scrollIntoViewIfNeeded();
  await expect(video).toHaveAttribute('poster', '/media/hero-poster.webp');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  // The loop can be paused (moving content longer than five seconds), and started again.
  await numbers.getByRole('button', { name: 'Pause background video' }).click();
  expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await numbers.getByRole('button', { name: 'Play background video' }).click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  await expect(section(page, 'What leaders say').locator('figure')).toHaveCount(3);
  const markets = section(page, 'Working in over 20 international markets');
  await expect(markets.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact');
});

/**
 * Scrolls the numbers' video into view until it has its poster: the sections around it are laid out
 * as they come near (content-visibility), which can move it off screen again after one scroll.
 */
async function scrollUntilPoster(video: Locator): Promise<void> {
  await expect(async () => {
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute('poster', '/media/hero-poster.webp', { timeout: 1000 });
  }).toPass();
}

test("on a phone the numbers' poster is fetched only once the section comes near, never before the first paint", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const posterRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/media/hero-poster.webp')) posterRequests.push(request.url());
  });
  await page.goto('/past-highlights');
  await expect(section(page, 'Past Attendees').getByRole('listitem').first()).toBeVisible();
  const video = page.getByTestId('highlights-video');
  await expect(video).not.toHaveAttribute('poster', /./);
  expect(posterRequests).toEqual([]);
  await scrollUntilPoster(video);
  await expect.poll(() => posterRequests.length).toBe(1);
  await context.close();
});

test('with reduced motion the video stays on its poster and the logo strip stands still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/past-highlights');
  await expect(section(page, 'Past Attendees').getByRole('listitem').first()).toBeVisible();
  const video = page.getByTestId('highlights-video');
  await scrollUntilPoster(video);
  expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await expect(section(page, 'By the Numbers').getByRole('button', { name: /background video/ })).toHaveCount(0);
  await expect(page.getByTestId('logo-strip')).toHaveCSS('animation-name', 'none');
  await expect(page.getByRole('button', { name: 'Pause logos' })).toBeHidden();
});

test('past highlights hydrates its prerendered HTML cleanly and has no serious accessibility violations', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/past-highlights');
  await expect(section(page, 'Past Attendees').getByRole('listitem').first()).toBeVisible();
  await expect(section(page, 'Past Events').getByRole('link').first()).toBeVisible();
  await expect(section(page, 'Our past sponsors').getByRole('listitem').first()).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // React reports a hydration mismatch as a console error (minified: errors #418, #423, #425).
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
});
