/**
 * The event detail page (spec section 2, "Event detail"; sections 8 and 9), against events each test
 * creates through the admin API. Times are shown in the event's zone: UTC for those that name none,
 * as the browser here is.
 */
import type { Page } from '@playwright/test';
import { addToEvent, createAttendee, createEvent, slugOf, type EventRow } from './support/builders.ts';
import type { Api } from './support/fixtures.ts';
import { APP_URL, axe, daysFromNow, expect, isReplicaPull, test, unique, walkFocus } from './support/fixtures.ts';

test.use({ timezoneId: 'UTC' });

/** An ISO time `days` from now at hh:mm UTC. */
function at(days: number, hour: number, minute = 0): string {
  const date = new Date(daysFromNow(days, hour));
  date.setUTCMinutes(minute);
  return date.toISOString();
}

/**
 * An event whose page is long: an attendee, partners, `sessions` on the agenda, a gallery of `images`
 * and a testimonial, with `extra` fields (why_attend, say) and, if asked, a video.
 */
async function createLongEvent(
  api: Api,
  {
    sessions,
    images,
    video = false,
    extra = {},
  }: { sessions: number; images: number; video?: boolean; extra?: Record<string, unknown> },
): Promise<EventRow> {
  const event = await createEvent(api, { why_partner: ['Meet buyers'], ...extra });
  const attendee = await createAttendee(api);
  await addToEvent(api, event.id, attendee.id);
  for (let index = 0; index < sessions; index += 1) {
    await api.create('sessions', {
      event_id: event.id,
      title: `Session ${index + 1}`,
      start_time: at(40, 9 + index),
      end_time: at(40, 10 + index),
    });
  }
  await addGallery(api, event.id, images);
  await api.create('testimonials', { event_id: event.id, name: 'Sam', quote: 'Great.', rating: 5 });
  if (video) {
    await api.create('videos', { event_id: event.id, title: 'Keynote', video_url: 'https://youtu.be/dQw4w9WgXcQ' });
  }
  return event;
}

async function addGallery(api: Api, eventId: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    await api.create('event_gallery', {
      event_id: eventId,
      image_url: `/demo/gallery/0${index + 1}.webp`,
      caption: `Gallery photo ${index + 1}`,
      display_order: index,
    });
  }
}

test('a visitor sees the overview with TBD venue and the 30+ attendees fallback', async ({ page, api }) => {
  const event = await createEvent(api, { description: 'A day of candid talk about data leadership.' });
  await page.goto(`/events/${event.slug}`);

  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  const overview = page.getByRole('region', { name: event.title });
  await expect(overview.getByText(/^\w+day, \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(overview.getByRole('definition').first()).toHaveText('TBD');
  await expect(overview.getByRole('definition').nth(1)).toHaveText('30+ attendees');
  await expect(overview.getByText('A day of candid talk about data leadership.')).toBeVisible();
  await expect(overview.getByRole('link', { name: /Request Invite/ })).toHaveCount(0);

  // Nothing else to show: no 'Join the Leaders', agenda, sponsors, gallery, testimonials or videos.
  await expect(page.getByRole('heading', { name: 'Join the Leaders' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Gallery' })).toHaveCount(0);
  // The nav still names all eight sections (spec section 2); only Overview leads anywhere.
  const nav = page.getByRole('navigation', { name: 'Event sections' });
  await expect(nav.getByRole('link')).toHaveText([
    'Overview',
    'Attendees',
    'Agenda',
    'Why Attend',
    'Sponsors',
    'Gallery',
    'Testimonials',
    'Videos',
  ]);
  await expect(nav.getByRole('link', { disabled: false })).toHaveText(['Overview']);
  const gallery = nav.getByRole('link', { name: 'Gallery' });
  await expect(gallery).toBeDisabled();
  await expect(gallery).not.toHaveAttribute('href');
  // Tab from Overview leaves the nav: the seven others are not in the way.
  await nav.getByRole('link', { name: 'Overview' }).focus();
  await page.keyboard.press('Tab');
  expect(await nav.evaluate((element) => element.contains(document.activeElement))).toBe(false);
  await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeVisible();
});

test('the overview shows the date like "Monday, 5 January 2026", the venue and the subheading as audience', async ({
  page,
  api,
}) => {
  const event = await createEvent(api, {
    location: 'The Grand Hall, Lisbon',
    subheading: 'Forty chief data officers from Iberia',
    start_date: '2027-03-01T09:00:00Z',
    end_date: '2027-03-01T17:00:00Z',
  });
  await page.goto(`/events/${event.slug}`);
  const overview = page.getByRole('region', { name: event.title });
  await expect(overview.getByText('Monday, 1 March 2027')).toBeVisible();
  await expect(overview.getByRole('definition').first()).toHaveText('The Grand Hall, Lisbon');
  await expect(overview.getByRole('definition').nth(1)).toHaveText('Forty chief data officers from Iberia');
});

test('without a subheading the audience is the number of attendees', async ({ page, api }) => {
  const event = await createEvent(api);
  for (let index = 0; index < 3; index += 1) {
    const attendee = await createAttendee(api);
    await addToEvent(api, event.id, attendee.id, index === 2 ? 'past' : 'current');
  }
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('region', { name: event.title }).getByRole('definition').nth(1)).toHaveText(
    '3 attendees',
  );
});

test('the id works in the URL as well as the slug', async ({ page, api }) => {
  const event = await createEvent(api);
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
});

test('a link whose # part holds a stray % (a pasted campaign link) still opens the event', async ({ page, api }) => {
  const event = await createEvent(api);
  await page.goto(`/events/${event.slug}#20%`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
});

test('an unknown event is answered 404 with the 404 page', async ({ page, request, browser }) => {
  const path = `/events/${slugOf(unique('no such event'))}`;
  const response = await request.get(path);
  expect(response.status()).toBe(404);
  // The server renders the 404 page itself: it reads without any script.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(`${APP_URL}${path}`);
  await expect(bare.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(bare).toHaveTitle('Page not found | CDO Vision');
  await noScript.close();

  await page.goto(path);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found | CDO Vision');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
});

test("the server sends the event's page rendered, head included, so it reads without any script", async ({
  browser,
  api,
}) => {
  const event = await createEvent(api, { subheading: 'Thirty data leaders in Oslo', location: 'Oslo Opera House' });
  const attendee = await createAttendee(api);
  await addToEvent(api, event.id, attendee.id);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    // A page the server kept a moment before the attendee was added (another test's tab keeps every
    // upcoming event's page offline) is sent until realtime tells the server of the addition
    // (docs/decisions/022-kept-pages-for-a-crowd.md): without scripts, it is loaded again until then.
    await expect(async () => {
      await page.goto(`${APP_URL}/events/${event.slug}`);
      await expect(page.getByRole('region', { name: 'Join the Leaders' })).toContainText(attendee.name, {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    await expect(page).toHaveTitle(`${event.title} | CDO Vision`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${event.title} | CDO Vision`);
    const overview = page.getByRole('region', { name: event.title });
    await expect(overview.getByRole('definition').first()).toHaveText('Oslo Opera House');
    await expect(page.getByRole('region', { name: 'Get in Touch' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const [jsonLd] = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Event', name: event.title });
    // No e-mail address reaches the page, seeded data included.
    expect(await page.content()).not.toContain(attendee.email);
  } finally {
    await context.close();
  }
});

test("images still uploading from an admin's device are not shown as broken images, in the server's page or after", async ({
  page,
  request,
  api,
}) => {
  // What an admin's records hold, and the server too, while their files are on their way.
  const placeholder = (digit: string) => `/outbox/${digit.repeat(32)}`;
  const event = await createEvent(api, { featured_image_url: placeholder('a') });
  const attendee = await createAttendee(api, { photo_url: placeholder('b'), company_logo_url: placeholder('c') });
  await addToEvent(api, event.id, attendee.id);
  for (const [index, image_url] of [placeholder('d'), placeholder('e'), placeholder('f')].entries()) {
    await api.create('event_gallery', { event_id: event.id, image_url, display_order: index });
  }

  // The rows ride along in the page's data; no image or link preview names a placeholder.
  const served = await (await request.get(`${APP_URL}/events/${event.slug}`)).text();
  expect(served).toContain(attendee.name);
  expect(served).not.toMatch(/(src|content|href)="[^"]*\/outbox\//);
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('region', { name: 'Join the Leaders' })).toContainText(attendee.name);
  await expect(page.locator('img[src*="/outbox/"]')).toHaveCount(0);
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
  // Three photos, all still uploading: no gallery section, as for an event with none.
  await expect(page.locator('#gallery')).toHaveCount(0);
});

test("an event page the browser reads itself (here after following a card on the home page) says 'Loading...' until the event has loaded", async ({
  page,
  api,
}) => {
  const event = await createEvent(api);
  await page.goto('/');
  const card = page.getByRole('link', { name: new RegExp(event.title) }).first();
  await expect(card).toBeVisible();
  await page.route('**/rest/v1/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.slug}$`));
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

test("an event page whose read the backend answers with a server error says 'Loading...', never 'Page not found', and shows the event once the read succeeds", async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api);
  const notFoundLines: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('404 Error')) notFoundLines.push(message.text());
  });
  // The replica pulls nothing in this visit, and the page's own read of the event fails while `failing`.
  let failing = true;
  let failedReads = 0;
  await context.route('**/rest/v1/**', async (route) => {
    const url = route.request().url();
    const eventRead = url.includes(`slug=eq.${event.slug}`);
    if (isReplicaPull(url) || (failing && eventRead)) {
      if (eventRead) failedReads += 1;
      return route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503 Service Unavailable</h1>' });
    }
    return route.fallback();
  });
  await page.goto('/');
  const card = page.getByRole('link', { name: new RegExp(event.title) }).first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.slug}$`));

  // It keeps saying 'Loading...' through a failure and the next try, which fails too.
  await expect.poll(() => failedReads, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  await expect(page).not.toHaveTitle('Page not found | CDO Vision');

  failing = false;
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible({ timeout: 20_000 });
  expect(notFoundLines).toEqual([]);
});

test('the request invite link opens in a new tab and the call to action leads to the contact form', async ({
  page,
  api,
}) => {
  const event = await createEvent(api, { request_invite_url: 'https://invites.example/summit' });
  await page.goto(`/events/${event.slug}`);
  const invite = page.getByRole('link', { name: /Request Invite/ });
  await expect(invite).toHaveAttribute('href', 'https://invites.example/summit');
  await expect(invite).toHaveAttribute('target', '_blank');
  await expect(invite).toHaveAttribute('rel', /noopener/);

  await page.getByRole('button', { name: 'Be a part of this event' }).click();
  const contact = page.getByRole('region', { name: 'Get in Touch' });
  await expect(contact).toBeInViewport();
  await expect(contact).toBeFocused();
});

test("'Join the Leaders' shows up to 4 why-attend cards, the attendee grids and 'Register Now'", async ({
  page,
  api,
}) => {
  const event = await createEvent(api, {
    why_attend: ['Peers only', 'Candid talk', 'Real cases', 'Long dinners', 'Fifth point', 'Sixth point'],
  });
  const current = await createAttendee(api, { name: unique('Current Person'), job_title: 'Chief Data Officer' });
  const past = await createAttendee(api, { name: unique('Past Person'), company: 'Acme Bank' });
  await addToEvent(api, event.id, current.id, 'current');
  await addToEvent(api, event.id, past.id, 'past');
  await page.goto(`/events/${event.slug}`);

  const leaders = page.getByRole('region', { name: 'Join the Leaders' });
  await expect(leaders.getByText('Peers only')).toBeVisible();
  await expect(leaders.getByText('Long dinners')).toBeVisible();
  await expect(leaders.getByText('Fifth point')).toHaveCount(0);
  await expect(leaders.getByText('Sixth point')).toHaveCount(0);

  const currentGrid = leaders.getByRole('heading', { name: 'Current Attendees' }).locator('..');
  await expect(currentGrid.getByRole('button', { name: new RegExp(current.name) })).toContainText('Chief Data Officer');
  await expect(currentGrid.getByRole('button', { name: new RegExp(past.name) })).toHaveCount(0);
  const pastGrid = leaders.getByRole('heading', { name: 'Past Attendees' }).locator('..');
  await expect(pastGrid.getByRole('button', { name: new RegExp(past.name) })).toContainText('Acme Bank');

  // No request_invite_url: 'Register Now' opens the site's own invite request form.
  await leaders.getByRole('button', { name: 'Register Now' }).click();
  const form = page.getByRole('dialog', { name: 'Request an Invite' });
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Event sections' });
  await expect(nav.getByRole('link', { disabled: false })).toHaveText(['Overview', 'Attendees', 'Why Attend']);
});

test("'Join the Leaders' is hidden without attendees and why-attend points", async ({ page, api }) => {
  const event = await createEvent(api, { why_partner: ['Meet buyers'] });
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('heading', { name: 'Partner With Us' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join the Leaders' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Register Now' })).toHaveCount(0);
});

test('the agenda lists sessions by start time with h:mm a times, room and speakers in order', async ({ page, api }) => {
  const event = await createEvent(api);
  const amy = await createAttendee(api, { name: unique('Amy Speaker'), job_title: 'CDO' });
  const zed = await createAttendee(api, { name: unique('Zed Speaker') });
  const closing = await api.create('sessions', {
    event_id: event.id,
    title: 'Closing keynote',
    start_time: at(40, 16, 30),
    end_time: at(40, 17, 15),
    room: 'Main Hall',
    description: 'What we learned today.',
  });
  await api.create('sessions', {
    event_id: event.id,
    title: 'Opening remarks',
    start_time: at(40, 9),
    end_time: at(40, 9, 45),
  });
  await api.create('sessions', {
    event_id: event.id,
    title: 'Panel on AI governance',
    start_time: at(40, 11, 5),
    end_time: at(40, 12),
    room: 'Room B',
  });
  // Created in the opposite order of display_order: the page follows display_order.
  await api.create('session_speakers', { session_id: closing.id, attendee_id: zed.id, display_order: 1 });
  await api.create('session_speakers', { session_id: closing.id, attendee_id: amy.id, display_order: 0 });
  await page.goto(`/events/${event.slug}`);

  const agenda = page.getByRole('region', { name: 'Agenda' });
  const sessions = agenda.getByRole('heading', { level: 3 });
  await expect(sessions).toHaveCount(3);
  await expect(sessions.nth(0)).toContainText('Opening remarks');
  await expect(sessions.nth(0)).toContainText('9:00 AM - 9:45 AM');
  await expect(sessions.nth(1)).toContainText('Panel on AI governance');
  await expect(sessions.nth(1)).toContainText('11:05 AM - 12:00 PM');
  await expect(sessions.nth(1)).toContainText('Room B');
  await expect(sessions.nth(2)).toContainText('4:30 PM - 5:15 PM');
  await expect(sessions.nth(2)).toContainText('Main Hall');
  await expect(sessions.nth(2)).toContainText(`Speakers: ${amy.name}, ${zed.name}`);

  const closingButton = agenda.getByRole('button', { name: /Closing keynote/ });
  await expect(closingButton).toHaveAttribute('aria-expanded', 'false');
  await expect(agenda.getByText('What we learned today.')).toBeHidden();
  await closingButton.click();
  await expect(closingButton).toHaveAttribute('aria-expanded', 'true');
  await expect(agenda.getByText('What we learned today.')).toBeVisible();
  const chips = agenda.getByRole('list', { name: 'Speakers of Closing keynote' }).getByRole('button');
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(0)).toContainText(amy.name);
  await expect(chips.nth(1)).toContainText(zed.name);

  await chips.nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Attendee Profile' });
  await expect(dialog).toContainText(zed.name);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(chips.nth(1)).toBeFocused();
});

test('the attendee profile dialog has Overview and Why Connect tabs with fallbacks, by keyboard', async ({
  page,
  api,
}) => {
  const event = await createEvent(api);
  const quiet = await createAttendee(api, { name: unique('Quiet Person') });
  const open = await createAttendee(api, {
    name: unique('Open Person'),
    job_title: 'Chief Data & AI Officer',
    company: 'Northwind Insurance',
    company_logo_url: '/demo/logos/arclight-ai.webp',
    photo_url: '/demo/people/amara-okafor.webp',
    linkedin_url: 'https://www.linkedin.com/in/open-person',
    bio: 'Leads data strategy across twelve markets.',
    current_focus: 'Data products',
    priorities: 'Data governance,  AI adoption , Talent',
    future_focus: 'Agentic workflows',
  });
  await addToEvent(api, event.id, quiet.id);
  await addToEvent(api, event.id, open.id);
  await page.goto(`/events/${event.slug}`);

  const quietCard = page.getByRole('button', { name: new RegExp(quiet.name) });
  await quietCard.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Attendee Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(quiet.name);
  await expect(dialog.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('No bio available')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Why Connect' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('No networking insights available')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /LinkedIn/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(quietCard).toBeFocused();

  await page.getByRole('button', { name: new RegExp(open.name) }).click();
  await expect(dialog).toContainText('Chief Data & AI Officer');
  await expect(dialog).toContainText('Northwind Insurance');
  await expect(dialog.getByText('Leads data strategy across twelve markets.')).toBeVisible();
  const linkedin = dialog.getByRole('link', { name: /LinkedIn/ });
  await expect(linkedin).toHaveAttribute('href', 'https://www.linkedin.com/in/open-person');
  await expect(linkedin).toHaveAttribute('target', '_blank');
  await dialog.getByRole('tab', { name: 'Why Connect' }).click();
  await expect(dialog.getByText('Data products')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(['Data governance', 'AI adoption', 'Talent']);
  await expect(dialog.getByText('Agentic workflows')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the gallery is hidden with 2 photos, which sit in the overview', async ({ page, api }) => {
  const event = await createEvent(api);
  await addGallery(api, event.id, 2);
  await page.goto(`/events/${event.slug}`);
  const overview = page.getByRole('region', { name: event.title });
  await expect(overview.getByRole('img', { name: 'Gallery photo 1' })).toBeVisible();
  await expect(overview.getByRole('img', { name: 'Gallery photo 2' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gallery' })).toHaveCount(0);
});

test('with 3 or more photos the gallery shows them from the 3rd on', async ({ page, api }) => {
  const event = await createEvent(api);
  await addGallery(api, event.id, 4);
  await page.goto(`/events/${event.slug}`);
  const overview = page.getByRole('region', { name: event.title });
  await expect(overview.getByRole('img', { name: /Gallery photo/ })).toHaveCount(2);
  const gallery = page.getByRole('region', { name: 'Gallery' });
  const photos = gallery.getByRole('img');
  await expect(photos).toHaveCount(2);
  await expect(photos.nth(0)).toHaveAccessibleName('Gallery photo 3');
  await expect(photos.nth(1)).toHaveAccessibleName('Gallery photo 4');
  await expect(photos.nth(0)).toHaveAttribute('loading', 'lazy');
  await expect(photos.nth(0)).toHaveAttribute('width', /\d+/);
});

test('sponsors link to their websites in a new tab and show their tier', async ({ page, api }) => {
  const event = await createEvent(api, { why_partner: ['Meet 40 decision makers', 'Lead a roundtable'] });
  const tier = await api.create('sponsor_tiers', { name: unique('Gold tier'), color: '#c9a227', display_order: 90 });
  const withLogo = await api.create<{ id: string; name: string }>('sponsors_library', {
    name: unique('Logo Sponsor'),
    logo_url: '/demo/logos/arclight-ai.webp',
    website: 'https://logo-sponsor.example/',
  });
  const nameOnly = await api.create<{ id: string; name: string }>('sponsors_library', {
    name: unique('Name Sponsor'),
    website: 'https://name-sponsor.example/',
  });
  await api.create('event_sponsors', {
    event_id: event.id,
    sponsor_id: nameOnly.id,
    tier_id: tier.id,
    display_order: 2,
  });
  await api.create('event_sponsors', {
    event_id: event.id,
    sponsor_id: withLogo.id,
    tier_id: tier.id,
    display_order: 1,
  });
  await page.goto(`/events/${event.slug}`);

  const partner = page.getByRole('region', { name: 'Partner With Us' });
  await expect(partner.getByText('Meet 40 decision makers')).toBeVisible();
  const logoLink = partner.getByRole('link', { name: new RegExp(withLogo.name) });
  await expect(logoLink).toHaveAttribute('href', 'https://logo-sponsor.example/');
  await expect(logoLink).toHaveAttribute('target', '_blank');
  await expect(logoLink.getByRole('img', { name: withLogo.name })).toBeVisible();
  await expect(logoLink).toContainText(tier.name as string);
  const nameLink = partner.getByRole('link', { name: new RegExp(nameOnly.name) });
  await expect(nameLink).toHaveAttribute('href', 'https://name-sponsor.example/');
  await expect(nameLink).toContainText(nameOnly.name);
  // display_order: the logo sponsor first.
  const sponsorLinks = partner.getByRole('link', { name: /Sponsor .*opens in a new tab/ });
  await expect(sponsorLinks).toHaveCount(2);
  await expect(sponsorLinks.first()).toHaveAttribute('href', 'https://logo-sponsor.example/');

  await partner.getByRole('link', { name: 'Become a Sponsor' }).click();
  await expect(page).toHaveURL(/\/sponsors$/);
});

test('testimonials show the rating, quote and who said it', async ({ page, api }) => {
  const event = await createEvent(api);
  await api.create('testimonials', {
    event_id: event.id,
    name: 'Priya Raman',
    job_title: 'Chief Data Officer',
    company: 'Harbor Logistics',
    quote: 'The most useful day of my year.',
    rating: 4,
  });
  await page.goto(`/events/${event.slug}`);
  const testimonials = page.getByRole('region', { name: 'Testimonials' });
  await expect(testimonials.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(testimonials).toContainText('The most useful day of my year.');
  await expect(testimonials).toContainText('Priya Raman');
  await expect(testimonials).toContainText('Chief Data Officer, Harbor Logistics');
});

test('a video link is converted to its embed form only after the visitor presses play', async ({ page, api }) => {
  const event = await createEvent(api);
  await api.create('videos', {
    event_id: event.id,
    title: 'Opening keynote',
    video_url: 'https://youtu.be/dQw4w9WgXcQ',
  });
  // The video site's still cannot load (offline, say): a neutral panel, never a broken image.
  await page.route('https://i.ytimg.com/**', (route) => route.abort());
  await page.goto(`/events/${event.slug}`);
  const videos = page.getByRole('region', { name: 'Videos' });
  const play = videos.getByRole('button', { name: 'Play video: Opening keynote' });
  await expect(play).toBeVisible();
  await expect(play.locator('img')).toHaveCount(0);
  await expect(videos.locator('iframe')).toHaveCount(0);
  await play.focus();
  await page.keyboard.press('Enter');
  const player = videos.locator('iframe');
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/dQw4w9WgXcQ/);
  // The player takes the place, and the focus, of the button.
  await expect(player).toBeFocused();
});

test("a link the browser cannot play itself (another site's player page) says so and offers the link", async ({
  page,
  api,
}) => {
  const event = await createEvent(api);
  const url = 'https://player.videos.example/embed/4242';
  await api.create('videos', { event_id: event.id, title: 'Panel recording', video_url: url });
  await page.goto(`/events/${event.slug}`);
  const videos = page.getByRole('region', { name: 'Videos' });
  await videos.getByRole('button', { name: 'Play video: Panel recording' }).click();
  await expect(videos.getByText("This video can't be played here.")).toBeVisible();
  const link = videos.getByRole('link', { name: 'Open the video (opens in a new tab)' });
  await expect(link).toHaveAttribute('href', url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toBeFocused();
  expect(await axe(page)).toEqual([]);
});

test('the section nav follows the scroll position and scrolls to a section on click', async ({ page, api }) => {
  const event = await createLongEvent(api, { sessions: 4, images: 6 });
  await page.goto(`/events/${event.slug}`);

  const nav = page.getByRole('navigation', { name: 'Event sections' });
  await expect(nav.getByRole('link', { disabled: false })).toHaveText([
    'Overview',
    'Attendees',
    'Agenda',
    'Sponsors',
    'Gallery',
    'Testimonials',
  ]);
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'true');

  // The agenda's top 150 px from the top of the window: above the 200 px line, so it is active.
  await page.evaluate(() => {
    const agenda = document.getElementById('agenda');
    if (agenda) window.scrollTo(0, agenda.getBoundingClientRect().top + window.scrollY - 150);
  });
  await expect(nav.getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'true');
  await expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');

  // 250 px: below the line, so the section before it is still the active one.
  await page.evaluate(() => {
    const sponsors = document.getElementById('sponsors');
    if (sponsors) window.scrollTo(0, sponsors.getBoundingClientRect().top + window.scrollY - 250);
  });
  await expect(nav.getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'true');

  await nav.getByRole('link', { name: 'Gallery' }).click();
  await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('region', { name: 'Gallery' })).toBeInViewport();
  await expect
    .poll(() => page.evaluate(() => document.getElementById('gallery')?.getBoundingClientRect().top ?? -1))
    .toBeLessThan(200);
  await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'true');
});

/** A section's distance from the top of the window once scrolling has come to rest. */
async function restingTop(page: Page, id: string): Promise<number> {
  const top = () =>
    page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? NaN, id);
  // At rest: the same place for 400 ms (a smooth scroll on a busy machine can pause for 100 ms).
  let last = await top();
  let still = 0;
  for (let tries = 0; tries < 80 && still < 4; tries += 1) {
    await page.waitForTimeout(100);
    const now = await top();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

test('on a freshly loaded page, the section nav and the call to action land on their sections', async ({
  page,
  api,
}) => {
  const event = await createLongEvent(api, {
    sessions: 3,
    images: 8,
    video: true,
    extra: { why_attend: ['Peers only'] },
  });
  const nav = page.getByRole('navigation', { name: 'Event sections' });
  // Below the sticky header (64 px) and the section nav: where a section's scroll margin (128 px) puts it.
  const landed = 128;

  await page.goto(`/events/${event.slug}`);
  await nav.getByRole('link', { name: 'Testimonials' }).click();
  // The smooth scroll may pause for a moment on a busy machine (it then looks at rest): the section
  // lands on its line in the end.
  await expect
    .poll(async () => Math.abs((await restingTop(page, 'testimonials')) - landed), { timeout: 15_000 })
    .toBeLessThanOrEqual(2);
  await expect(nav.getByRole('link', { name: 'Testimonials' })).toHaveAttribute('aria-current', 'true');

  await page.goto(`/events/${event.slug}`);
  await page.getByRole('button', { name: 'Be a part of this event' }).click();
  // The last section: the page may end before it reaches the margin line, never above it.
  const contactTop = await restingTop(page, 'get-in-touch');
  expect(contactTop).toBeGreaterThanOrEqual(landed - 2);
  await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeInViewport();
});

test('a keyboard user going back up the page never has the focused control behind the sticky bars', async ({
  page,
  api,
}) => {
  const event = await createLongEvent(api, { sessions: 1, images: 6, extra: { why_attend: ['Peers only'] } });
  await page.goto(`/events/${event.slug}`);
  const nav = page.getByRole('navigation', { name: 'Event sections' });
  const barsBottom = (await nav.boundingBox())!.y + (await nav.boundingBox())!.height;
  // From the end of the page backwards (Shift+Tab from the page itself starts at its last control),
  // up to the sticky bars' own controls.
  const walked = await walkFocus(page, 'Shift+Tab', 'header, nav[aria-label="Event sections"]', 60);
  const hidden = walked.filter((control) => control.top < barsBottom);
  expect(hidden.map((control) => `${control.name} (top ${Math.round(control.top)})`)).toEqual([]);
});

test("'Add to calendar' downloads an .ics file of the event, in the venue's time zone", async ({ page, api }) => {
  const event = await createEvent(api, {
    location: 'Hotel Arts, Barcelona',
    start_date: '2027-05-04T08:30:00Z',
    end_date: '2027-05-04T16:00:00Z',
    time_zone: 'Europe/Madrid',
  });
  await page.goto(`/events/${event.slug}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${slugOf(event.title)}.ics`);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const ics = (await readFile(path, 'utf8')).replace(/\r\n /g, '');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`SUMMARY:${event.title}`);
  // 10:30 to 18:00 in Barcelona (summer time, UTC+2), with the zone's rules built in the browser.
  expect(ics).toContain('DTSTART;TZID=Europe/Madrid:20270504T103000');
  expect(ics).toContain('DTEND;TZID=Europe/Madrid:20270504T180000');
  expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid\r\n');
  expect(ics).toContain('DTSTART:20270328T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST');
  expect(ics).toContain('LOCATION:Hotel Arts\\, Barcelona');
  expect(ics).toContain(`/events/${event.slug}`);
  expect(ics).toMatch(/END:VCALENDAR\r\n$/);
});

test('the page sets its title, description, Open Graph tags and an Event in JSON-LD, and removes them on leave', async ({
  page,
  api,
}) => {
  const event = await createEvent(api, {
    subheading: 'Thirty-five data leaders, one day in Oslo',
    location: 'Oslo Opera House',
    featured_image_url: '/demo/events/stockholm.webp',
    // 9:00 to 17:00 in Oslo, in summer time (UTC+2).
    start_date: '2027-06-10T07:00:00Z',
    end_date: '2027-06-10T15:00:00Z',
    time_zone: 'Europe/Oslo',
  });
  await page.goto(`/events/${event.slug}`);
  await expect(page).toHaveTitle(`${event.title} | CDO Vision`);
  // Every description tag says it (the static page and the router's head may each carry one).
  const descriptions = () =>
    page.locator('meta[name="description"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));
  await expect.poll(descriptions).toContain('Thirty-five data leaders, one day in Oslo');
  expect(new Set(await descriptions())).toEqual(new Set(['Thirty-five data leaders, one day in Oslo']));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'event');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${event.title} | CDO Vision`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/demo\/events\/stockholm\.webp$/,
  );

  const events = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .filter((data) => data['@type'] === 'Event');
  const [jsonLd] = await events();
  expect(jsonLd).toMatchObject({
    '@context': 'https://schema.org',
    name: event.title,
    // The venue's local time with its offset, as Google's event guidelines ask.
    startDate: '2027-06-10T09:00:00+02:00',
    endDate: '2027-06-10T17:00:00+02:00',
    location: { '@type': 'Place', name: 'Oslo Opera House' },
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    organizer: { name: 'CDO Vision' },
  });
  expect((jsonLd?.image as string[])[0]).toMatch(/^http.*\/demo\/events\/stockholm\.webp$/);

  await page.getByRole('link', { name: 'CDO Vision home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await events()).length).toBe(0);
  await expect(page).not.toHaveTitle(new RegExp(event.title));
  await expect(page.locator('meta[property="og:type"]')).toHaveCount(0);
  // The description the server rendered for the event leaves too: the home page's own is the only one.
  await expect.poll(descriptions).not.toContain('Thirty-five data leaders, one day in Oslo');
  expect((await descriptions()).length).toBeGreaterThan(0);
});

test('the featured image loads at once and sized, and on a phone, below the text, at low priority', async ({
  browser,
  api,
}) => {
  // A description as long as a real edition's, which on a phone fills the first screen.
  const description = Array.from(
    { length: 6 },
    (_, n) =>
      `Paragraph ${n + 1}: chief data officers and enterprise AI leaders compare how they fund, govern ` +
      'and staff their programmes, in a small room and under the Chatham House rule.',
  ).join('\n\n');
  const event = await createEvent(api, { featured_image_url: '/demo/events/paris.webp', description });
  /** The priority Chromium last gave the featured image's request, once the image has loaded. */
  const priorityOn = async (viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const priorities = new Map<string, string>();
    let imageRequest: string | undefined;
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      priorities.set(requestId, request.initialPriority);
      if (request.url.endsWith('/demo/events/paris.webp')) imageRequest = requestId;
    });
    cdp.on('Network.resourceChangedPriority', ({ requestId, newPriority }) => priorities.set(requestId, newPriority));
    await cdp.send('Network.enable');
    await page.goto(`/events/${event.slug}`);
    const image = page.getByRole('region', { name: event.title }).locator('img[src$="/demo/events/paris.webp"]');
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).not.toHaveAttribute('loading', 'lazy');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const priority = imageRequest ? priorities.get(imageRequest) : undefined;
    const inFirstScreen = await image.evaluate((img) => img.getBoundingClientRect().top < window.innerHeight);
    await context.close();
    return { priority, inFirstScreen };
  };
  // Beside the text on a wide screen; on a phone below it, where the description is the largest
  // paint: there it waits behind the page's own bytes on a slow link, which a high priority forced it
  // ahead of. (Where it is in view, Chromium raises the priority of a request still under way.)
  expect(await priorityOn({ width: 1280, height: 800 })).toMatchObject({
    priority: expect.any(String),
    inFirstScreen: true,
  });
  expect(await priorityOn({ width: 390, height: 844 })).toEqual({ priority: 'Low', inFirstScreen: false });
});

test('a full event page has no serious accessibility violations', async ({ page, api }) => {
  const event = await createEvent(api, {
    location: 'Lisbon',
    why_attend: ['Peers only', 'Candid talk'],
    why_partner: ['Meet buyers'],
    request_invite_url: 'https://invites.example/x',
    featured_image_url: '/demo/events/london.webp',
  });
  const attendee = await createAttendee(api, { job_title: 'CDO', company: 'Acme' });
  await addToEvent(api, event.id, attendee.id);
  const session = await api.create('sessions', {
    event_id: event.id,
    title: 'Keynote',
    start_time: at(40, 9),
    end_time: at(40, 10),
    room: 'Hall',
    description: 'Opening.',
  });
  await api.create('session_speakers', { session_id: session.id, attendee_id: attendee.id, display_order: 0 });
  await addGallery(api, event.id, 4);
  const tier = await api.create('sponsor_tiers', { name: unique('Tier'), color: 'hsl(45 80% 50%)', display_order: 91 });
  const sponsor = await api.create('sponsors_library', { name: unique('Sponsor'), website: 'https://s.example/' });
  await api.create('event_sponsors', { event_id: event.id, sponsor_id: sponsor.id, tier_id: tier.id });
  await api.create('testimonials', { event_id: event.id, name: 'Sam', quote: 'Great.', rating: 5 });
  await api.create('videos', { event_id: event.id, title: 'Recap', video_url: 'https://vimeo.com/76979871' });
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('heading', { name: 'Videos' })).toBeVisible();
  await page.getByRole('button', { name: /Keynote/ }).click();
  expect(await axe(page)).toEqual([]);
});

test.describe('for a visitor in another time zone than the venue', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("dates show in the venue's zone, not the visitor's, and the server's page hydrates without a mismatch", async ({
    page,
    api,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // 23:30 UTC is 8:30 the next morning in Tokyo; the event names no zone, so it is the series' default, UTC.
    const event = await createEvent(api, { start_date: at(40, 23, 30), end_date: at(41, 2) });
    const inZone = (timeZone: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
          .formatToParts(new Date(event.start_date))
          .map((part) => [part.type, part.value]),
      );
      return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
    };
    expect(inZone('Asia/Tokyo')).not.toBe(inZone('UTC'));
    await page.goto(`/events/${event.slug}`);
    await expect(page.getByRole('region', { name: event.title }).locator('time').first()).toHaveText(inZone('UTC'));
    // React reports a hydration mismatch as a console error (minified: errors #418, #423, #425).
    expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
  });
});
