import type { Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { axe, daysFromNow, expect, test, unique } from './support/fixtures.ts';

/**
 * axe on the page once the toasts have gone: sonner's rich success toast (src/ui/toaster.tsx) is
 * checked on its own, and this checks the page.
 */
async function axeOfPage(page: Page): Promise<string[]> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  return axe(page);
}

/** A 2x2 red PNG: a real image the browser can decode and reduce. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function openAdminPage(page: Page, path: string, heading: string) {
  await openAsAdmin(page, path);
  await waitForAdminReplica(page);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

function card(page: Page, list: string, heading: string) {
  return page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
}

test('admin adds a general testimonial, moves it to an event and deletes it', async ({ page, api }) => {
  test.slow();
  const event = await api.create('events', {
    title: unique('Testimonial Summit'),
    start_date: daysFromNow(-20),
    end_date: daysFromNow(-20, 17),
  });
  const name = unique('Dana Chief');
  await openAdminPage(page, '/admin/testimonials', 'Event Testimonials');

  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const form = page.getByRole('form', { name: 'Add Testimonial' });
  await expect(form.getByLabel('Event')).toHaveValue('none');
  await expect(form.getByLabel('Rating (1-5)')).toHaveValue('5');
  await expect(form.getByLabel('Display order')).toHaveValue('0');
  await form.getByRole('button', { name: 'Save Testimonial' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Quote is required')).toBeVisible();

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Job title').fill('Chief Data Officer');
  await form.getByLabel('Company').fill('Northwind Bank');
  await form.getByLabel('Quote').fill('The most useful day of my year.');
  await form.getByLabel('Rating (1-5)').fill('7');
  await form.getByRole('button', { name: 'Save Testimonial' }).click();
  await expect(form.getByText('Rating must be a whole number from 1 to 5')).toBeVisible();
  await form.getByLabel('Rating (1-5)').fill('4');
  expect(await axeOfPage(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save Testimonial' }).click();

  await expect(page.getByText('Testimonial added successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const added = card(page, 'Testimonials', name);
  await expect(added.getByText('General')).toBeVisible();
  await expect(added.getByText('Chief Data Officer, Northwind Bank')).toBeVisible();
  await expect(added.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();

  // 'none' is stored as a general testimonial: a null event_id.
  await expect
    .poll(
      async () => {
        const { data } = await api.admin
          .from('testimonials')
          .select('event_id, quote, rating, display_order, photo_url')
          .eq('name', name);
        return data?.[0] ?? null;
      },
      { timeout: 20_000 },
    )
    .toEqual({
      event_id: null,
      quote: 'The most useful day of my year.',
      rating: 4,
      display_order: 0,
      photo_url: null,
    });
  expect(await axeOfPage(page)).toEqual([]);

  await added.getByRole('button', { name: `Edit testimonial from ${name}` }).click();
  const editForm = page.getByRole('form', { name: 'Edit Testimonial' });
  await expect(editForm.getByLabel('Quote')).toHaveValue('The most useful day of my year.');
  await editForm.getByLabel('Event').selectOption({ label: event.title as string });
  await editForm.getByRole('button', { name: 'Update Testimonial' }).click();
  await expect(page.getByText('Testimonial updated successfully')).toBeVisible();
  await expect(editForm).toBeHidden();
  await expect(card(page, 'Testimonials', name).getByText(event.title as string)).toBeVisible();
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('testimonials').select('event_id').eq('name', name);
        return data?.[0]?.event_id;
      },
      { timeout: 20_000 },
    )
    .toBe(event.id);

  // Deleted from the keyboard: the focus goes to the card now in its place, not to the page's top.
  await card(page, 'Testimonials', name)
    .getByRole('button', { name: `Delete testimonial from ${name}` })
    .focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Testimonial deleted successfully')).toBeVisible();
  await expect(card(page, 'Testimonials', name)).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('[aria-label="Testimonials"] li')))
    .toBe(true);
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('testimonials').select('_deleted').eq('name', name);
        return data;
      },
      { timeout: 20_000 },
    )
    .toEqual([{ _deleted: true }]);
});

test('admin uploads a photo for a testimonial and it is stored in the attendee photos', async ({ page, api }) => {
  const testimonial = await api.create('testimonials', { name: unique('Photo Person'), quote: 'Great people.' });
  const name = testimonial.name as string;
  await openAdminPage(page, '/admin/testimonials', 'Event Testimonials');
  await card(page, 'Testimonials', name)
    .getByRole('button', { name: `Edit testimonial from ${name}` })
    .click();
  const form = page.getByRole('form', { name: 'Edit Testimonial' });
  await form.getByLabel('Or upload a photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'New photo preview' })).toBeVisible();
  await form.getByRole('button', { name: 'Update Testimonial' }).click();
  await expect(page.getByText('Testimonial updated successfully')).toBeVisible();
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('testimonials').select('photo_url').eq('id', testimonial.id);
        return data?.[0]?.photo_url;
      },
      { timeout: 20_000 },
    )
    .toContain('/attendee-photos/');
});

test('admin adds a video to an event, edits it and deletes it', async ({ page, api }) => {
  test.slow();
  const event = await api.create('events', {
    title: unique('Video Summit'),
    start_date: daysFromNow(-10),
    end_date: daysFromNow(-10, 17),
  });
  const title = unique('Keynote recap');
  const retitled = unique('Keynote highlights');
  await openAdminPage(page, '/admin/videos', 'Event Videos');

  await page.getByRole('button', { name: 'Add Video' }).click();
  const form = page.getByRole('form', { name: 'Add Video' });
  await expect(form.getByLabel('Display order')).toHaveValue('0');
  await form.getByRole('button', { name: 'Save Video' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Video URL is required')).toBeVisible();

  await form.getByLabel('Event').selectOption({ label: event.title as string });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Video URL').fill('https://www.youtube.com/embed/dQw4w9WgXcQ');
  await form.getByLabel('Description').fill('The opening keynote in five minutes.');
  expect(await axeOfPage(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save Video' }).click();

  await expect(page.getByText('Video added successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const added = card(page, 'Videos', title);
  await expect(added.getByText(event.title as string)).toBeVisible();
  await expect(added.getByRole('link', { name: /youtube\.com\/embed/ })).toHaveAttribute(
    'href',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
  );
  await expect
    .poll(
      async () => {
        const { data } = await api.admin
          .from('videos')
          .select('event_id, video_url, description, thumbnail_url, display_order')
          .eq('title', title);
        return data?.[0] ?? null;
      },
      { timeout: 20_000 },
    )
    .toEqual({
      event_id: event.id,
      video_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      description: 'The opening keynote in five minutes.',
      thumbnail_url: null,
      display_order: 0,
    });
  expect(await axeOfPage(page)).toEqual([]);

  await added.getByRole('button', { name: `Edit ${title}` }).click();
  const editForm = page.getByRole('form', { name: 'Edit Video' });
  await expect(editForm.getByLabel('Event')).toHaveValue(event.id);
  await editForm.getByLabel('Title').fill(retitled);
  await editForm.getByLabel('Event').selectOption('none');
  await editForm.getByLabel('Display order').fill('3');
  await editForm.getByRole('button', { name: 'Update Video' }).click();
  await expect(page.getByText('Video updated successfully')).toBeVisible();
  await expect(editForm).toBeHidden();
  await expect(card(page, 'Videos', retitled).getByText('General')).toBeVisible();
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('videos').select('event_id, display_order').eq('title', retitled);
        return data?.[0] ?? null;
      },
      { timeout: 20_000 },
    )
    .toEqual({ event_id: null, display_order: 3 });

  await card(page, 'Videos', retitled)
    .getByRole('button', { name: `Delete ${retitled}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Video deleted successfully')).toBeVisible();
  await expect(card(page, 'Videos', retitled)).toHaveCount(0);
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('videos').select('_deleted').eq('title', retitled);
        return data;
      },
      { timeout: 20_000 },
    )
    .toEqual([{ _deleted: true }]);
});

test('cancelling the video form closes it and clears what was typed', async ({ page }) => {
  await openAdminPage(page, '/admin/videos', 'Event Videos');
  await page.getByRole('button', { name: 'Add Video' }).click();
  const form = page.getByRole('form', { name: 'Add Video' });
  await form.getByLabel('Title').fill('Never saved');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add Video' })).toBeFocused();
  await page.getByRole('button', { name: 'Add Video' }).click();
  await expect(form.getByLabel('Title')).toHaveValue('');
});
