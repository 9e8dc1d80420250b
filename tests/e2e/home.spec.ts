import { format } from 'date-fns';
import { createEvent, slugOf } from './support/builders.ts';
import { test, expect as baseExpect, axe, unique, daysFromNow } from './support/fixtures.ts';

// The machine running the tests is shared by several builds: allow slow first reads.
const expect = baseExpect.configure({ timeout: 10_000 });

test('a visitor sees an upcoming event as a card with its date written out, and opens its page', async ({
  page,
  api,
}) => {
  const title = unique('Home Card Summit');
  const startDate = daysFromNow(30, 12);
  await createEvent(api, {
    title,
    start_date: startDate,
    end_date: daysFromNow(30, 18),
    location: 'Lisbon',
    featured_image_url: '/demo/events/paris.webp',
  });

  await page.goto('/');
  const events = page.getByRole('region', { name: 'Upcoming CDO Vision' });
  const card = events.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText(format(new Date(startDate), 'EEEE, d MMMM yyyy'));
  await expect(card).toContainText('Lisbon');
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', '/demo/events/paris.webp');
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('width', '1200');

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/events/${slugOf(title)}$`));
});

test('an upcoming event without an image shows a gradient placeholder instead', async ({ page, api }) => {
  const title = unique('No Image Forum');
  await createEvent(api, {
    title,
    start_date: daysFromNow(45),
    end_date: daysFromNow(45, 17),
  });
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Upcoming CDO Vision' }).getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.locator('img')).toHaveCount(0);
  await expect(card.getByTestId('event-image-placeholder')).toBeVisible();
});

test('the hero plays a muted looping video behind its heading and links to the 2026 calendar', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where data and AI leaders shape what comes next');
  await expect(page).toHaveTitle('CDO Vision | Invite-only events for data and AI leaders');
  const video = page.locator('video').first();
  // The poster is in the page (a data URL), the same image as public/media/hero-poster.webp.
  const poster = await video.getAttribute('poster');
  expect(poster).toMatch(/^data:image\/webp;base64,/);
  const served = await page.request.get('/media/hero-poster.webp');
  expect(Buffer.from(poster!.split(',')[1]!, 'base64')).toEqual(await served.body());
  expect(
    await video.evaluate((v: HTMLVideoElement) => ({
      muted: v.muted,
      loop: v.loop,
      autoplay: v.autoplay,
      playsInline: v.playsInline,
    })),
  ).toEqual({
    muted: true,
    loop: true,
    autoplay: true,
    playsInline: true,
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && !v.paused)).toBe(true);

  // The loop can be paused (moving content longer than five seconds).
  await page.getByRole('button', { name: 'Pause background video' }).click();
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.getByRole('button', { name: 'Play background video' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  // Reduced motion asked for while it plays: it stops, and its button goes.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(page.getByRole('button', { name: /background video/ })).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });

  await expect(page.getByRole('link', { name: 'See 2026 Calendar' })).toHaveAttribute('href', '/calendar');
});

test('a visitor who prefers reduced motion sees only the hero poster', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const video = page.locator('video').first();
  // The hero would start its video once the page has loaded and the main thread is idle (hero.tsx):
  // wait for that moment, and two frames more for the render and its effects, then check it did not.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const afterIdle = () =>
          requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))), {
            timeout: 1000,
          });
        if (document.readyState === 'complete') afterIdle();
        else addEventListener('load', afterIdle, { once: true });
      }),
  );
  await expect(video.locator('source')).toHaveCount(0);
  expect(await video.evaluate((v: HTMLVideoElement) => ({ source: v.currentSrc, paused: v.paused }))).toEqual({
    source: '',
    paused: true,
  });
  await expect(page.getByRole('button', { name: /background video/ })).toHaveCount(0);
});

test('a visitor expands the discussion topics with the keyboard', async ({ page }) => {
  await page.goto('/');
  const topics = page.getByRole('region', { name: 'What we discuss' });
  const triggers = topics.getByRole('button');
  await expect(triggers).toHaveCount(4);
  await triggers.first().focus();
  await page.keyboard.press('Enter');
  await expect(triggers.first()).toHaveAttribute('aria-expanded', 'true');
  await expect(topics.getByText(/board uses/)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(triggers.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(triggers.first()).toHaveAttribute('aria-expanded', 'false');
});

test('the home page quotes the first general testimonial with its rating and offers two past-event videos', async ({
  page,
  api,
}) => {
  const name = unique('Quoted Leader');
  await api.create('testimonials', {
    name,
    job_title: 'Chief Data Officer',
    company: 'Testwell Insurance',
    quote: 'An evening that changed our data roadmap.',
    rating: 4,
    display_order: -1000,
  });
  const videoTitle = unique('Recap video');
  await api.create('videos', {
    title: videoTitle,
    description: 'Highlights from the test edition.',
    video_url: 'https://youtu.be/dQw4w9WgXcQ',
    display_order: -1000,
  });

  // No internet here: the player's request is refused, only its address matters.
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.abort());
  await page.goto('/');
  const partner = page.getByRole('region', { name: 'Why Partner With Us' });
  await expect(partner.getByText('An evening that changed our data roadmap.')).toBeVisible({ timeout: 15_000 });
  await expect(partner.getByText(name)).toBeVisible();
  await expect(partner.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a Sponsor' })).toHaveAttribute('href', '/sponsors');

  const videos = page.getByRole('region', { name: 'From past events' });
  await expect(videos.getByRole('listitem')).toHaveCount(2);
  await expect(videos.getByRole('heading', { name: videoTitle })).toBeVisible();
  // Nothing from the video site loads until the visitor presses play.
  await expect(videos.locator('iframe')).toHaveCount(0);
  await videos.getByRole('button', { name: `Play video: ${videoTitle}` }).click();
  await expect(videos.locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
  );
  await expect(videos.locator('iframe')).toHaveAttribute('title', videoTitle);
});

test('the home page passes an accessibility check', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Upcoming CDO Vision' }).getByRole('link').first()).toBeVisible();
  expect(await axe(page)).toEqual([]);
});
