/**
 * Issue 15, the back office's approval queue: the Invitations page and an event's Invitations tab
 * list the requests for an invite with counts per status, filters, a search and the event's seats;
 * an admin approves, declines or waitlists one request or a selection, offline too, and once the
 * change reaches the server the approved guests are on the event page's attendee grid (and, with
 * the guest mail sender running, their message is in the local mailbox).
 */
import type { Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { createEvent, slugOf, type EventRow } from './support/builders.ts';
import { API_URL, axe, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

// Local writes, their toasts and the first pull can take seconds while other suites load the machine.
const expect = baseExpect.configure({ timeout: 15_000 });
/** For what reaches the backend through the sync engine. */
const eventually = expect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 180_000 });

type Status = 'pending' | 'approved' | 'declined' | 'waitlisted' | 'invited';

interface RequestRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  status: Status;
  attendee_id: string | null;
}

/** Guests' addresses of the test: the attendees an approval made for them are deleted after it. */
const guestEmails: string[] = [];

test.afterEach(async ({ api }) => {
  for (const email of guestEmails.splice(0)) {
    const { error } = await api.admin.from('attendees').delete().eq('email', email);
    if (error) throw new Error(`cleanup ${email}: ${error.message}`);
  }
});

/** A request for an invite to `event`, made on the server (the `api` fixture deletes it after the test). */
async function createRequest(
  api: Api,
  event: EventRow,
  overrides: Partial<Omit<RequestRow, 'id'>> & Record<string, unknown> = {},
): Promise<RequestRow> {
  const name = overrides.name ?? unique('Guest');
  const email = overrides.email ?? `${slugOf(name)}@guests.example`;
  guestEmails.push(email);
  return api.create<RequestRow>('invite_requests', {
    event_id: event.id,
    name,
    email,
    company: 'Northwind Bank',
    job_title: 'Chief Data Officer',
    consent: true,
    ...overrides,
  });
}

async function serverRequests(api: Api, ids: string[]): Promise<Map<string, RequestRow & { _deleted: boolean }>> {
  const { data, error } = await api.admin
    .from('invite_requests')
    .select('id, name, email, company, status, attendee_id, _deleted')
    .in('id', ids);
  if (error) throw new Error(error.message);
  return new Map((data as (RequestRow & { _deleted: boolean })[]).map((row) => [row.id, row]));
}

async function openInvitations(page: Page): Promise<void> {
  await openAsAdmin(page, '/admin/invitations');
  await waitForAdminReplica(page);
  await expect(page.getByRole('heading', { name: 'Invitations', exact: true })).toBeVisible();
}

function requestRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

function statusFilter(page: Page, label: string) {
  return page.getByRole('group', { name: 'Status' }).getByRole('button', { name: label, exact: true });
}

/** The rows of the requests table (its header row aside). */
function tableRows(page: Page) {
  return page.getByRole('table').getByRole('rowheader');
}

test.describe('an admin whose computer is in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the admin sees the requests with counts per status, filters them by status, event and search, and reads one', async ({
    page,
    api,
  }) => {
    const event = await createEvent(api, { title: unique('Queue Summit'), capacity: 40, time_zone: 'Asia/Tokyo' });
    const other = await createEvent(api, { title: unique('Other Summit') });
    const pendingA = await createRequest(api, event, {
      name: unique('Priya Pending'),
      company: 'Contoso Insurance',
      reason: 'I run the data office of a large insurer.',
      linkedin_url: 'https://www.linkedin.com/in/priya-pending',
      // Already 6 March at the venue in Tokyo; still 5 March in New York.
      created_at: '2026-03-05T16:30:00Z',
    });
    const pendingB = await createRequest(api, event, { name: unique('Paul Pending') });
    const approved = await createRequest(api, event, { name: unique('Ada Approved'), status: 'approved' });
    await createRequest(api, event, { name: unique('Dan Declined'), status: 'declined' });
    await createRequest(api, event, { name: unique('Wes Waitlisted'), status: 'waitlisted' });
    await createRequest(api, event, { name: unique('Ivy Invited'), status: 'invited' });
    const elsewhere = await createRequest(api, other, { name: unique('Olga Other'), company: 'Fabrikam Retail' });

    await openInvitations(page);
    await expect(page.getByRole('link', { name: /Invitations/ }).first()).toHaveAttribute('href', '/admin/invitations');
    await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });
    await expect(statusFilter(page, 'All (6)')).toBeVisible();
    await expect(statusFilter(page, 'Pending (2)')).toBeVisible();
    await expect(statusFilter(page, 'Approved (1)')).toBeVisible();
    await expect(statusFilter(page, 'Declined (1)')).toBeVisible();
    await expect(statusFilter(page, 'Waitlisted (1)')).toBeVisible();
    await expect(statusFilter(page, 'Invited (1)')).toBeVisible();
    // Approved and invited guests hold seats.
    await expect(page.getByText('2 of 40 seats', { exact: true })).toBeVisible();
    await expect(tableRows(page)).toHaveCount(6);
    await expect(requestRow(page, approved.name)).toContainText(approved.email);
    await expect(requestRow(page, approved.name)).toContainText('Northwind Bank');
    await expect(requestRow(page, approved.name)).toContainText('Chief Data Officer');
    await expect(requestRow(page, approved.name)).toContainText(event.title);
    await expect(requestRow(page, approved.name)).toContainText('Approved');

    await statusFilter(page, 'Pending (2)').click();
    await expect(statusFilter(page, 'Pending (2)')).toHaveAttribute('aria-pressed', 'true');
    await expect(tableRows(page)).toHaveCount(2);
    await expect(requestRow(page, pendingA.name)).toBeVisible();
    await expect(requestRow(page, pendingB.name)).toBeVisible();

    // The search narrows as the admin types: by company here.
    await page.getByLabel('Search', { exact: true }).pressSequentially('contoso');
    await expect(tableRows(page)).toHaveCount(1);
    await expect(requestRow(page, pendingA.name)).toBeVisible();

    // By e-mail over every event and status; the other event's seats are not shown (it sets no limit).
    await page.getByLabel('Search', { exact: true }).fill(elsewhere.email.split('@')[0]!.toUpperCase());
    await page.getByLabel('Event', { exact: true }).selectOption({ label: 'All events' });
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('button', { name: /^All \(\d+\)$/ })
      .click();
    await expect(requestRow(page, elsewhere.name)).toBeVisible();
    await expect(tableRows(page)).toHaveCount(1);
    await expect(page.getByText(/ of \d+ seats?$/)).toHaveCount(0);
    await page.getByLabel('Event', { exact: true }).selectOption({ label: other.title });
    await expect(requestRow(page, elsewhere.name)).toContainText('Fabrikam Retail');
    await expect(page.getByText(/ of \d+ seats?$/)).toHaveCount(0);
    await page.getByLabel('Search', { exact: true }).fill('nobody-by-this-name');
    await expect(page.getByText('No requests match these filters')).toBeVisible();

    // A request's details: 'Why you' and LinkedIn.
    await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });
    await page.getByLabel('Search', { exact: true }).fill('');
    const name = page.getByRole('button', { name: pendingA.name, exact: true });
    await expect(name).toHaveAttribute('aria-expanded', 'false');
    await name.click();
    await expect(name).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('I run the data office of a large insurer.')).toBeVisible();
    await expect(requestRow(page, pendingA.name)).toContainText('6 Mar 2026');
    await expect(page.getByRole('link', { name: 'https://www.linkedin.com/in/priya-pending' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/priya-pending',
    );

    // The backend of this run is on loopback: its mailbox is linked.
    await expect(page.getByRole('link', { name: /Open the local mailbox/ })).toHaveAttribute(
      'href',
      `${API_URL}/mailbox`,
    );
    await expect(page).toHaveTitle('Invitations | CDO Vision');
    expect(await axe(page)).toEqual([]);
  });
});

test("the event's capacity is checked, saved and shown as its seats on the event's Invitations tab, where one request is approved", async ({
  page,
  api,
}) => {
  const event = await createEvent(api, { title: unique('Seats Summit') });
  await createRequest(api, event, { status: 'approved' });
  await createRequest(api, event, { status: 'invited' });
  const pending = await createRequest(api, event, { name: unique('Tom Tab') });

  await openAsAdmin(page, '/admin/events');
  await waitForAdminReplica(page);
  await page.getByRole('button', { name: `Edit ${event.title}` }).click();
  const capacity = page.getByLabel('Capacity');
  const message = 'Enter a whole number of seats from 1 to 100000, or leave it blank for no limit';
  for (const typed of ['forty', '0', '12.5', '100001']) {
    await capacity.fill(typed);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText(message)).toBeVisible();
  }
  const { data: unchanged } = await api.admin.from('events').select('capacity').eq('id', event.id).single();
  expect(unchanged).toEqual({ capacity: null });

  await capacity.fill('40');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await eventually
    .poll(async () => (await api.admin.from('events').select('capacity').eq('id', event.id).single()).data)
    .toEqual({ capacity: 40 });

  await page.getByRole('button', { name: `Edit ${event.title}` }).click();
  await expect(page.getByLabel('Capacity')).toHaveValue('40');
  await page.getByRole('tab', { name: 'Invitations' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Invitations' });
  await expect(tab.getByText('2 of 40 seats', { exact: true })).toBeVisible();
  await expect(tab.getByRole('rowheader')).toHaveCount(3);
  // No Event column on the event's own tab.
  await expect(tab.getByRole('columnheader', { name: 'Event' })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);

  await tab.getByRole('button', { name: `Approve ${pending.name}` }).click();
  await expect(page.getByText('Request approved')).toBeVisible();
  await expect(tab.getByText('3 of 40 seats', { exact: true })).toBeVisible();
  await expect(requestRow(page, pending.name)).toContainText('Approved');
  await eventually.poll(async () => (await serverRequests(api, [pending.id])).get(pending.id)?.status).toBe('approved');

  // 'Invite guests' opens the list dialog for this event.
  await tab.getByRole('button', { name: 'Invite guests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite guests' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(tab.getByRole('button', { name: 'Invite guests' })).toBeFocused();
});

test.describe('offline', () => {
  // The service worker is part of what this test covers (playwright.config.ts blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' });

  test('an admin approves several requests in bulk offline; after reconnecting the guests are on the event page and their messages are sent', async ({
    page,
    context,
    api,
  }) => {
    const event = await createEvent(api, { title: unique('Offline Approvals'), capacity: 30 });
    const chosen = [
      await createRequest(api, event, { name: unique('Amal Offline') }),
      await createRequest(api, event, { name: unique('Bo Offline') }),
      await createRequest(api, event, { name: unique('Cy Offline') }),
    ];
    const left = await createRequest(api, event, { name: unique('Dee Left') });

    await openInvitations(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });
    await statusFilter(page, 'Pending (4)').click();
    await expect(tableRows(page)).toHaveCount(4);

    await context.setOffline(true);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /offline/i })
        .first(),
    ).toBeVisible();
    // With nothing selected, the bulk buttons do nothing, from the keyboard too.
    await page.getByRole('button', { name: 'Approve selected' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    // Select every row shown, then leave one out.
    await page.getByLabel('Select all shown').check();
    await page.getByLabel(`Select ${left.name}`).uncheck();
    await expect(page.getByText('3 selected')).toBeVisible();
    // The report's live region is there, empty, before the decision: what comes into it is announced.
    const reportRegion = page.locator('div[role="status"].sr-only:empty');
    await expect(reportRegion).toHaveCount(1);
    await reportRegion.evaluate((region) => region.setAttribute('data-report-region', ''));
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await page
      .getByRole('alertdialog', { name: 'Approve 3 requests?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(page.getByText('3 requests approved.')).toBeVisible();
    await expect(page.locator('[data-report-region]')).toContainText('3 requests approved.');
    // The selection is spent, and the keyboard is still on the button that made the decision.
    await expect(page.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Approve selected' })).toBeFocused();
    await expect(page.getByText(/^Saved on this device: they reach the server/)).toBeVisible();
    await expect(statusFilter(page, 'Pending (1)')).toBeVisible();
    await expect(statusFilter(page, 'Approved (3)')).toBeVisible();
    await expect(page.getByText('3 of 30 seats', { exact: true })).toBeVisible();
    await expect(tableRows(page)).toHaveCount(1);
    // Checked before the reload (around a reload, Chromium's emulated offline mode may let a request through).
    const before = await serverRequests(
      api,
      chosen.map((request) => request.id),
    );
    expect([...before.values()].map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);

    // Still offline: the page opens again from the device, with the decisions.
    await page.reload();
    await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });
    await expect(statusFilter(page, 'Approved (3)')).toBeVisible({ timeout: 30_000 });

    await context.setOffline(false);
    await eventually
      .poll(async () => {
        const rows = await serverRequests(
          api,
          [...chosen, left].map((request) => request.id),
        );
        return [...chosen, left].map((request) => {
          const row = rows.get(request.id);
          return [row?.status, row?.attendee_id !== null];
        });
      })
      .toEqual([
        ['approved', true],
        ['approved', true],
        ['approved', true],
        ['pending', false],
      ]);
    await waitForAdminReplica(page);

    // The public event page lists them as current attendees.
    const visitor = await context.browser()!.newContext();
    try {
      const publicPage = await visitor.newPage();
      await publicPage.goto(`/events/${event.slug}`);
      const leaders = publicPage.getByRole('region', { name: 'Join the Leaders' });
      const current = leaders.getByRole('heading', { name: 'Current Attendees' }).locator('..');
      for (const guest of chosen) {
        await expect(current.getByRole('button', { name: new RegExp(guest.name) })).toBeVisible({ timeout: 30_000 });
      }
      await expect(current.getByRole('button', { name: new RegExp(left.name) })).toHaveCount(0);
    } finally {
      await visitor.close();
    }

    // The backend's mail sender tells each approved guest once; the one left waiting hears nothing of it.
    const mailbox = async (email: string) => {
      const response = await fetch(`${API_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
      return response.ok ? ((await response.json()) as { subject: string; text: string }[]) : [];
    };
    for (const guest of chosen) {
      await eventually
        .poll(
          async () =>
            (await mailbox(guest.email)).filter((message) => message.subject.startsWith('Your place is confirmed'))
              .length,
        )
        .toBe(1);
    }
    expect((await mailbox(left.email)).map((message) => message.subject)).not.toContainEqual(
      expect.stringMatching(/^Your place is confirmed/),
    );
  });
});

test('declining and waitlisting change the status, one request or a selection, and delete nothing', async ({
  page,
  api,
}) => {
  const event = await createEvent(api, { title: unique('Decline Summit') });
  const declined = await createRequest(api, event, { name: unique('Nia Declined') });
  const waitlisted = [
    await createRequest(api, event, { name: unique('Wan Waitlisted') }),
    await createRequest(api, event, { name: unique('Xu Waitlisted') }),
  ];

  await openInvitations(page);
  await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });
  await requestRow(page, declined.name)
    .getByRole('button', { name: `Decline ${declined.name}` })
    .click();
  await expect(page.getByText('Request declined')).toBeVisible();
  await expect(requestRow(page, declined.name)).toContainText('Declined');
  await expect(
    requestRow(page, declined.name).getByRole('button', { name: `Decline ${declined.name}` }),
  ).toBeDisabled();
  // Unavailable now, but still where the keyboard was: the admin goes on from the same row.
  await expect(requestRow(page, declined.name).getByRole('button', { name: `Decline ${declined.name}` })).toBeFocused();

  for (const request of waitlisted) await page.getByLabel(`Select ${request.name}`).check();
  await page.getByRole('button', { name: 'Waitlist selected' }).click();
  await page
    .getByRole('alertdialog', { name: 'Waitlist 2 requests?' })
    .getByRole('button', { name: 'Waitlist' })
    .click();
  await expect(page.getByText('2 requests waitlisted.')).toBeVisible();
  await expect(statusFilter(page, 'Waitlisted (2)')).toBeVisible();
  await expect(statusFilter(page, 'Declined (1)')).toBeVisible();
  await expect(statusFilter(page, 'All (3)')).toBeVisible();
  await expect(page.getByText('0 selected')).toBeVisible();

  const ids = [declined, ...waitlisted].map((request) => request.id);
  await eventually
    .poll(async () => {
      const rows = await serverRequests(api, ids);
      return ids.map((id) => [rows.get(id)?.status, rows.get(id)?._deleted, rows.get(id)?.attendee_id]);
    })
    .toEqual([
      ['declined', false, null],
      ['waitlisted', false, null],
      ['waitlisted', false, null],
    ]);
  // Nobody was made an attendee of the event.
  const { data: links } = await api.admin.from('event_attendees').select('id').eq('event_id', event.id);
  expect(links).toEqual([]);
});

test("a request whose guest's mail is refused is marked with the message that did not go out", async ({
  page,
  api,
}) => {
  const event = await createEvent(api, { title: unique('Refused Mail Summit') });
  // The local mailbox refuses the reserved .invalid domain, as a provider refuses one that takes no mail.
  const refusedName = unique('Rita Refused');
  const refused = await createRequest(api, event, { name: refusedName, email: `${slugOf(refusedName)}@corp.invalid` });
  const delivered = await createRequest(api, event, { name: unique('Dora Delivered') });
  // The backend's sender tries each 'received' message within a second or two.
  await eventually
    .poll(async () => {
      const { data, error } = await api.admin.rpc('undelivered_guest_mail', { target_event: event.id });
      if (error) throw new Error(error.message);
      return data as unknown;
    })
    .toEqual([{ request_id: refused.id, kind: 'received', given_up: false }]);

  await openInvitations(page);
  await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });
  await expect(requestRow(page, refused.name)).toContainText('Request acknowledgement e-mail refused; trying again');
  await expect(requestRow(page, delivered.name)).toContainText('Pending');
  await expect(requestRow(page, delivered.name)).not.toContainText('e-mail');
  expect(await axe(page)).toEqual([]);

  // Declined: the decline notice is what the guest is owed now, and it is refused in its turn; the
  // mark never goes on naming the acknowledgement once the decision has reached the server.
  await requestRow(page, refused.name)
    .getByRole('button', { name: `Decline ${refused.name}` })
    .click();
  await expect(requestRow(page, refused.name)).toContainText('Declined');
  await eventually.poll(async () => (await serverRequests(api, [refused.id])).get(refused.id)?.status).toBe('declined');
  await expect(requestRow(page, refused.name)).not.toContainText('Request acknowledgement');
});

test('a refusal that comes while the Invitations page is open is marked without a reload', async ({ page, api }) => {
  const event = await createEvent(api, { title: unique('Open Page Mail Summit') });
  await openInvitations(page);
  await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });

  // The request reaches the page first; the sender tries its acknowledgement a second or two later,
  // which changes nothing the replica holds.
  const name = unique('Rolf Refused');
  const refused = await createRequest(api, event, { name, email: `${slugOf(name)}@corp.invalid` });
  await expect(requestRow(page, refused.name)).toContainText('Pending');
  await eventually
    .poll(async () => {
      const { data, error } = await api.admin.rpc('undelivered_guest_mail', { target_event: event.id });
      if (error) throw new Error(error.message);
      return (data as { request_id: string }[]).map((mail) => mail.request_id);
    })
    .toEqual([refused.id]);
  // Read again while the page is in view (every 15 s, src/data/undelivered-mail.ts).
  await eventually(requestRow(page, refused.name)).toContainText(
    'Request acknowledgement e-mail refused; trying again',
  );
});

test('a decision made offline on a request another admin decided meanwhile is kept in the conflict list', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api, { title: unique('Conflict Summit') });
  const request = await createRequest(api, event, { name: unique('Cleo Conflict') });

  await openInvitations(page);
  await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });
  await context.setOffline(true);
  await requestRow(page, request.name)
    .getByRole('button', { name: `Approve ${request.name}` })
    .click();
  await expect(requestRow(page, request.name)).toContainText('Approved');
  // Meanwhile another admin waitlists the same request on the server.
  const { error } = await api.admin.from('invite_requests').update({ status: 'waitlisted' }).eq('id', request.id);
  expect(error).toBeNull();

  await context.setOffline(false);
  const conflicts = page.getByRole('button', { name: /^Conflicts \(\d+\)$/ });
  await expect(conflicts).toBeVisible({ timeout: 45_000 });
  // The server's decision wins the row; the approval is kept for the admin.
  await expect(requestRow(page, request.name)).toContainText('Waitlisted');
  await conflicts.click();
  const item = page
    .getByRole('dialog', { name: 'Conflicts' })
    .getByRole('listitem')
    .filter({ hasText: `Invite request '${request.name}'` });
  await expect(item).toContainText('approved');
  await expect(item).toContainText('waitlisted');
  expect((await serverRequests(api, [request.id])).get(request.id)?.status).toBe('waitlisted');
});
