import type { Page } from '@playwright/test';
import { START_AT_THE_LATEST_MS } from '../../scripts/prerender.ts';
import { APP_URL, test, expect as baseExpect, axe, daysFromNow, unique, walkFocus } from './support/fixtures.ts';

// The machine running the tests is shared by several builds: allow slow first reads.
const expect = baseExpect.configure({ timeout: 10_000 });

/** Serves run-time settings with these extra entries (the e2e server configures no external forms). */
async function withSettings(page: Page, settings: Record<string, string>) {
  await page.route('**/runtime-config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...settings } });
  });
}

test('a visitor moves around the site from the header and the footer', async ({ page }) => {
  await page.goto('/awards');
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Events', 'Awards', 'Past Highlights', 'Sponsors', 'Contact us']);
  await expect(nav.getByRole('link', { name: 'Awards' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Past Highlights' })).toHaveAttribute('href', '/past-highlights');

  await nav.getByRole('link', { name: 'Sponsors' }).click();
  await expect(page).toHaveURL(/\/sponsors$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await nav.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(/\/#events$/);
  await expect(page.getByRole('heading', { name: 'Upcoming CDO Vision' })).toBeInViewport();

  const footer = page.getByRole('contentinfo');
  const quickLinks = footer.getByRole('navigation', { name: 'Quick links' });
  const expected = [
    ['Home', '/'],
    ['Vision Talks', '/vision-talks'],
    ['Awards', '/awards'],
    ['Upcoming Events', '/#events'],
    ['Contact', '/contact'],
  ] as const;
  for (const [name, href] of expected) {
    await expect(quickLinks.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('link', { name: 'Events Calendar' })).toHaveAttribute('href', '/calendar');
  await expect(footer.getByText('London office')).toBeVisible();
  await expect(footer.getByText('New York office')).toBeVisible();
  await expect(footer.getByText(`© ${new Date().getFullYear()} CDO Vision. All rights reserved.`)).toBeVisible();
});

test('a keyboard user skips the navigation straight to the page content', async ({ page }) => {
  await page.goto('/vision-talks');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('a keyboard user who follows a link in the header starts on the new page, past the navigation', async ({
  page,
}) => {
  await page.goto('/vision-talks');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Awards' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/awards$/);
  await expect(page.locator('#main-content')).toBeFocused();
  // The next Tab (once the new page is there) is in the page, not back at the top of the header.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Recognising the leaders who make data and AI matter' }),
  ).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
  // A query of the same page (the calendar's filter, say) moves nothing.
  await page.goto('/awards');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const home = page.getByRole('link', { name: 'CDO Vision home' });
  await home.focus();
  await page.evaluate(() => history.pushState(null, '', '/awards?x=1'));
  await page.waitForTimeout(100);
  await expect(home).toBeFocused();
});

test('each page has its own title and description', async ({ page }) => {
  const pages = [
    ['/', 'CDO Vision | Invite-only events for data and AI leaders'],
    ['/vision-talks', 'Vision Talks | CDO Vision'],
    ['/awards', 'Awards | CDO Vision'],
    ['/sponsors', 'Sponsors | CDO Vision'],
    ['/contact', 'Contact us | CDO Vision'],
  ] as const;
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    const descriptions = await page
      .locator('head meta[name="description"]')
      .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')));
    expect(descriptions.length).toBeGreaterThan(0);
    expect(descriptions[0]?.length ?? 0).toBeGreaterThan(50);
  }
});

test('the partner banner invites sponsors until dismissed, and stays dismissed', async ({ page }) => {
  await page.goto('/vision-talks');
  const banner = page.getByRole('complementary', { name: 'Partner with CDO Vision' });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveCSS('position', 'fixed');
  await expect(banner.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

  // By keyboard: the focus goes on to the page's content, not to nowhere.
  await banner.getByRole('button', { name: 'Dismiss partner banner' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect(page.locator('#main-content')).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/awards');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('a keyboard user never has the focused control behind the partner banner', async ({ page }) => {
  for (const path of ['/sponsors', '/past-highlights']) {
    await page.goto(path);
    const banner = page.getByRole('complementary', { name: 'Partner with CDO Vision' });
    await expect(banner).toBeVisible();
    // Every control up to the banner's own shows entirely above the banner when it gets focus.
    const bannerTop = (await banner.boundingBox())!.y;
    const walked = await walkFocus(page, 'Tab', 'aside[aria-label="Partner with CDO Vision"]', 120);
    const hidden = walked.filter((control) => control.bottom > bannerTop);
    expect(hidden.map((control) => `${control.name} (bottom ${Math.round(control.bottom)})`)).toEqual([]);
  }
});

test('the partner banner is not shown on the contact page', async ({ page }) => {
  await page.goto('/sponsors');
  const banner = page.getByRole('complementary', { name: 'Partner with CDO Vision' });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('sign-in has no site header or footer, and the partner banner floats over it', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.locator('body')).not.toContainText('Skip to content');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Quick links' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Partner with CDO Vision' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a visitor opens and closes the navigation drawer with the keyboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link')).toHaveText([
      'Events',
      'Awards',
      'Past Highlights',
      'Sponsors',
      'Contact us',
    ]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Following a link closes the drawer.
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await drawer.getByRole('link', { name: 'Awards' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/awards$/);
    await expect(drawer).toBeHidden();
    // The new page's content has the keyboard, not the menu button the drawer came from.
    await expect(page.locator('#main-content')).toBeFocused();
    await page.waitForTimeout(300);
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('the public pages have no serious accessibility violations on a phone, before any scrolling', async ({
    page,
  }) => {
    // Sections below the fold are skipped until they come near the viewport; axe hit-tests the page
    // as it stands (Lighthouse does the same), so their text must lie inside their own boxes.
    // Three pages, each checked whole by axe.
    test.slow();
    for (const path of ['/', '/past-highlights', '/sponsors']) {
      await page.goto(path);
      expect(await axe(page), path).toEqual([]);
    }
  });

  test('a drawer that cannot load yet leaves the page working, and opens on the next try', async ({ page }) => {
    // The drawer is a chunk of its own; offline before the service worker has cached it, it fails.
    await page.route('**/assets/sheet-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);

    await page.unroute('**/assets/sheet-*.js');
    await menu.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });
});

test('an unknown path is answered 404, shows the 404 page, logs the path, and leads home', async ({
  page,
  request,
}) => {
  // Crawlers are told too: no route matches the whole path. Known pages, sign-in and the back office are 200.
  for (const path of ['/no-such-page/here', '/awards/2026', '/admin/no-such-section']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  for (const path of ['/awards', '/contact/', '/auth', '/admin/users']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/no-such-page/here');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | CDO Vision');
  expect(errors.some((text) => text.includes('/no-such-page/here'))).toBe(true);
  expect(await axe(page)).toEqual([]);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('CDO Vision | Invite-only events for data and AI leaders');
  // Only the missing path was logged, not the page the visitor went on to.
  expect(errors.filter((text) => text.includes('non-existent route'))).toEqual([
    '404 Error: User attempted to access non-existent route: /no-such-page/here',
  ]);
});

test('Vision Talks reads as four numbered sections', async ({ page }) => {
  await page.goto('/vision-talks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Four ideas shaping data and AI leadership');
  const sections = page.getByRole('main').getByRole('listitem');
  await expect(sections).toHaveCount(4);
  await expect(sections.nth(0)).toContainText('01');
  await expect(sections.nth(3)).toContainText('04');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    '1. The mandate has changed',
    '2. Trust is infrastructure',
    '3. Value, in the language of the business',
    '4. Leadership is a team sport',
  ]);
  expect(await axe(page)).toEqual([]);
});

test('Submit Nominations opens the nomination form in a new tab, and offline starts an e-mail', async ({
  page,
  context,
}) => {
  await withSettings(page, { nominationFormUrl: 'https://forms.example/nominate' });
  await page.goto('/awards');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nominate = page.getByRole('link', { name: /Submit Nominations/ });
  await expect(nominate).toHaveAttribute('href', 'https://forms.example/nominate');
  await expect(nominate).toHaveAttribute('target', '_blank');
  await expect(nominate).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('heading', { name: 'Award categories' })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await context.setOffline(true);
  await expect(nominate).toHaveAttribute('href', /^mailto:/);
  await context.setOffline(false);
  await expect(nominate).toHaveAttribute('href', 'https://forms.example/nominate');
});

test('with no nomination form to open, Submit Nominations starts an e-mail to the enquiry address', async ({
  page,
}) => {
  await withSettings(page, { enquiryEmail: 'awards@cdovision.example' });
  await page.goto('/awards');
  const nominate = page.getByRole('link', { name: /Submit Nominations/ });
  await expect(nominate).toHaveAttribute(
    'href',
    'mailto:awards@cdovision.example?subject=CDO%20Vision%20Awards%20nomination',
  );
  await expect(nominate).not.toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'awards@cdovision.example' })).toHaveAttribute(
    'href',
    'mailto:awards@cdovision.example',
  );
  expect(await axe(page)).toEqual([]);
});

test('the contact page embeds the enquiry form, with the address and both offices beside it', async ({
  page,
  context,
}) => {
  await withSettings(page, {
    enquiryFormUrl: 'https://forms.example/enquiry',
    enquiryEmail: 'hello@cdovision.example',
  });
  await page.route('https://forms.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Enquiry</title><p>Form</p>' }),
  );
  await page.goto('/contact');
  const form = page.locator('iframe[title="Enquiry form"]');
  await expect(form).toHaveAttribute('src', 'https://forms.example/enquiry');
  const details = page.getByRole('complementary', { name: 'Contact details' });
  await expect(details.getByRole('link', { name: 'hello@cdovision.example' })).toHaveAttribute(
    'href',
    'mailto:hello@cdovision.example',
  );
  await expect(details.getByText('London office')).toBeVisible();
  await expect(details.getByText('New York office')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Offline the form cannot load: the e-mail address takes its place.
  await context.setOffline(true);
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Enquiry form' }).getByRole('status')).toContainText(
    'The form cannot be shown while you are offline.',
  );
  await expect(page.getByRole('status').getByRole('link', { name: 'hello@cdovision.example' })).toBeVisible();
  await context.setOffline(false);
  await expect(form).toBeVisible();
});

test('the sponsors page makes its pitch with the audience, funnel, results and three options', async ({ page }) => {
  await page.goto('/sponsors');
  const main = page.getByRole('main');
  await expect(page.getByRole('region', { name: 'Who you will meet' }).getByRole('listitem')).toHaveText([
    '68% are VP level or above',
    '62% work in enterprises with 5,000+ employees',
    '55% work in companies with $1B+ revenue',
    '78% hold budget authority for data and AI',
  ]);
  for (const stage of ['100%', '85%', '60%', '35%', '15%']) {
    await expect(
      page.getByRole('region', { name: 'From handshake to pipeline' }).getByText(stage, { exact: true }),
    ).toBeVisible();
  }
  for (const result of ['7-10', '35-40%', '18-30k', '~2x'])
    await expect(main.getByText(result, { exact: true })).toBeVisible();

  const options = page.getByRole('region', { name: 'Sponsorship options' });
  await expect(options.getByRole('heading', { level: 3 })).toHaveText([
    'Premier Sponsor',
    'Platinum Sponsor',
    'Exhibitor',
  ]);
  await expect(options.getByText('per month')).toHaveCount(3);
  expect(await axe(page)).toEqual([]);
});

test('the past sponsors grid shows each logo, or the name when a sponsor has no logo or it does not load', async ({
  page,
  api,
}) => {
  const withLogo = unique('Aardvark Logo Co');
  const withoutLogo = unique('Aardvark Nameonly');
  const deadLogo = unique('Aardvark Deadlogo');
  await api.create('sponsors_library', { name: withLogo, logo_url: '/demo/logos/alpenbank-privat.webp' });
  await api.create('sponsors_library', { name: withoutLogo });
  await api.create('sponsors_library', { name: deadLogo, logo_url: '/demo/logos/no-such-logo.webp' });
  await page.goto('/sponsors');
  const grid = page.getByRole('region', { name: 'Our past sponsors' });
  await expect(grid.getByRole('img', { name: withLogo })).toBeVisible({ timeout: 15_000 });
  await expect(grid.getByText(withoutLogo, { exact: true })).toBeVisible();
  // Logos load as they come near the viewport; one that fails then gives way to the name.
  await grid.getByText(withoutLogo, { exact: true }).scrollIntoViewIfNeeded();
  await expect(grid.getByText(deadLogo, { exact: true })).toBeVisible();
  await expect(grid.getByRole('img', { name: deadLogo })).toHaveCount(0);
  await expect(page.getByRole('figure')).toContainText('”');
});

test('without any script, the home page and past highlights show their events from the server', async ({
  browser,
  api,
}) => {
  const upcoming = unique('Server Rendered Summit');
  const past = unique('Server Rendered Dinner');
  const sponsor = unique('Server Rendered Sponsor');
  await api.create('sponsors_library', { name: sponsor });
  await api.create('events', {
    title: upcoming,
    slug: upcoming.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    start_date: daysFromNow(20, 12),
    end_date: daysFromNow(20, 18),
  });
  await api.create('events', {
    title: past,
    slug: past.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    // Newer than every seeded past event, so it is among the six shown.
    start_date: daysFromNow(-1, 12),
    end_date: daysFromNow(-1, 18),
  });
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    // The server keeps the pages it renders (docs/decisions/022-kept-pages-for-a-crowd.md): one kept
    // a moment before these rows were made is still sent until its refresh, a second or so later, has
    // run. Without scripts nothing updates the page, so it is loaded again until then.
    await expect(async () => {
      await page.goto(`${APP_URL}/`);
      await expect(page.getByRole('link', { name: new RegExp(upcoming) })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(async () => {
      await page.goto(`${APP_URL}/past-highlights`);
      await expect(page.getByRole('link', { name: new RegExp(past) })).toBeVisible({ timeout: 1000 });
      await expect(page.getByText(sponsor, { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    await context.close();
  }
});

test('a public page requests its scripts only after it has loaded and painted its content', async ({ page }) => {
  for (const path of ['/', '/past-highlights']) {
    await page.goto(path);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'));
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        loaded: navigation.loadEventEnd,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThan(timing.firstPaint);
    // The load event, or the loader's deadline when the load is slow (a busy machine).
    expect(timing.firstScript).toBeGreaterThanOrEqual(Math.min(timing.loaded, START_AT_THE_LATEST_MS));
  }
});

test('a visitor who scrolls down before the scripts have started is not sent back to the top', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The scripts arrive only once the visitor has scrolled, as on a slow phone reading the server's page.
  let scrolled!: () => void;
  const afterScroll = new Promise<void>((resolve) => (scrolled = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await afterScroll;
    await route.continue();
  });
  await page.goto('/past-highlights', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Leaders from these companies have joined us' });
  await heading.scrollIntoViewIfNeeded();
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY).toBeGreaterThan(844);
  scrolled();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
  // Started, the app loads the logos of the strip in view, and the page stays where it was.
  await expect(page.getByTestId('logo-strip').locator('img').first()).toBeAttached({ timeout: 20_000 });
  await expect(heading).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  await context.close();
});
