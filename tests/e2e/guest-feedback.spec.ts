/**
 * Before and after the event (issue 31), as the people involved see it. A guest checked in at the
 * door finds the feedback request in their mail (the local mailbox, read as a person reads it),
 * follows its link on a phone, answers offline, reloads, and the answer arrives once the connection
 * is back; the same link changes it. An admin sees the feedback in the event's Feedback tab,
 * publishes a quote given with consent (and finds no way to publish one given without), and it shows
 * on the event page; the Reminders tab says, in the venue's time, what goes when. The browser runs in
 * Auckland's zone, so every time shown is the venue's, not the machine's.
 */
import type { Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { addToEvent, createAttendee, createEvent, type EventRow } from './support/builders.ts';
import { API_URL, axe, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
/** For what the server's sender (every second) and the admin's sync take their time over. */
const eventually = expect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 150_000 });
test.use({ timezoneId: 'Pacific/Auckland' });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

interface Guest {
  id: string;
  name: string;
  email: string;
}

/**
 * An edition that ended three hours ago in Lisbon, its agenda, and guests checked in at the door:
 * the server's sender asks each for feedback within a second or two.
 */
async function pastEditionWithGuests(api: Api, names: string[]): Promise<{ event: EventRow; guests: Guest[] }> {
  const event = await createEvent(api, {
    title: unique('Feedback Dinner'),
    location: 'Palácio Chiado, Lisbon',
    time_zone: 'Europe/Lisbon',
    start_date: hoursAgo(7),
    end_date: hoursAgo(3),
  });
  await api.create('sessions', {
    event_id: event.id,
    title: 'AI governance that ships',
    start_time: hoursAgo(6),
    end_time: hoursAgo(5),
  });
  const guests: Guest[] = [];
  for (const name of names) {
    const guest = await createAttendee(api, { name: unique(name), company: 'Northwind Bank', job_title: 'CDO' });
    await addToEvent(api, event.id, guest.id);
    await api.create('check_ins', {
      event_id: event.id,
      attendee_id: guest.id,
      device_id: 'e2e-front-desk',
      checked_in_at: hoursAgo(6),
    });
    guests.push(guest);
  }
  return { event, guests };
}

interface MailboxMessage {
  subject: string;
  text: string;
}

/** The guest's feedback link from their message (read through the mailbox's API: the setup of a story). */
async function feedbackTokenOf(email: string): Promise<string> {
  let token: string | undefined;
  await eventually
    .poll(async () => {
      const response = await fetch(`${API_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()) as MailboxMessage[];
      token = /#feedback=([0-9a-f]{64})/.exec(messages.map((message) => message.text).join('\n'))?.[1];
      return Boolean(token);
    })
    .toBe(true);
  return token!;
}

async function answerOf(api: Api, eventId: string, attendeeId: string) {
  const { data } = await api.admin
    .from('feedback_responses')
    .select('rating, do_differently, quote, quote_consent')
    .eq('event_id', eventId)
    .eq('attendee_id', attendeeId)
    .maybeSingle();
  return data;
}

/** An answer sent through the guest's link from another browser (the setup of a story). */
async function postAnswer(api: Api, token: string, answer: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${API_URL}/functions/v1/guest-feedback`, {
    method: 'POST',
    headers: { apikey: api.anonKey, Authorization: `Bearer ${api.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, answer }),
  });
  expect(response.status).toBe(200);
}

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await eventually.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

test.describe('the guest', () => {
  // The reload offline is served by the service worker (playwright.config.ts blocks it elsewhere).
  test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });

  test('answers from the link in their mail on a phone, offline through a reload, and the same link changes the answer', async ({
    page,
    context,
    api,
  }) => {
    const { event, guests } = await pastEditionWithGuests(api, ['Ada Present']);
    const [guest] = guests as [Guest];
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));

    // The mail, as the guest reads it.
    await page.goto(`${API_URL}/mailbox`);
    const subject = `How was ${event.title}?`;
    await eventually
      .poll(async () => {
        await page.reload();
        return page.getByRole('row').filter({ hasText: guest.email }).filter({ hasText: subject }).count();
      })
      .toBe(1);
    await page.getByRole('row').filter({ hasText: guest.email }).getByRole('link', { name: subject }).click();
    await expect(page.getByText('Thank you for joining us at')).toBeVisible();
    const link = page.locator('pre').getByRole('link', { name: /#feedback=/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`/events/${event.id}#feedback=[0-9a-f]{64}$`));
    const token = /#feedback=([0-9a-f]{64})$/.exec(href!)![1]!;
    // The admin has edited the event's address since: the mailed link still opens the form.
    const renamed = await api.admin
      .from('events')
      .update({ slug: `${event.slug}-edited` })
      .eq('id', event.id);
    expect(renamed.error).toBeNull();
    await page.goto(href!.replace(/^https?:\/\/[^/]+/, ''));

    const form = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
    await expect(form.getByRole('radio', { name: /^4/ })).toBeVisible();
    // Made for a phone: nothing wider than the screen, and the consent box starts unticked.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const consent = form.getByLabel(/may publish my quote/);
    await expect(consent).not.toBeChecked();
    await expect(form.getByLabel('The most valuable session')).toContainText('AI governance that ships');
    expect(await axe(page)).toEqual([]);
    await waitForServiceWorkerControl(page);

    await context.setOffline(true);
    try {
      await form.getByText('Very good').click();
      await form.getByLabel('The most valuable session').selectOption({ index: 1 });
      await form.getByLabel('What should we do differently?').fill('Longer breaks between courses');
      await form.getByLabel('A sentence we may quote').fill('The most candid room of peers all year.');
      await form.getByRole('button', { name: 'Send feedback' }).click();
      await expect(form.getByRole('status')).toContainText('Your feedback will be sent when you are back online');

      // Nothing is lost on a reload, offline.
      await page.reload();
      const again = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
      await expect(again.getByRole('status')).toContainText('Your feedback will be sent when you are back online');
      await expect(again.getByLabel('What should we do differently?')).toHaveValue('Longer breaks between courses');
      expect(await answerOf(api, event.id, guest.id)).toBeNull();
    } finally {
      await context.setOffline(false);
    }

    const form2 = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
    await eventually
      .poll(() => answerOf(api, event.id, guest.id))
      .toEqual({
        rating: 4,
        do_differently: 'Longer breaks between courses',
        quote: 'The most candid room of peers all year.',
        quote_consent: false,
      });
    await expect(form2.getByRole('status')).toContainText('Thank you: we have your feedback');

    // The same link changes it: the form starts from the answer given.
    await form2.getByRole('button', { name: 'Change my answer' }).click();
    await expect(form2.getByLabel('A sentence we may quote')).toHaveValue('The most candid room of peers all year.');
    await form2.getByText('Excellent').click();
    await form2.getByLabel(/may publish my quote/).check();
    await form2.getByRole('button', { name: 'Update feedback' }).click();
    await expect(form2.getByRole('status')).toContainText('Thank you: we have your feedback');
    await eventually.poll(() => answerOf(api, event.id, guest.id)).toMatchObject({ rating: 5, quote_consent: true });
    // The token travels in request bodies only: no address the page asked for carries it.
    expect(addresses.filter((address) => address.includes(token))).toEqual([]);
  });

  test('the form opened again shows the answer as it is now, changed since in another browser', async ({
    page,
    api,
  }) => {
    const { event, guests } = await pastEditionWithGuests(api, ['Hedy Twobrowsers']);
    const [guest] = guests as [Guest];
    const token = await feedbackTokenOf(guest.email);
    const quote = 'Every seat was a peer.';
    await page.goto(`/events/${event.id}#feedback=${token}`);
    const form = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
    await form.getByText('Excellent').click();
    await form.getByLabel('A sentence we may quote').fill(quote);
    await form.getByLabel(/may publish my quote/).check();
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await expect(form.getByRole('status')).toContainText('Thank you: we have your feedback');

    // In the mail app's own browser, she takes the consent back.
    const response = await fetch(`${API_URL}/functions/v1/guest-feedback`, {
      method: 'POST',
      headers: { apikey: api.anonKey, Authorization: `Bearer ${api.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, answer: { rating: 5, quote, quote_consent: false } }),
    });
    expect(response.status).toBe(200);

    // Back here, the link opens the form with her answer as it is now: sending it again from here
    // must not give the consent back.
    await page.reload();
    const again = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
    await expect(again.getByLabel('A sentence we may quote')).toHaveValue(quote);
    await expect(again.getByLabel(/may publish my quote/)).not.toBeChecked();
  });

  test('an answer left waiting on a phone offline does not give back the consent taken back since on a laptop: the phone says why and shows the answer as it is', async ({
    page,
    context,
    api,
  }) => {
    const { event, guests } = await pastEditionWithGuests(api, ['Kim Twodevices']);
    const [guest] = guests as [Guest];
    const token = await feedbackTokenOf(guest.email);
    const quote = 'Peers, not pitches.';
    await postAnswer(api, token, { rating: 4, quote, quote_consent: true });
    await page.goto(`/events/${event.id}#feedback=${token}`);
    const form = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
    await expect(form.getByLabel(/may publish my quote/)).toBeChecked();

    // On the phone, offline, she raises her rating, the consent still ticked ...
    await context.setOffline(true);
    try {
      await form.getByText('Excellent').click();
      await form.getByRole('button', { name: 'Update feedback' }).click();
      await expect(form.getByRole('status')).toContainText('Your feedback will be sent when you are back online');
      // ... while on her laptop she takes the consent back.
      await postAnswer(api, token, { rating: 4, quote, quote_consent: false });
    } finally {
      await context.setOffline(false);
    }

    await expect(form.getByRole('alert')).toHaveText(
      'Your answer was changed on another device, so this one was not saved. Here is your answer as it is now.',
    );
    await expect(form.getByLabel(/may publish my quote/)).not.toBeChecked();
    await expect(form.getByRole('radio', { name: /^4/ })).toBeChecked();
    expect(await answerOf(api, event.id, guest.id)).toMatchObject({ rating: 4, quote_consent: false });
  });

  test('after feedback has closed, the guest still takes back the consent to publish their quote, and the testimonial leaves the event page', async ({
    page,
    api,
  }) => {
    const { event, guests } = await pastEditionWithGuests(api, ['Ines Withdraws']);
    const [guest] = guests as [Guest];
    const token = await feedbackTokenOf(guest.email);
    const quote = unique('A table of peers, not an audience.');
    await postAnswer(api, token, { rating: 5, do_differently: 'More time to talk', quote, quote_consent: true });
    const { data: response } = await api.admin
      .from('feedback_responses')
      .select('id')
      .eq('event_id', event.id)
      .single();
    const published = await api.admin.rpc('publish_feedback_quote', { response_id: (response as { id: string }).id });
    expect(published.error).toBeNull();
    // 31 days after the end: the answer can no longer change, the testimonial stays published.
    const moved = await api.admin
      .from('events')
      .update({ start_date: hoursAgo(31 * 24 + 4), end_date: hoursAgo(31 * 24) })
      .eq('id', event.id);
    expect(moved.error).toBeNull();

    await page.goto(`/events/${event.id}#feedback=${token}`);
    const form = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
    await expect(form).toContainText('Feedback for this event has closed.');
    await expect(form).toContainText(quote);
    // On the event page, under the dialog.
    const testimonials = page.locator('#testimonials');
    await expect(testimonials.getByText(quote)).toBeAttached();
    expect(await axe(page)).toEqual([]);
    await form.getByRole('button', { name: 'Take back my consent' }).click();
    await expect(form.getByRole('status')).toContainText('Done: we will not publish your quote');
    await expect(form.getByRole('button', { name: 'Take back my consent' })).toHaveCount(0);
    expect(await answerOf(api, event.id, guest.id)).toEqual({
      rating: 5,
      do_differently: 'More time to talk',
      quote,
      quote_consent: false,
    });
    await expect(testimonials.getByText(quote)).toHaveCount(0);
  });
});

test('an admin sees reminders in venue time and switches one off offline, reads the feedback, publishes a consented quote, and it shows on the event page', async ({
  page,
  context,
  api,
}) => {
  const { event, guests } = await pastEditionWithGuests(api, ['Grace Consents', 'Alan Declines']);
  const [consents, declines] = guests as [Guest, Guest];
  const post = async (token: string, answer: Record<string, unknown>) => {
    const response = await fetch(`${API_URL}/functions/v1/guest-feedback`, {
      method: 'POST',
      headers: { apikey: api.anonKey, Authorization: `Bearer ${api.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, answer }),
    });
    expect(response.status).toBe(200);
  };
  const quote = unique('Thirty peers, one table, no pitches.');
  await post(await feedbackTokenOf(consents.email), { rating: 5, quote, quote_consent: true });
  await post(await feedbackTokenOf(declines.email), {
    rating: 4,
    do_differently: 'A quieter room',
    quote: 'Not for print, thank you.',
    quote_consent: false,
  });
  // An edition in Dubai on Monday 11 March 2047 at 9:00, with one guest approved.
  const upcoming = await createEvent(api, {
    title: unique('Reminder Summit'),
    time_zone: 'Asia/Dubai',
    start_date: '2047-03-11T05:00:00Z',
    end_date: '2047-03-11T13:00:00Z',
  });
  await api.create('invite_requests', {
    event_id: upcoming.id,
    name: unique('Guest Approved'),
    email: `${Date.now().toString(36)}-approved@guests.example`,
    consent: true,
    status: 'approved',
  });

  await openAsAdmin(page, '/admin/events');
  await waitForAdminReplica(page);
  const cards = page.getByRole('list', { name: 'Events' }).getByRole('listitem');

  await cards.filter({ hasText: upcoming.title }).getByRole('button', { name: /Edit/ }).click();
  await page.getByRole('tab', { name: 'Reminders' }).click();
  await expect(page.getByText('Reminders: Sun 10 Mar 9:00 AM GST to 1 guest')).toBeVisible();
  await expect(page.getByText('Reminders: Mon 11 Mar 7:00 AM GST to 1 guest')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // Switched off on venue Wi-Fi that dropped: the replica takes it at once, the server once back online.
  const dayBefore = page.getByRole('switch', { name: 'Send the day before' });
  const dayBeforeOnServer = async () => {
    const { data } = await api.admin.from('events').select('reminder_day_before').eq('id', upcoming.id).single();
    return (data as { reminder_day_before: boolean }).reminder_day_before;
  };
  await context.setOffline(true);
  try {
    await dayBefore.click();
    await expect(dayBefore).not.toBeChecked();
    await expect(page.getByText('Off: not sent')).toBeVisible();
    expect(await dayBeforeOnServer()).toBe(true);
  } finally {
    await context.setOffline(false);
  }
  await eventually.poll(dayBeforeOnServer).toBe(false);
  await page.getByRole('button', { name: 'Cancel' }).last().click();

  await cards.filter({ hasText: event.title }).getByRole('button', { name: /Edit/ }).click();
  await page.getByRole('tab', { name: 'Feedback' }).click();
  await expect(page.getByText('2 of 2 checked-in guests answered')).toBeVisible();
  await expect(page.getByText('4.5 out of 5')).toBeVisible();
  const declined = page.getByRole('listitem', { name: `Feedback from ${declines.name}` });
  await expect(declined).toContainText('A quieter room');
  await expect(declined).toContainText('Not for publishing: given without consent');
  await expect(declined.getByRole('button', { name: 'Publish as testimonial' })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);

  const consented = page.getByRole('listitem', { name: `Feedback from ${consents.name}` });
  await consented.getByRole('button', { name: 'Publish as testimonial' }).click();
  await expect(consented.getByText('Published as a testimonial')).toBeVisible();

  await page.goto(`/events/${event.slug}`);
  const testimonials = page.getByRole('region', { name: 'Testimonials' });
  await expect(testimonials.getByText(quote)).toBeVisible();
  await expect(testimonials.getByText(consents.name)).toBeVisible();
  await expect(page.getByText('Not for print, thank you.')).toHaveCount(0);
});

test('a guest online whose form the server cannot give at first is told so, and gets the form once it can, without reloading', async ({
  page,
  api,
}) => {
  const { event, guests } = await pastEditionWithGuests(api, ['Grace Patient']);
  const [guest] = guests as [Guest];
  const token = await feedbackTokenOf(guest.email);
  // The first two reads of the form meet a gateway's error page, as when the functions restart.
  let reads = 0;
  await page.route(`${API_URL}/functions/v1/guest-feedback`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    reads += 1;
    if (reads > 2) return route.fallback();
    return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
  });

  await page.goto(`/events/${event.id}#feedback=${token}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('We could not load your form; trying again...');
  await expect(dialog.getByRole('radio', { name: /^4/ })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveAccessibleName(`Your feedback on ${event.title}`);
  await expect(dialog).not.toContainText('We could not load your form');
  expect(reads).toBe(3);
});

test('a guest whose browser keeps no site data still gets the form, and the answer reaches the server', async ({
  page,
  api,
}) => {
  const { event, guests } = await pastEditionWithGuests(api, ['Ida Nostorage']);
  const [guest] = guests as [Guest];
  const token = await feedbackTokenOf(guest.email);
  // Site data turned off (a browser setting, some private windows): the page may not touch localStorage.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });

  await page.goto(`/events/${event.id}#feedback=${token}`);
  const form = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
  await form.getByText('Very good').click();
  await form.getByLabel('What should we do differently?').fill('Name cards on every table');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you: we have your feedback');
  await eventually
    .poll(() => answerOf(api, event.id, guest.id))
    .toMatchObject({ rating: 4, do_differently: 'Name cards on every table' });
});

test('a guest whose answer reached the server without a reply, and who then ticks the consent, has the consent saved', async ({
  page,
  api,
}) => {
  const { event, guests } = await pastEditionWithGuests(api, ['Lena Lostreply']);
  const [guest] = guests as [Guest];
  const token = await feedbackTokenOf(guest.email);
  const quote = 'The most candid room of peers all year.';
  // The first answer, without consent, reaches the server, but its reply is lost on the way back;
  // its retries do not get through.
  let delivered = false;
  await page.route(`${API_URL}/functions/v1/guest-feedback`, async (route) => {
    const body = route.request().postDataJSON() as { answer?: { quote_consent: boolean } } | null;
    if (!body?.answer || body.answer.quote_consent) return route.fallback();
    if (!delivered) {
      delivered = true;
      await route.fetch();
    }
    await route.abort('connectionreset');
  });

  await page.goto(`/events/${event.id}#feedback=${token}`);
  const form = page.getByRole('dialog', { name: `Your feedback on ${event.title}` });
  await form.getByText('Very good').click();
  await form.getByLabel('A sentence we may quote').fill(quote);
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByRole('status')).toContainText('Your feedback will be sent when you are back online');
  expect(await answerOf(api, event.id, guest.id)).toMatchObject({ rating: 4, quote, quote_consent: false });

  // While it waits, she ticks the consent and sends again: the server holds her own first answer.
  await form.getByLabel(/may publish my quote/).check();
  await form.getByRole('button', { name: /feedback$/ }).click();
  await expect(form.getByRole('status')).toContainText('Thank you: we have your feedback');
  await expect(form.getByRole('alert')).toHaveCount(0);
  expect(await answerOf(api, event.id, guest.id)).toMatchObject({ rating: 4, quote, quote_consent: true });
});
