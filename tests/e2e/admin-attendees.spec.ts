/**
 * Admin: Attendees (spec section 2) in the browser, against the real backend and the fake
 * LinkedIn provider, AI endpoint and logo service of support/fake-services.ts (logo domains starting
 * with 'missing' are unknown there; LinkedIn handles starting with 'private-' are private).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { axe, expect, test, unique, type Api } from './support/fixtures.ts';
import { testPort } from '../support/ports.ts';

/** A 2x2 red PNG: a real image the browser can decode and reduce. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
/** A drawing: an image type browsers show, but not one they can draw onto a canvas from a file. */
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
);
/** A 1 x 1 BMP (24 bits): a picture browsers read, of a type Storage does not take. */
const BMP = (() => {
  const file = Buffer.alloc(58);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(58, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(1, 18);
  file.writeInt32LE(1, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(4, 34);
  file.set([0x20, 0x40, 0xc0], 54);
  return file;
})();

const FAKE_SERVICES_URL = `http://127.0.0.1:${testPort('E2E_FAKE_SERVICES_PORT')}`;

type AttendeeRow = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  job_title: string | null;
  photo_url: string | null;
  company_logo_url: string | null;
  bio: string | null;
  linkedin_url: string | null;
  priorities: string | null;
};

/** A unique, lower-case e-mail address. */
function uniqueEmail(prefix: string): string {
  return `${unique(prefix).replace(/\s+/g, '.').toLowerCase()}@example.org`;
}

/** A unique LinkedIn handle (letters, digits, hyphens). */
function uniqueHandle(prefix: string): string {
  return unique(prefix).replace(/\s+/g, '-').toLowerCase();
}

/** Attendees created through the page (not through `api.create`) are deleted by e-mail after the test. */
const createdByPage: string[] = [];

// Bulk runs pause between records (0.5 s and 2 s), and the machine may be busy.
test.describe.configure({ timeout: 120_000 });
test.afterEach(async ({ api }) => {
  for (const email of createdByPage.splice(0)) {
    const { error } = await api.admin.from('attendees').delete().eq('email', email);
    if (error) throw new Error(`cleanup ${email}: ${error.message}`);
  }
});

async function openAttendees(page: Page) {
  await openAsAdmin(page, '/admin/attendees');
  await waitForAdminReplica(page);
  await expect(page.getByRole('heading', { name: 'Attendees', exact: true })).toBeVisible();
}

function attendeeRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

async function serverAttendee(api: Api, email: string): Promise<AttendeeRow | null> {
  const { data, error } = await api.admin
    .from('attendees')
    .select('*')
    .eq('email', email)
    .eq('_deleted', false)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data as AttendeeRow | null;
}

async function allAttendees(api: Api): Promise<AttendeeRow[]> {
  const { data, error } = await api.admin.from('attendees').select('*').eq('_deleted', false);
  if (error) throw new Error(error.message);
  return data as AttendeeRow[];
}

const blank = (value: string | null) => value === null || value.trim() === '';

test('admin adds an attendee, edits it and deletes it, with a toast at each step', async ({ page, api }) => {
  const name = unique('Grace Hopper');
  const email = uniqueEmail('grace');
  createdByPage.push(email);
  await openAttendees(page);
  await expect(page.getByRole('button', { name: 'Bulk Scrape LinkedIn' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk Fetch Logos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin');

  await page.getByRole('button', { name: 'Add Attendee' }).click();
  const form = page.getByRole('form', { name: 'Add Attendee' });
  await form.getByRole('button', { name: 'Create Attendee' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('not an address');
  await form.getByRole('button', { name: 'Create Attendee' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await form.getByLabel('Email').fill(email.toUpperCase());
  await form.getByLabel('Job Title').fill('Rear Admiral');
  await form.getByLabel('LinkedIn URL').fill('linkedin');
  await form.getByRole('button', { name: 'Create Attendee' }).click();
  await expect(form.getByText('Enter a URL starting with https://')).toBeVisible();
  await form.getByLabel('LinkedIn URL').fill('');
  await form.getByLabel('Bio (about 200 words)').fill('Pioneer of compilers.');
  await form.getByLabel('Priorities (comma-separated)').fill('Compilers, Education');
  await form.getByRole('button', { name: 'Create Attendee' }).click();

  await expect(toast(page, 'Attendee added successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const row = attendeeRow(page, name);
  await expect(row.getByRole('cell', { name: email, exact: true })).toBeVisible();
  await expect(row.getByText('No photo')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Rear Admiral' })).toBeVisible();
  // Newest first: the new attendee is the first row of the list.
  await expect(page.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(name);
  // The new row reaches the backend, its e-mail stored lower-cased.
  await expect.poll(async () => (await serverAttendee(api, email))?.priorities).toBe('Compilers, Education');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editForm = page.getByRole('form', { name: 'Edit Attendee' });
  await expect(editForm.getByLabel('Bio (about 200 words)')).toHaveValue('Pioneer of compilers.');
  await editForm.getByLabel('Job Title').fill('Computer Scientist');
  await editForm.getByRole('button', { name: 'Update Attendee' }).click();
  await expect(toast(page, 'Attendee updated successfully')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Computer Scientist' })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete attendee?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Attendee removed')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect.poll(async () => serverAttendee(api, email)).toBeNull();
});

test('admin uploads a photo and a company logo for an attendee, and the list shows the photo instead of "No photo"', async ({
  page,
  api,
}) => {
  const attendee = await api.create<AttendeeRow>('attendees', {
    name: unique('Ada Lovelace'),
    email: uniqueEmail('ada'),
  });
  await openAttendees(page);
  const row = attendeeRow(page, attendee.name);
  await expect(row.getByText('No photo')).toBeVisible();

  await row.getByRole('button', { name: `Edit ${attendee.name}` }).click();
  const form = page.getByRole('form', { name: 'Edit Attendee' });
  await form
    .getByLabel('Photo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(toast(page, 'Upload failed')).toContainText('notes.txt is not an image file');
  // An image the browser cannot draw could be neither sized nor stored: refused as it is picked.
  await form.getByLabel('Company Logo').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG });
  await expect(toast(page, 'logo.svg is not an image file')).toContainText('Upload failed');
  await expect(toast(page, 'Company logo uploaded successfully')).toHaveCount(0);

  await form.getByLabel('Photo').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Photo uploaded successfully')).toBeVisible();
  await expect(form.getByRole('img', { name: 'New photo preview' })).toBeVisible();
  // A type Storage does not take (a BMP) is stored as one it does.
  await form.getByLabel('Company Logo').setInputFiles({ name: 'logo.bmp', mimeType: 'image/bmp', buffer: BMP });
  await expect(toast(page, 'Company logo uploaded successfully')).toBeVisible();
  await form.getByRole('button', { name: 'Update Attendee' }).click();
  await expect(toast(page, 'Attendee updated successfully')).toBeVisible();
  await expect(row.getByRole('img', { name: attendee.name })).toBeVisible();
  await expect(row.getByText('No photo')).toHaveCount(0);

  // The outbox uploads the file to the attendee-photos bucket and the record gets its public URL.
  await expect
    .poll(async () => (await serverAttendee(api, attendee.email))?.photo_url ?? '', { timeout: 20_000 })
    .toMatch(/\/storage\/v1\/object\/public\/attendee-photos\//);
  await expect
    .poll(async () => (await serverAttendee(api, attendee.email))?.company_logo_url ?? '', { timeout: 20_000 })
    .toMatch(/\/storage\/v1\/object\/public\/sponsor-logos\/.+\.(webp|jpg)$/);
});

test('scraping needs a saved attendee with a LinkedIn URL, then fills the profile from LinkedIn', async ({
  page,
  api,
}) => {
  const handle = uniqueHandle('ada-scrape');
  const attendee = await api.create<AttendeeRow>('attendees', {
    name: unique('Scrape Ready'),
    email: uniqueEmail('scrape'),
    linkedin_url: `https://www.linkedin.com/in/${handle}`,
  });
  const privateOne = await api.create<AttendeeRow>('attendees', {
    name: unique('Scrape Private'),
    email: uniqueEmail('private'),
    linkedin_url: `https://www.linkedin.com/in/${uniqueHandle('private-profile')}`,
  });
  const unsaved = await api.create<AttendeeRow>('attendees', {
    name: unique('Scrape Unsaved'),
    email: uniqueEmail('unsaved'),
  });
  await openAttendees(page);

  // A new attendee is not saved yet.
  await page.getByRole('button', { name: 'Add Attendee' }).click();
  const newForm = page.getByRole('form', { name: 'Add Attendee' });
  await newForm.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/someone');
  await newForm.getByRole('button', { name: 'Scrape Profile' }).click();
  await expect(toast(page, 'Cannot scrape')).toContainText('Please save the attendee first with a LinkedIn URL');
  await newForm.getByRole('button', { name: 'Cancel' }).click();

  // A saved attendee with a URL typed but not saved: the server would write that profile to the
  // saved record at once, whatever the form does next.
  await attendeeRow(page, unsaved.name)
    .getByRole('button', { name: `Edit ${unsaved.name}` })
    .click();
  const unsavedForm = page.getByRole('form', { name: 'Edit Attendee' });
  await unsavedForm.getByLabel('LinkedIn URL').fill(`https://www.linkedin.com/in/${uniqueHandle('typed-only')}`);
  await unsavedForm.getByRole('button', { name: 'Scrape Profile' }).click();
  await expect(toast(page, 'Cannot scrape').last()).toContainText('Please save the attendee first with a LinkedIn URL');
  await unsavedForm.getByRole('button', { name: 'Cancel' }).click();
  expect((await serverAttendee(api, unsaved.email))?.bio ?? null).toBeNull();

  await attendeeRow(page, attendee.name)
    .getByRole('button', { name: `Edit ${attendee.name}` })
    .click();
  const form = page.getByRole('form', { name: 'Edit Attendee' });
  await form.getByRole('button', { name: 'Scrape Profile' }).click();
  await expect(toast(page, 'Profile scraped successfully!')).toBeVisible({ timeout: 15_000 });
  await expect(form.getByLabel('Bio (about 200 words)')).toHaveValue(
    `${handle} is Chief Data Officer at Fake Profiles Ltd.`,
  );
  await expect(form.getByLabel('Priorities (comma-separated)')).toHaveValue(
    'Data governance, AI adoption, Data literacy',
  );
  await expect(form.getByLabel('Current Focus')).toHaveValue(
    'Building the data platform as Chief Data Officer at Fake Profiles Ltd.',
  );
  await expect(form.getByLabel('Future Focus')).toHaveValue('Scaling responsible AI across the group.');
  await form.getByRole('button', { name: 'Update Attendee' }).click();
  await expect(toast(page, 'Attendee updated successfully')).toBeVisible();
  await expect
    .poll(async () => (await serverAttendee(api, attendee.email))?.bio)
    .toBe(`${handle} is Chief Data Officer at Fake Profiles Ltd.`);

  // A private profile: the function's error is shown.
  await attendeeRow(page, privateOne.name)
    .getByRole('button', { name: `Edit ${privateOne.name}` })
    .click();
  const privateForm = page.getByRole('form', { name: 'Edit Attendee' });
  await privateForm.getByRole('button', { name: 'Scrape Profile' }).click();
  await expect(toast(page, 'Scraping failed')).toContainText('LinkedIn profile not found', { timeout: 15_000 });
  await expect(privateForm.getByLabel('Bio (about 200 words)')).toHaveValue('');
});

test("a new attendee's company logo is looked up once typing pauses, and Fetch Logo explains failures", async ({
  page,
  api,
}) => {
  const suffix = unique('').trim();
  const company = `Logoworks ${suffix} Inc.`;
  const domain = `logoworks${suffix}.com`;
  const email = uniqueEmail('logo');
  createdByPage.push(email);
  await openAttendees(page);

  await page.getByRole('button', { name: 'Add Attendee' }).click();
  const form = page.getByRole('form', { name: 'Add Attendee' });
  await form.getByRole('button', { name: 'Fetch Logo' }).click();
  await expect(toast(page, 'No company name')).toContainText('Please enter a company name first');

  await form.getByLabel('Company', { exact: true }).fill(`Missing ${suffix}`);
  await form.getByRole('button', { name: 'Fetch Logo' }).click();
  await expect(toast(page, 'Logo not found')).toContainText('Could not find a logo for this company');

  // Typed key by key: one lookup, 1.5 s after the last keystroke.
  await form.getByLabel('Company', { exact: true }).fill('');
  await form.getByLabel('Company', { exact: true }).pressSequentially(company, { delay: 20 });
  await expect(toast(page, 'Logo found')).toBeVisible({ timeout: 10_000 });
  const logo = form.getByRole('img', { name: 'Company logo' });
  await expect(logo).toHaveAttribute('src', `${FAKE_SERVICES_URL}/logos/${domain}`);
  const lookups = (await (await fetch(`${FAKE_SERVICES_URL}/requests`)).json()) as { method: string; path: string }[];
  // (The GET is the browser showing the logo.)
  expect(lookups.filter((request) => request.method === 'HEAD' && request.path.includes(`logoworks${suffix}`))).toEqual(
    [{ method: 'HEAD', path: `/logos/${domain}` }],
  );

  await form.getByLabel('Name').fill(unique('Logo Person'));
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Create Attendee' }).click();
  await expect(toast(page, 'Attendee added successfully')).toBeVisible();
  await expect
    .poll(async () => (await serverAttendee(api, email))?.company_logo_url)
    .toBe(`${FAKE_SERVICES_URL}/logos/${domain}`);
});

/** Gives every attendee with a company and no logo one, except `ours`: a bulk run is then over those only. */
async function giveLogosToAllBut(api: Api, ours: readonly string[]): Promise<void> {
  const others = (await allAttendees(api)).filter(
    (a) => !blank(a.company) && blank(a.company_logo_url) && !ours.includes(a.id),
  );
  if (others.length === 0) return;
  const { error } = await api.admin
    .from('attendees')
    .update({ company_logo_url: `${FAKE_SERVICES_URL}/logos/already.example` })
    .in(
      'id',
      others.map((a) => a.id),
    );
  if (error) throw new Error(error.message);
}

test('Bulk Fetch Logos fills missing logos one at a time with progress, then sums up', async ({ page, api }) => {
  const suffix = unique('').trim();
  const found = await api.create<AttendeeRow>('attendees', {
    name: unique('Bulk Logo Found'),
    email: uniqueEmail('bulk-logo'),
    company: `Bulklogo ${suffix} Corp`,
  });
  const missing = await api.create<AttendeeRow>('attendees', {
    name: unique('Bulk Logo Missing'),
    email: uniqueEmail('bulk-missing'),
    company: unique('Missing Brand Ltd'),
  });
  const alsoFound = await api.create<AttendeeRow>('attendees', {
    name: unique('Bulk Logo Also Found'),
    email: uniqueEmail('bulk-logo-also'),
    company: unique('Alsologo Group'),
  });
  const ours = [found.id, missing.id, alsoFound.id];
  // Every other attendee with a company gets a logo first (demo ones too): the run is over these
  // three only, which shows that it skips those that have one, and it pauses twice, not dozens of times.
  await giveLogosToAllBut(api, ours);
  await openAttendees(page);

  const targets = (await allAttendees(api)).filter((a) => !blank(a.company) && blank(a.company_logo_url));
  expect(targets.map((a) => a.id).sort()).toEqual([...ours].sort());

  // The run waits after its first logo until its progress has been checked: a run of three takes
  // about a second, which a busy machine can spend before the checks below are done.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let lookups = 0;
  await page.route(`${FAKE_SERVICES_URL}/logos/**`, async (route) => {
    lookups += 1;
    if (lookups > 1) await released;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Bulk Fetch Logos' }).click();
  await expect(page.getByText(/^Fetching logos: \d of 3$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Fetching logos' })).toBeVisible();
  await expect(page.getByText(/^\d+%$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk Scrape LinkedIn' })).toBeDisabled();
  release();
  // The fake logo service knows every domain except those starting with 'missing'. Each logo found
  // is a write to the replica, which a busy machine takes seconds over.
  await expect(toast(page, 'Bulk fetch complete')).toContainText('2 fetched, 1 not found', { timeout: 20_000 });
  await expect(page.getByText(/^Fetching logos:/)).toHaveCount(0);

  await expect
    .poll(async () => (await serverAttendee(api, found.email))?.company_logo_url)
    .toBe(`${FAKE_SERVICES_URL}/logos/bulklogo${suffix}.com`);
  expect((await serverAttendee(api, missing.email))?.company_logo_url).toBeNull();

  // With the unknown company gone, nothing is left to do.
  await api.remove('attendees', missing.id);
  await expect(attendeeRow(page, missing.name)).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Bulk Fetch Logos' }).click();
  await expect(toast(page, 'All set!')).toContainText("All attendees already have logos or don't have company names");
});

test('a bulk run cut short by leaving the page says it stopped, and how many it did not try', async ({ page, api }) => {
  const first = await api.create<AttendeeRow>('attendees', {
    name: unique('Bulk Stop First'),
    email: uniqueEmail('bulk-stop-first'),
    company: unique('Stopfirst Group'),
  });
  const second = await api.create<AttendeeRow>('attendees', {
    name: unique('Bulk Stop Second'),
    email: uniqueEmail('bulk-stop-second'),
    company: unique('Stopsecond Group'),
  });
  const ours = [first.id, second.id];
  await giveLogosToAllBut(api, ours);
  await openAttendees(page);
  await expect(attendeeRow(page, second.name)).toBeVisible();

  // The first lookup is held until the admin has left for the events page.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${FAKE_SERVICES_URL}/logos/**`, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Bulk Fetch Logos' }).click();
  await expect(page.getByText('Fetching logos: 0 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  release();
  await expect(toast(page, 'Bulk fetch stopped')).toContainText(
    '1 fetched, 0 not found, 1 not tried: the page was left',
    { timeout: 20_000 },
  );
  await expect(toast(page, 'Bulk fetch complete')).toHaveCount(0);
});

test('Bulk Scrape LinkedIn fills missing bios one at a time with progress, then sums up', async ({ page, api }) => {
  const handle = uniqueHandle('bulk-scrape');
  const ready = await api.create<AttendeeRow>('attendees', {
    name: unique('Bulk Scrape Ready'),
    email: uniqueEmail('bulk-scrape'),
    linkedin_url: `https://www.linkedin.com/in/${handle}`,
  });
  const privateOne = await api.create<AttendeeRow>('attendees', {
    name: unique('Bulk Scrape Private'),
    email: uniqueEmail('bulk-private'),
    linkedin_url: `https://www.linkedin.com/in/${uniqueHandle('private-bulk')}`,
    bio: '   ',
  });
  await openAttendees(page);

  const targets = (await allAttendees(api)).filter((a) => !blank(a.linkedin_url) && blank(a.bio));
  const failing = targets.filter((a) => /\/in\/private-/.test(a.linkedin_url ?? '')).length;
  expect(targets.map((a) => a.id)).toEqual(expect.arrayContaining([ready.id, privateOne.id]));

  await page.getByRole('button', { name: 'Bulk Scrape LinkedIn' }).click();
  await expect(page.getByText(new RegExp(`^Scraping LinkedIn profiles: \\d+ of ${targets.length}$`))).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Scraping LinkedIn profiles' })).toBeVisible();
  await expect(page.getByText(/^\d+%$/)).toBeVisible();
  await expect(toast(page, 'Bulk scrape complete')).toContainText(
    `${targets.length - failing} scraped, ${failing} failed`,
    { timeout: 90_000 },
  );

  await expect
    .poll(async () => (await serverAttendee(api, ready.email))?.bio)
    .toBe(`${handle} is Chief Data Officer at Fake Profiles Ltd.`);
  expect((await serverAttendee(api, privateOne.email))?.bio).toBe('   ');
});

test('admin exports every attendee as an RFC 4180 CSV file', async ({ page, api }) => {
  const attendee = await api.create<AttendeeRow>('attendees', {
    name: unique('Csv, Export'),
    email: uniqueEmail('csv-export'),
    company: 'Quote "Corp"',
    bio: 'Line one\nLine two',
  });
  const accented = await api.create<AttendeeRow>('attendees', {
    name: unique('Ayşe Ağaoğlu-Müller'),
    email: uniqueEmail('csv-export-accents'),
  });
  await openAttendees(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^attendees-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  // UTF-8 with a byte-order mark, which Excel needs to show accented names as written.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toContain(`${accented.name},${accented.email},`);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  expect(
    text.startsWith(
      'name,email,company,job_title,linkedin_url,bio,priorities,current_focus,future_focus,photo_url,company_logo_url,registered_at,' +
        'editions_attended,last_attended,last_attended_date,recent_no_shows,no_show_last_year\r\n',
    ),
  ).toBe(true);
  expect(text).toContain(`"${attendee.name}",${attendee.email},"Quote ""Corp""",,,"Line one\nLine two",`);
  // Every attendee, demo ones included: one record per attendee plus the header.
  const everyone = await allAttendees(api);
  for (const other of everyone.slice(0, 5)) expect(text).toContain(other.email);
});

test('admin imports a CSV file: a preview says what each row will do, then a report says what was done', async ({
  page,
  api,
}) => {
  const existing = await api.create<AttendeeRow>('attendees', {
    name: unique('Csv Existing'),
    email: uniqueEmail('csv-existing'),
    company: 'Old Company',
    job_title: 'Keeps This Title',
  });
  const newName = unique('Csv New');
  const newEmail = uniqueEmail('csv-new');
  createdByPage.push(newEmail);
  const csv = [
    'Name,Email,Company,Job Title,LinkedIn URL',
    `${newName},${newEmail.toUpperCase()},"New Co, Ltd",Chief Data Officer,https://www.linkedin.com/in/csv-new`,
    `${existing.name},${existing.email},Updated Company,,`,
    `Someone Else,${newEmail},,,`,
    'Bad Mail,not-an-address,,,',
    `,nameless@example.org,,,`,
    `Bad Link,bad-link@example.org,,,linkedin dot com`,
  ].join('\r\n');
  await openAttendees(page);

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import attendees from CSV' });
  await expect(dialog.getByText('updates', { exact: true })).toBeVisible();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('people.csv: 1 to create, 1 to update, 4 refused')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row').filter({ hasText: newName })).toContainText('Create');
  await expect(preview.getByRole('row').filter({ hasText: existing.name })).toContainText('Update existing attendee');
  await expect(preview.getByRole('row').filter({ hasText: 'Someone Else' })).toContainText(
    'Refused: Duplicate of row 2 in this file',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'Bad Mail' })).toContainText(
    'Refused: Invalid e-mail address: not-an-address',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'nameless@example.org' })).toContainText(
    'Refused: Missing name',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'Bad Link' })).toContainText(
    'Refused: Invalid URL in LinkedIn URL: linkedin dot com',
  );
  expect(await axe(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog.getByText('Import complete: 1 created, 1 updated, 4 refused')).toBeVisible();
  await expect(dialog.getByText('Row 4: Duplicate of row 2 in this file')).toBeVisible();
  await expect(toast(page, 'Import complete')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(attendeeRow(page, newName).getByRole('cell', { name: 'New Co, Ltd' })).toBeVisible();
  await expect.poll(async () => (await serverAttendee(api, newEmail))?.job_title).toBe('Chief Data Officer');
  await expect.poll(async () => (await serverAttendee(api, existing.email))?.company).toBe('Updated Company');
  // A blank cell keeps what was stored.
  expect((await serverAttendee(api, existing.email))?.job_title).toBe('Keeps This Title');
  expect(await serverAttendee(api, 'nameless@example.org')).toBeNull();
});

test('admin imports a list saved by a spreadsheet in a European locale: semicolons, a byte-order mark, accented names', async ({
  page,
  api,
}) => {
  const existing = await api.create<AttendeeRow>('attendees', {
    name: unique('Csv Zoë Existing'),
    email: uniqueEmail('csv-semicolon-existing'),
    company: 'Old Company',
  });
  const newName = unique('Ayşe Ağaoğlu');
  const newEmail = uniqueEmail('csv-semicolon-new');
  createdByPage.push(newEmail);
  // As Excel in a German or French locale saves a sheet: BOM, semicolons, CRLF, quotes only where needed.
  const csv = [
    'Name;E-mail;Company;Job Title',
    `${newName};${newEmail};"Koç Holding; Data";Chief Data Officer`,
    `${existing.name};${existing.email};Société Générale, SA;`,
    '',
  ].join('\r\n');
  await openAttendees(page);

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import attendees from CSV' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'personnes.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`, 'utf8') });
  await expect(dialog.getByText('personnes.csv: 1 to create, 1 to update, 0 refused')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row').filter({ hasText: newName })).toContainText('Create');
  await expect(preview.getByRole('row').filter({ hasText: existing.name })).toContainText('Update existing attendee');

  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog.getByText('Import complete: 1 created, 1 updated, 0 refused')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(attendeeRow(page, newName).getByRole('cell', { name: 'Koç Holding; Data' })).toBeVisible();
  await expect
    .poll(async () => {
      const row = await serverAttendee(api, newEmail);
      return row && { name: row.name, company: row.company, job_title: row.job_title };
    })
    .toEqual({ name: newName, company: 'Koç Holding; Data', job_title: 'Chief Data Officer' });
  await expect.poll(async () => (await serverAttendee(api, existing.email))?.company).toBe('Société Générale, SA');
});

/** `text` as Excel for Windows saves 'CSV (Comma delimited)' in a Western European locale. */
function windows1252(text: string): Buffer {
  const beyondLatin1: Record<string, number> = { '–': 0x96, '“': 0x93, '”': 0x94, '€': 0x80 };
  return Buffer.from([...text].map((char) => beyondLatin1[char] ?? char.charCodeAt(0)));
}

test('admin imports a list Excel for Windows saved in its legacy encoding: the names arrive as written', async ({
  page,
  api,
}) => {
  const name = unique('Jürgen Müller');
  const email = uniqueEmail('csv-windows-1252');
  createdByPage.push(email);
  const company = 'Café “Données” – €uro Lab';
  await openAttendees(page);

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import attendees from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'liste.csv',
    mimeType: 'text/csv',
    buffer: windows1252(`Name;E-mail;Company\r\n${name};${email};${company}\r\n`),
  });
  await expect(dialog.getByText('liste.csv: 1 to create, 0 to update, 0 refused')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Import preview' })).toContainText(name);
  await dialog.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(dialog.getByText('Import complete: 1 created, 0 updated, 0 refused')).toBeVisible();
  await expect
    .poll(async () => {
      const row = await serverAttendee(api, email);
      return row && { name: row.name, company: row.company };
    })
    .toEqual({ name, company });
});

test('the attendees page with the form open has no serious accessibility problems', async ({ page }) => {
  await openAttendees(page);
  await page.getByRole('button', { name: 'Add Attendee' }).click();
  await expect(page.getByRole('form', { name: 'Add Attendee' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});
