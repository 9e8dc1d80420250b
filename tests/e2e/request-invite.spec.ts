/**
 * A visitor asks for an invite on an event page with no external request page (issue 15): through
 * the site's own form, online and offline. A request made offline waits on the device (its outbox)
 * through a reload or a closed tab, and goes out when the connection is back. The requests are read
 * back as the back office reads them: over the table API as the demo admin (the table is admins'
 * only).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { createEvent, slugOf, type EventRow } from './support/builders.ts';
import { API_URL, axe, daysFromNow, expect, test, unique, type Api } from './support/fixtures.ts';

const FUNCTION_URL = `${API_URL}/functions/v1/request-invite`;
const OFFLINE_TEXT = 'Your request will be sent when you are back online';

interface Visitor {
  name: string;
  email: string;
  company: string;
  jobTitle: string;
}

function newVisitor(): Visitor {
  const name = unique('Ada Lovelace');
  return { name, email: `${slugOf(name)}@corp.example`, company: 'Analytical Engines', jobTitle: 'Chief Data Officer' };
}

/** The live requests of `email`, as the back office reads them. */
async function requestsOf(api: Api, email: string): Promise<Record<string, unknown>[]> {
  const { data, error } = await api.admin
    .from('invite_requests')
    .select('event_id, name, email, company, job_title, linkedin_url, reason, consent, status')
    .eq('email', email)
    .eq('_deleted', false);
  if (error) throw new Error(`reading invite_requests: ${error.message}`);
  return data as Record<string, unknown>[];
}

async function openForm(page: Page, event: EventRow) {
  await page.goto(`/events/${event.slug}`);
  await page.getByRole('region', { name: event.title }).getByRole('button', { name: 'Request Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request an Invite' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillForm(dialog: ReturnType<Page['getByRole']>, visitor: Visitor) {
  await dialog.getByLabel('Name').fill(visitor.name);
  await dialog.getByLabel('Work e-mail').fill(visitor.email);
  await dialog.getByLabel('Company').fill(visitor.company);
  await dialog.getByLabel('Job title').fill(visitor.jobTitle);
  await dialog.getByLabel('I agree that CDO Vision may contact me about this event.').check();
}

/** Opens the form, fills it in and sends it offline: the request waits on the device, the browser offline. */
async function requestOffline(page: Page, context: BrowserContext, event: EventRow, visitor: Visitor) {
  const dialog = await openForm(page, event);
  await fillForm(dialog, visitor);
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByRole('status')).toContainText(OFFLINE_TEXT);
  return dialog;
}

/** What this page's outbox holds (localStorage), as text. */
function storedOutbox(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('cdo-vision.invite-requests'));
}

/** The request-invite function cannot be reached from this browser while `blocked`. */
async function blockFunction(context: BrowserContext): Promise<() => Promise<void>> {
  const abort = (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) => route.abort('internetdisconnected');
  await context.route(FUNCTION_URL, abort);
  return () => context.unroute(FUNCTION_URL, abort);
}

test('a visitor requests an invite online: clear messages per field, then the request reaches the back office', async ({
  page,
  api,
}) => {
  const event = await createEvent(api);
  const visitor = newVisitor();
  const dialog = await openForm(page, event);

  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Enter your name')).toBeVisible();
  await expect(dialog.getByText('Enter your work e-mail address')).toBeVisible();
  await expect(dialog.getByText('Enter your company')).toBeVisible();
  await expect(dialog.getByText('Enter your job title')).toBeVisible();
  await expect(dialog.getByText('Tick the box to agree that we may contact you about this event')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  expect(await axe(page)).toEqual([]);

  await fillForm(dialog, { ...visitor, email: 'ada at corp' });
  await dialog.getByLabel('LinkedIn URL (optional)').fill('linkedin.com/in/ada');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address, like name@company.com')).toBeVisible();
  await expect(
    dialog.getByText('Enter the full address of your LinkedIn profile, starting with https://'),
  ).toBeVisible();

  await dialog.getByLabel('Work e-mail').fill(`  ${visitor.email.toUpperCase()} `);
  await dialog.getByLabel('LinkedIn URL (optional)').fill('https://www.linkedin.com/in/ada');
  await dialog.getByLabel('Why you (optional)').fill('I run the data office of a bank.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByRole('status')).toContainText('Request sent');
  expect(await axe(page)).toEqual([]);

  expect(await requestsOf(api, visitor.email)).toEqual([
    {
      event_id: event.id,
      name: visitor.name,
      email: visitor.email,
      company: visitor.company,
      job_title: visitor.jobTitle,
      linkedin_url: 'https://www.linkedin.com/in/ada',
      reason: 'I run the data office of a bank.',
      consent: true,
      status: 'pending',
    },
  ]);
  expect(await storedOutbox(page)).toBeNull();

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request Invite' })).toBeFocused();
});

test('a visitor requests an invite offline: it waits, and is sent when the connection comes back', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api);
  const visitor = newVisitor();
  const dialog = await openForm(page, event);
  await fillForm(dialog, visitor);

  await context.setOffline(true);
  try {
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByRole('status')).toContainText(OFFLINE_TEXT);
    expect(await axe(page)).toEqual([]);
    expect(await requestsOf(api, visitor.email)).toEqual([]);
  } finally {
    await context.setOffline(false);
  }

  await expect(dialog.getByRole('status')).toContainText('Request sent');
  expect(await requestsOf(api, visitor.email)).toEqual([
    expect.objectContaining({ event_id: event.id, name: visitor.name, status: 'pending' }),
  ]);
  expect(await storedOutbox(page)).toBeNull();
});

test('a request waiting on the device survives a reload, and goes out once the server can be reached', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api);
  const visitor = newVisitor();
  await requestOffline(page, context, event, visitor);
  // The browser is back online, but the function cannot be reached: the request keeps waiting.
  const unblock = await blockFunction(context);
  await context.setOffline(false);

  await page.reload();
  expect(await storedOutbox(page)).toContain(visitor.email);
  const reopened = await openForm(page, event);
  await expect(reopened.getByRole('status')).toContainText(OFFLINE_TEXT);
  expect(await requestsOf(api, visitor.email)).toEqual([]);

  // The visitor may correct it while it waits; the corrected request is the one that goes out.
  await reopened.getByRole('button', { name: 'Edit request' }).click();
  await expect(reopened.getByLabel('Name')).toHaveValue(visitor.name);
  await reopened.getByLabel('Company').fill('Lovelace & Co');
  await context.setOffline(true);
  await reopened.getByRole('button', { name: 'Send Request' }).click();
  await expect(reopened.getByRole('status')).toContainText(OFFLINE_TEXT);

  await unblock();
  await context.setOffline(false);
  await expect(reopened.getByRole('status')).toContainText('Request sent');
  expect(await requestsOf(api, visitor.email)).toEqual([
    expect.objectContaining({ event_id: event.id, company: 'Lovelace & Co' }),
  ]);
});

test('a waiting request the visitor is correcting is not sent as it was when the connection comes back', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api);
  const visitor = newVisitor();
  const dialog = await requestOffline(page, context, event, visitor);

  await dialog.getByRole('button', { name: 'Edit request' }).click();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url() === FUNCTION_URL && request.method() === 'POST') sent.push(request.postData() ?? '');
  });
  // Back online while the visitor types: every waiting request falls due at once, but not this one.
  await context.setOffline(false);
  await dialog.getByLabel('Company').fill('Lovelace & Co');
  await page.waitForTimeout(1_500);
  expect(sent).toEqual([]);

  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByRole('status')).toContainText('Request sent');
  expect(await requestsOf(api, visitor.email)).toEqual([
    expect.objectContaining({ event_id: event.id, company: 'Lovelace & Co' }),
  ]);
  expect(sent).toHaveLength(1);
});

test('a request made offline in a tab the visitor closed is sent when the site is next opened', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api);
  const visitor = newVisitor();
  await requestOffline(page, context, event, visitor);
  await page.close();
  await context.setOffline(false);
  expect(await requestsOf(api, visitor.email)).toEqual([]);

  const later = await context.newPage();
  await later.goto('/');
  await expect(later.getByText('Request sent')).toBeVisible();
  await expect(
    later.getByText(`We have your invite request for ${event.title} and will reply by e-mail.`),
  ).toBeVisible();
  expect(await requestsOf(api, visitor.email)).toEqual([expect.objectContaining({ event_id: event.id })]);
});

test('a request queued for an event that ends meanwhile is not dropped in silence', async ({ page, context, api }) => {
  const event = await createEvent(api);
  const visitor = newVisitor();
  const dialog = await openForm(page, event);
  await fillForm(dialog, visitor);
  await context.setOffline(true);
  try {
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByRole('status')).toContainText(OFFLINE_TEXT);
    const { error } = await api.admin
      .from('events')
      .update({ start_date: daysFromNow(-2, 9), end_date: daysFromNow(-2, 17) })
      .eq('id', event.id);
    expect(error).toBeNull();
  } finally {
    await context.setOffline(false);
  }
  await expect(dialog.getByRole('alert')).toHaveText('This event has ended, so it no longer takes invite requests.');
  await expect(dialog.getByLabel('Name')).toHaveValue(visitor.name);
  expect(await storedOutbox(page)).toBeNull();
  expect(await requestsOf(api, visitor.email)).toEqual([]);
});

test('an event that has ended takes no requests: no Request Invite, and Register Now leads to the contact form', async ({
  page,
  api,
}) => {
  const event = await createEvent(api, {
    start_date: daysFromNow(-30, 9),
    end_date: daysFromNow(-30, 17),
    why_attend: ['Peers only'],
  });
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Invite' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page.getByRole('region', { name: 'Get in Touch' })).toBeInViewport();
});

test('with a request_invite_url, Request Invite stays the external link', async ({ page, api }) => {
  const event = await createEvent(api, { request_invite_url: 'https://invites.example/summit' });
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('link', { name: /Request Invite/ })).toHaveAttribute(
    'href',
    'https://invites.example/summit',
  );
  await expect(page.getByRole('button', { name: 'Request Invite' })).toHaveCount(0);
});

/** The newest message in the local mailbox for `email` whose subject starts with `subject`. */
async function mailedTo(email: string, subject: string): Promise<{ text: string } | undefined> {
  const response = await fetch(`${API_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { subject: string; text: string }[];
  return messages.find((message) => message.subject.startsWith(subject));
}

test("a stranger's request in someone's name changes nothing; the owner's mailed link changes the details", async ({
  page,
  api,
}) => {
  const event = await createEvent(api);
  const owner = newVisitor();
  let dialog = await openForm(page, event);
  await fillForm(dialog, owner);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Request sent')).toBeVisible();

  // A stranger asks again with the owner's address: the same answer, and the owner's details stay.
  await page.reload();
  dialog = await openForm(page, event);
  await fillForm(dialog, { ...owner, name: 'Mallory Mallet', company: 'Mallet Ltd' });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Request sent')).toBeVisible();
  expect(await requestsOf(api, owner.email)).toEqual([
    expect.objectContaining({ name: owner.name, company: owner.company, status: 'pending' }),
  ]);

  // The owner reads, in their mailbox, that their request is in, and follows the link to change it.
  let message: { text: string } | undefined;
  await expect
    .poll(async () => (message = await mailedTo(owner.email, 'Your request is already in')), { timeout: 15_000 })
    .toBeDefined();
  const link = /https?:\/\/\S+#request=[0-9a-f]{64}/.exec(message!.text)?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  const change = page.getByRole('dialog', { name: 'Change your request' });
  await expect(change).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await fillForm(change, { ...owner, company: 'Lovelace & Co', jobTitle: 'Chief AI Officer' });
  await change.getByRole('button', { name: 'Send Request' }).click();
  await expect(change.getByText('Request sent')).toBeVisible();
  expect(await requestsOf(api, owner.email)).toEqual([
    expect.objectContaining({ name: owner.name, company: 'Lovelace & Co', job_title: 'Chief AI Officer' }),
  ]);
});

test('a request whose answer was lost is sent again and taken once: one receipt, and no word that someone asked again', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api);
  const visitor = newVisitor();
  const dialog = await openForm(page, event);
  await fillForm(dialog, visitor);
  // The first attempt reaches the server, which takes it; its answer never reaches the page.
  let attempts = 0;
  await context.route(FUNCTION_URL, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    attempts += 1;
    if (attempts > 1) return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: 'Send Request' }).click();

  // The page sends it again on its own, and this time hears back.
  await expect(dialog.getByRole('status')).toContainText('Request sent', { timeout: 30_000 });
  expect(attempts).toBe(2);
  expect(await requestsOf(api, visitor.email)).toEqual([expect.objectContaining({ name: visitor.name })]);
  await expect.poll(() => mailedTo(visitor.email, 'We have your request'), { timeout: 15_000 }).toBeDefined();
  // The backend mails what is due every second: a note sent for the second attempt would be here.
  await page.waitForTimeout(3_000);
  expect((await mailedTo(visitor.email, 'Your request is already in'))?.text).toBeUndefined();
});

test('a waiting request the server limits says it goes again by itself: in the open form, and once in a toast with the form closed', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api);
  const visitor = newVisitor();
  const dialog = await requestOffline(page, context, event, visitor);

  // Back online, the server limits this network, for the hour its Retry-After says (the function and
  // the gateway expose it to the page: tests/integration/request-invite.test.ts).
  let limited = 0;
  await context.route(FUNCTION_URL, (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    limited += 1;
    return route.fulfill({
      status: 429,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': 'Retry-After',
        'Retry-After': '3600',
      },
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Too many requests. Please try again later.' }),
    });
  });
  await context.setOffline(false);
  const status = dialog.getByRole('status');
  await expect(status).toContainText('Your request will be sent later');
  await expect(status).toContainText('Too many requests. We will send yours again in an hour.');
  await expect(status).not.toContainText(OFFLINE_TEXT);

  // The form closed, the next attempt (the connection came back) is told in a toast.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const toastText = page.getByText(`${event.title}: Too many requests. We will send yours again in an hour.`);
  const attemptOnReconnect = async () => {
    const before = limited;
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => limited).toBeGreaterThan(before);
  };
  await attemptOnReconnect();
  await expect(page.getByText('Your invite request will be sent later')).toBeVisible();
  await expect(toastText).toBeVisible();
  // Limited again while that toast shows, it says nothing more.
  await attemptOnReconnect();
  await page.waitForTimeout(1_000);
  await expect(toastText).toHaveCount(1);
  expect(await storedOutbox(page)).toContain(visitor.email);
  expect(await requestsOf(api, visitor.email)).toEqual([]);
});
