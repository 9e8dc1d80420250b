/**
 * Issue 16, the door: three phones (three browser contexts signed in as the demo admin) check
 * guests in at once. Online, a check-in on one shows on the others through realtime. Offline, they
 * check in overlapping guests, one undoes a check-in another made, two take the same walk-in; one
 * reloads offline and loses nothing; reconnected one by one, all three show the same roster and
 * counts, and the server holds exactly the rows they made. Also axe on the screen, its tap targets at
 * 360 px, and that it opens on today's edition of the demo.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { holdReplicaPull, openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { addToEvent, createAttendee, createEvent, type AttendeeRow, type EventRow } from './support/builders.ts';
import { APP_URL, axe, daysFromNow, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

// The offline reload needs the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const expect = baseExpect.configure({ timeout: 20_000 });
/** For what reaches the backend, or another device, through the sync engine. */
const eventually = expect.configure({ timeout: 60_000 });
// Three signed-in devices, their first pulls and three reconnections take a while on a shared machine.
test.describe.configure({ timeout: 360_000 });

/** Walk-ins' addresses: the server made an attendee for each, deleted after the test. */
const walkInEmails: string[] = [];

test.afterEach(async ({ api }) => {
  for (const email of walkInEmails.splice(0)) {
    const { error } = await api.admin.from('attendees').delete().eq('email', email);
    if (error) throw new Error(`cleanup ${email}: ${error.message}`);
  }
});

interface Device {
  context: BrowserContext;
  page: Page;
  label: string;
}

/** A phone at the door: its own browser context, signed in, on the event's check-in screen, named. */
async function openDevice(browser: Browser, label: string, eventId: string): Promise<Device> {
  const context = await browser.newContext({ baseURL: APP_URL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const hydrated = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
  await openAsAdmin(page, `/admin/check-in?event=${eventId}`);
  await waitForAdminReplica(page, 120_000);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByLabel("This device's name").fill(label);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return { context, page, label };
}

const counts = (page: Page) => page.getByText(/^Checked in \d+ of \d+$/);
const doorStatus = (page: Page) => page.getByRole('status').filter({ hasText: /check-ins? (waiting to sync|synced)/ });
const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Guests' }).getByRole('listitem').filter({ hasText: name });

async function checkIn(device: Device, name: string): Promise<void> {
  await row(device.page, name)
    .getByRole('button', { name: `Check in ${name}` })
    .click();
  await expect(row(device.page, name)).toContainText(`on ${device.label}`);
}

async function walkIn(device: Device, person: { name: string; email: string; company: string }): Promise<void> {
  await device.page.getByRole('button', { name: 'Walk-in' }).click();
  const dialog = device.page.getByRole('dialog', { name: 'Walk-in' });
  await dialog.getByLabel('Name').fill(person.name);
  await dialog.getByLabel('E-mail').fill(person.email);
  await dialog.getByLabel('Company').fill(person.company);
  await dialog.getByRole('button', { name: 'Check in walk-in' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(device.page, person.name)).toContainText(`on ${device.label}`);
}

/** What a device's roster shows, row by row: name and whether (not when) the guest is in. */
async function rosterShown(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Guests' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const name = item.querySelector('p')?.textContent ?? '';
        return `${name}: ${item.textContent?.includes('Checked in at') ? 'in' : 'out'}`;
      }),
    );
}

/** Each row's text without the photo's initials: name, company, when and where. */
async function rowTexts(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Guests' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => [...item.querySelectorAll('p')].map((p) => p.textContent).join(' | ')));
}

/** Companies no unique suffix of a name can contain, so a search by company finds one guest. */
const COMPANIES = ['Northwind', 'Contoso', 'Fabrikam', 'Initech'];

async function eventWithGuests(api: Api, count: number): Promise<{ event: EventRow; guests: AttendeeRow[] }> {
  const event = await createEvent(api, {
    title: unique('Door Test'),
    start_date: daysFromNow(0, 0),
    end_date: daysFromNow(0, 23),
  });
  const guests: AttendeeRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const guest = await createAttendee(api, {
      name: unique(`Guest ${String.fromCharCode(65 + index)}`),
      company: COMPANIES[index],
    });
    await addToEvent(api, event.id, guest.id);
    guests.push(guest);
  }
  return { event, guests };
}

interface ServerCheckIn {
  id: string;
  attendee_id: string | null;
  undoes: string | null;
  device_label: string | null;
  walk_in_email: string | null;
}

async function serverCheckIns(api: Api, eventId: string): Promise<ServerCheckIn[]> {
  const { data, error } = await api.admin
    .from('check_ins')
    .select('id, attendee_id, undoes, device_label, walk_in_email')
    .eq('event_id', eventId);
  if (error) throw new Error(error.message);
  return data as ServerCheckIn[];
}

test('three phones check guests in offline, overlapping, with an undo across devices and one walk-in taken twice, and converge once back online', async ({
  browser,
  api,
}) => {
  const { event, guests } = await eventWithGuests(api, 4);
  const [ada, bob, cleo, dan] = guests.map((guest) => guest.name) as [string, string, string, string];
  const walker = {
    name: unique('Walk In'),
    email: `${unique('walk-in').replace(/\s+/g, '-').toLowerCase()}@example.com`,
    company: 'Walk-in Co',
  };
  walkInEmails.push(walker.email);

  const devices = await Promise.all(
    ['Door 1', 'Door 2', 'Door 3'].map((label) => openDevice(browser, label, event.id)),
  );
  const [one, two, three] = devices as [Device, Device, Device];
  try {
    for (const device of devices) await expect(counts(device.page)).toHaveText('Checked in 0 of 4');

    // Online: a check-in on one phone shows on the others within seconds (realtime).
    await checkIn(one, ada);
    for (const device of [two, three]) {
      await expect(row(device.page, ada)).toContainText('on Door 1', { timeout: 10_000 });
      await expect(counts(device.page)).toHaveText('Checked in 1 of 4');
    }

    // All three offline.
    for (const device of devices) await device.context.setOffline(true);
    for (const device of devices) await expect(doorStatus(device.page)).toContainText('Offline');

    await checkIn(one, bob);
    await walkIn(one, walker);
    await checkIn(two, bob);
    await checkIn(two, cleo);
    // Door 2 undoes the check-in Door 1 made.
    await row(two.page, ada)
      .getByRole('button', { name: `Undo check-in of ${ada}` })
      .click();
    await expect(row(two.page, ada).getByRole('button', { name: `Check in ${ada}` })).toBeVisible();
    await checkIn(three, cleo);
    await walkIn(three, { ...walker, email: walker.email.toUpperCase() });

    await expect(doorStatus(one.page)).toContainText('Offline · 2 check-ins waiting to sync');
    await expect(doorStatus(two.page)).toContainText('Offline · 3 check-ins waiting to sync');
    await expect(doorStatus(three.page)).toContainText('Offline · 2 check-ins waiting to sync');
    await expect(counts(one.page)).toHaveText('Checked in 3 of 5');
    await expect(counts(two.page)).toHaveText('Checked in 2 of 4');
    await expect(counts(three.page)).toHaveText('Checked in 3 of 5');
    // Nothing reached the server but Door 1's first check-in.
    expect(await serverCheckIns(api, event.id)).toHaveLength(1);

    // A reload offline loses nothing.
    await two.page.reload();
    await expect(counts(two.page)).toHaveText('Checked in 2 of 4', { timeout: 30_000 });
    await expect(doorStatus(two.page)).toContainText('3 check-ins waiting to sync');
    await two.page.getByRole('button', { name: 'Not yet arrived' }).click();
    await expect.poll(() => rosterShown(two.page)).toEqual([`${ada}: out`, `${dan}: out`]);
    await two.page.getByRole('button', { name: 'Everyone' }).click();

    // Back online one by one, in an order that is not the order they went offline in.
    for (const device of [three, one, two]) {
      await device.context.setOffline(false);
      await eventually(doorStatus(device.page)).toContainText('All check-ins synced');
    }

    const expected = [
      [ada, 'out'],
      [bob, 'in'],
      [cleo, 'in'],
      [dan, 'out'],
      [walker.name, 'in'],
    ]
      .sort(([a], [b]) => a!.localeCompare(b!, undefined, { sensitivity: 'base' }))
      .map(([name, state]) => `${name}: ${state}`);
    for (const device of devices) {
      await eventually(counts(device.page)).toHaveText('Checked in 3 of 5');
      await eventually.poll(() => rosterShown(device.page)).toEqual(expected);
    }
    // Door 1's last action, the walk-in, still reads as checked in, with its Undo, once the server has
    // linked the walk-in to an attendee (another key on the roster).
    const lastAction = one.page.getByRole('status').filter({ hasText: walker.name });
    await expect(lastAction).toContainText(`${walker.name} checked in at`);
    await expect(lastAction.getByRole('button', { name: 'Undo' })).toBeVisible();

    // The same times and devices on every phone.
    const shown = await Promise.all(devices.map((device) => rowTexts(device.page)));
    expect(shown[1]).toEqual(shown[0]);
    expect(shown[2]).toEqual(shown[0]);

    // The server holds exactly the rows made: seven check-ins and one undo, the walk-in one attendee.
    const rows = await serverCheckIns(api, event.id);
    const checkIns = rows.filter((candidate) => candidate.undoes === null);
    const undos = rows.filter((candidate) => candidate.undoes !== null);
    const ids = Object.fromEntries(guests.map((guest) => [guest.name, guest.id]));
    const perGuest = (attendeeId: string | undefined) =>
      checkIns
        .filter((candidate) => candidate.attendee_id === attendeeId)
        .map((candidate) => candidate.device_label)
        .sort();
    expect(checkIns).toHaveLength(7);
    expect(perGuest(ids[ada])).toEqual(['Door 1']);
    expect(perGuest(ids[bob])).toEqual(['Door 1', 'Door 2']);
    expect(perGuest(ids[cleo])).toEqual(['Door 2', 'Door 3']);
    expect(perGuest(ids[dan])).toEqual([]);
    const walkIns = checkIns.filter((candidate) => candidate.walk_in_email !== null);
    expect(walkIns.map((candidate) => candidate.walk_in_email)).toEqual([walker.email, walker.email]);
    expect(new Set(walkIns.map((candidate) => candidate.attendee_id)).size).toBe(1);
    expect(undos).toHaveLength(1);
    expect(undos[0]).toMatchObject({ device_label: 'Door 2', attendee_id: ids[ada] });
    expect(undos[0]!.undoes).toBe(checkIns.find((candidate) => candidate.attendee_id === ids[ada])!.id);
    const { data: walkInAttendees } = await api.admin.from('attendees').select('id').eq('email', walker.email);
    expect(walkInAttendees).toHaveLength(1);
    const { data: links } = await api.admin
      .from('event_attendees')
      .select('attendee_type')
      .eq('event_id', event.id)
      .eq('attendee_id', walkInAttendees![0]!.id);
    expect(links).toEqual([{ attendee_type: 'current' }]);
  } finally {
    await Promise.all(devices.map((device) => device.context.close()));
  }
});

test('a phone signed in just now shows no roster until it knows who is in: never "Checked in 0" of guests who are in', async ({
  page,
  api,
}) => {
  const { event, guests } = await eventWithGuests(api, 2);
  const { error } = await api.admin.from('check_ins').insert({
    event_id: event.id,
    attendee_id: guests[0]!.id,
    device_id: 'front-desk-device',
    device_label: 'Front desk',
    checked_in_at: new Date().toISOString(),
  });
  if (error) throw new Error(error.message);
  // The replica's first pull of check-ins is slow to come; the other tables have come by then.
  const checkIns = await holdReplicaPull(page, 'check_ins');
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { countsSaid: string[] }).countsSaid = said;
    new MutationObserver(() => {
      const text = document.querySelector('p[aria-live="polite"]')?.textContent?.trim();
      if (text && said.at(-1) !== text) said.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await openAsAdmin(page, `/admin/check-in?event=${event.id}`);
  await checkIns.asked;
  await expect(page.getByText('Loading the roster...')).toBeVisible();
  // Time for the rows already pulled to reach the screen.
  await page.waitForTimeout(3_000);
  await expect(page.getByRole('list', { name: 'Guests' })).toHaveCount(0);
  checkIns.release();
  await expect(counts(page)).toHaveText('Checked in 1 of 2');
  await expect(row(page, guests[0]!.name)).toContainText('Checked in at');
  expect(await page.evaluate(() => (window as unknown as { countsSaid: string[] }).countsSaid)).not.toContain(
    'Checked in 0 of 2',
  );
});

test('a guest on the list taken through Walk-in, their e-mail typed in capitals, is checked in as the expected guest', async ({
  page,
  api,
}) => {
  const { event, guests } = await eventWithGuests(api, 1);
  const guest = guests[0]!;
  await api.admin
    .from('attendees')
    .update({ email: `Mixed.${guest.email}` })
    .eq('id', guest.id);
  await openAsAdmin(page, `/admin/check-in?event=${event.id}`);
  await waitForAdminReplica(page);
  await expect(counts(page)).toHaveText('Checked in 0 of 1');
  await page.getByRole('button', { name: 'Walk-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Walk-in' });
  await dialog.getByLabel('Name').fill(guest.name);
  await dialog.getByLabel('E-mail').fill(`MIXED.${guest.email.toUpperCase()}`);
  await dialog.getByRole('button', { name: 'Check in walk-in' }).click();
  await expect(dialog).toBeHidden();
  await expect(counts(page)).toHaveText('Checked in 1 of 1');
  await expect(row(page, guest.name)).toContainText('Checked in at');
  await expect(row(page, guest.name)).not.toContainText('Walk-in');
  // The server has one check-in of the attendee, not a walk-in row naming them again.
  await expect
    .poll(() => serverCheckIns(api, event.id), { timeout: 30_000 })
    .toEqual([expect.objectContaining({ attendee_id: guest.id, undoes: null, walk_in_email: null })]);
});

test("the check-in screen opens on today's edition, passes axe, and every control is a thumb's size at 360 px", async ({
  page,
  context,
  api,
}) => {
  await openAsAdmin(page, '/admin/check-in');
  await waitForAdminReplica(page);
  // The demo's edition happening today is among the first offered (other tests may make events today).
  const select = page.getByLabel('Event', { exact: true });
  const todays = await select.locator('option').allInnerTexts();
  const lisbon = todays.find((label) => /Lisbon/.test(label));
  expect(lisbon).toBeDefined();
  const chosen = await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '');
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
  );
  expect(chosen).toContain(today);
  await select.selectOption({ label: lisbon! });
  await expect(counts(page)).toHaveText(/^Checked in \d+ of 3\d$/);

  // An event of this test's own for the rest.
  const { event, guests } = await eventWithGuests(api, 2);
  await page.goto(`/admin/check-in?event=${event.id}`);
  await expect(counts(page)).toHaveText('Checked in 0 of 2');
  // The last action's live region is there, empty, before the first check-in: screen readers
  // announce what comes into it.
  const lastActionRegion = page.locator('div[role="status"].sr-only:empty');
  await expect(lastActionRegion).toHaveCount(1);
  await lastActionRegion.evaluate((region) => region.setAttribute('data-last-action', ''));
  await row(page, guests[0]!.name)
    .getByRole('button', { name: `Check in ${guests[0]!.name}` })
    .click();
  await expect(row(page, guests[0]!.name)).toContainText('Checked in at');
  await expect(page.locator('[data-last-action]')).toContainText(`${guests[0]!.name} checked in at`);
  await expect(counts(page)).toHaveText('Checked in 1 of 2');
  expect(await axe(page)).toEqual([]);

  // Search as you type, by company.
  await page.getByLabel('Search').fill('CONTOSO');
  await expect.poll(() => rosterShown(page)).toEqual([`${guests[1]!.name}: out`]);

  // By keyboard: Enter checks the guest in, and the focus stays on the row, now on its Undo.
  const second = row(page, guests[1]!.name);
  await second.getByRole('button', { name: `Check in ${guests[1]!.name}` }).focus();
  await page.keyboard.press('Enter');
  const undo = second.getByRole('button', { name: `Undo check-in of ${guests[1]!.name}` });
  await expect(undo).toBeFocused();
  await expect(counts(page)).toHaveText('Checked in 2 of 2');
  // Undo waits for the row to be stored, then takes Enter too; the focus stays on the row.
  await expect(undo).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(second.getByRole('button', { name: `Check in ${guests[1]!.name}` })).toBeFocused();
  await expect(counts(page)).toHaveText('Checked in 1 of 2');
  await page.getByLabel('Search').fill('');

  // Under 'Not yet arrived' a guest checked in leaves the list, and the last action's Undo leaves
  // once pressed: the focus goes on (here to the search, the list being empty), never to nowhere.
  await page.getByRole('button', { name: 'Not yet arrived', exact: true }).click();
  await expect.poll(() => rosterShown(page)).toEqual([`${guests[1]!.name}: out`]);
  await row(page, guests[1]!.name)
    .getByRole('button', { name: `Check in ${guests[1]!.name}` })
    .focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => rosterShown(page)).toEqual([]);
  await expect(page.getByLabel('Search')).toBeFocused();
  const lastUndo = page.locator('[data-last-action]').getByRole('button', { name: 'Undo' });
  await expect(lastUndo).toBeEnabled();
  await lastUndo.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-last-action]')).toContainText(`${guests[1]!.name} check-in undone`);
  await expect(page.getByLabel('Search')).toBeFocused();
  await expect(counts(page)).toHaveText('Checked in 1 of 2');
  await page.getByRole('button', { name: 'Everyone', exact: true }).click();

  await page.setViewportSize({ width: 360, height: 780 });
  const screen = page.getByRole('region', { name: 'Check-in' });
  await expect(screen).toBeVisible();
  // Measured once the back office has taken the phone's layout: the side menu, which took most of
  // the width at 1280 px, folds away in a render that a loaded machine can leave for later.
  await expect.poll(() => screen.evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThan(300);
  // The screen's controls, and the back office's header above it (menu, Sign Out).
  const small = await screen.evaluate((element) =>
    [
      ...element.querySelectorAll<HTMLElement>('button, a[href], input, select'),
      ...document.querySelectorAll<HTMLElement>('header button'),
    ]
      .filter((control) => control.offsetParent !== null)
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ control, box }) => `${control.outerHTML.slice(0, 80)}: ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
  expect(small).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A walk-in with bad input is refused at its fields, and nothing is written. Offline, so that a
  // check-in written by mistake would stay on this phone, counted as waiting to sync, rather than
  // reach the server after the check below. (The server has the three check-ins and two undos above.)
  await expect.poll(async () => (await serverCheckIns(api, event.id)).length, { timeout: 30_000 }).toBe(5);
  await expect(doorStatus(page)).toContainText('All check-ins synced');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Walk-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Walk-in' });
  await dialog.getByLabel('E-mail').fill('not an address');
  await dialog.getByRole('button', { name: 'Check in walk-in' }).click();
  await expect(dialog.getByText('Enter their name')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expect(dialog.getByText('Enter a valid e-mail address, such as name@company.com')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(doorStatus(page)).toContainText('Offline');
  await expect(doorStatus(page)).toContainText('All check-ins synced');
  await context.setOffline(false);
  expect(await serverCheckIns(api, event.id)).toHaveLength(5);
});
