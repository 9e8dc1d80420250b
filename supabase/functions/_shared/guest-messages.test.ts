import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { decodeQrPng } from '../../../tests/support/qr-codes.ts';
import { eventUid } from './portable/ics.ts';
import { eventWhen, renderGuestMessage, type GuestMessage, type GuestMessageKind } from './guest-messages.ts';

const SITE = 'https://cdovision.example';
const TOKEN = '5d1e0c3a9b8f47e2a6c4d2b1f0e9a8c75d1e0c3a9b8f47e2a6c4d2b1f0e9a8c7';
const NOW = new Date('2026-11-27T09:00:00Z');

function message(
  kind: GuestMessageKind,
  overrides: Partial<GuestMessage['event']> = {},
  asked = kind !== 'invited',
): GuestMessage {
  return {
    id: '9a1b2c3d-0000-4000-8000-000000000001',
    kind,
    guest: {
      name: 'Ada Lovelace',
      email: 'ada@corp.example',
      company: 'Analytical Engines',
      job_title: 'Chief Data Officer',
      token: TOKEN,
      status: kind === 'received' ? 'pending' : kind,
      asked,
    },
    event: {
      id: '0b7f5a3e-1111-4222-8333-444455556666',
      slug: 'cdo-vision-london-2027',
      title: 'CDO Vision London 2027',
      subheading: '35 chief data officers',
      location: 'The Shard, London',
      // 6:30 PM to 10:30 PM in London, in summer time (UTC+1).
      start_date: '2027-06-14T17:30:00Z',
      end_date: '2027-06-14T21:30:00Z',
      time_zone: 'Europe/London',
      ...overrides,
    },
  };
}

const EVENT_PAGE = `${SITE}/events/0b7f5a3e-1111-4222-8333-444455556666`;
/** By the event's id, not its slug: an admin may edit the slug while the guest keeps the message. */
const PERSONAL_LINK = `${EVENT_PAGE}#guest=${TOKEN}`;

/** The one event of an .ics attachment, read as a calendar app would. */
function calendarEvent(content: string | Uint8Array) {
  const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
}

describe('messages to guests', () => {
  it('an approved guest gets the confirmation, the personal link, the details and the event as .ics', async () => {
    const mail = await renderGuestMessage(message('approved'), SITE, NOW);
    expect(mail.subject).toBe('Your place is confirmed: CDO Vision London 2027');
    expect(mail.text).toContain('Dear Ada Lovelace,');
    expect(mail.text).toContain(`Open your invitation:\n${PERSONAL_LINK}\n`);
    expect(mail.text).toContain('When: Monday, 14 June 2027, 6:30 PM – 10:30 PM London time (BST)');
    expect(mail.html).toContain('Monday, 14 June 2027, 6:30 PM – 10:30 PM London time (BST)');
    expect(mail.text).toContain('Venue: The Shard, London');
    expect(mail.text).toContain(`Event page: ${EVENT_PAGE}\n`);
    expect(mail.html).toContain(`<a href="${PERSONAL_LINK}"`);
    expect(mail.html).toContain('Your place is confirmed</h1>');

    expect(mail.attachments).toHaveLength(2);
    const [ics, code] = mail.attachments;
    expect(ics).toMatchObject({ filename: 'cdo-vision-london-2027.ics', contentType: 'text/calendar; charset=utf-8' });
    const event = calendarEvent(ics!.content);
    // The same UID as the calendar feed and 'Add to calendar': one event in a calendar that has both.
    expect(event.uid).toBe(eventUid('0b7f5a3e-1111-4222-8333-444455556666'));
    expect(event.summary).toBe('CDO Vision London 2027');
    expect(event.location).toBe('The Shard, London');
    // The calendar entry outlives a slug edit too.
    expect(event.component.getFirstPropertyValue('url')).toBe(EVENT_PAGE);
    // In the venue's zone, on its clock, and the same instants.
    expect(event.startDate.zone.tzid).toBe('Europe/London');
    expect([event.startDate.hour, event.startDate.minute, event.endDate.hour]).toEqual([18, 30, 22]);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-06-14T17:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-06-14T21:30:00.000Z');
    // A calendar file gets shared and synced: the personal token stays out of it.
    expect(String(ics!.content)).not.toContain(TOKEN);

    // The personal link's QR code, an image the HTML shows inline (mail clients show a cid: image
    // even where they block remote ones), for the door; the text says where to find it.
    expect(code).toMatchObject({
      filename: 'your-code.png',
      contentType: 'image/png',
      contentId: 'guest-code@cdo-vision',
    });
    expect(await decodeQrPng(code!.content as Uint8Array)).toBe(PERSONAL_LINK);
    expect(mail.html).toMatch(
      /<img src="cid:guest-code@cdo-vision" width="240" height="240" alt="QR code of your personal link"/,
    );
    expect(mail.text).toContain('At the door, show the QR code in this e-mail');
  });

  it('an invited guest gets the invitation with the link and the .ics, and is told why', async () => {
    const mail = await renderGuestMessage(message('invited'), SITE, NOW);
    expect(mail.subject).toBe("You're invited: CDO Vision London 2027");
    expect(mail.text).toContain(PERSONAL_LINK);
    expect(mail.text).toContain('the CDO Vision team invited you to this event');
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
      'cdo-vision-london-2027.ics',
      'your-code.png',
    ]);
    expect(await decodeQrPng(mail.attachments[1]!.content as Uint8Array)).toBe(PERSONAL_LINK);
  });

  it.each([
    [
      'received',
      'We have your request: CDO Vision London 2027',
      'Your request for an invitation has reached our team.',
    ],
    ['waitlisted', "You're on the waitlist: CDO Vision London 2027", 'we have added you to the waitlist'],
    ['declined', 'About your request: CDO Vision London 2027', 'we cannot offer you a place at this edition'],
  ] as const)('a %s guest hears so, with no personal link and no .ics', async (kind, subject, words) => {
    const mail = await renderGuestMessage(message(kind), SITE, NOW);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(words);
    expect(mail.text).toContain('When: Monday, 14 June 2027, 6:30 PM – 10:30 PM London time (BST)');
    expect(mail.text).not.toContain(TOKEN);
    expect(mail.html).not.toContain(TOKEN);
    expect(mail.html).not.toContain('cid:');
    expect(mail.attachments).toEqual([]);
  });

  it("someone asking again with a guest's address: the guest hears their request is kept, with a link to change it", async () => {
    const mail = await renderGuestMessage(message('already_requested'), SITE, NOW);
    const changeLink = `${EVENT_PAGE}#request=${TOKEN}`;
    expect(mail.subject).toBe('Your request is already in: CDO Vision London 2027');
    expect(mail.text).toContain('we have kept it exactly as it was');
    expect(mail.text).toContain(`Change your request:\n${changeLink}\n`);
    expect(mail.text).toContain('If it was not you, there is nothing to do.');
    expect(mail.html).toContain(`<a href="${changeLink}"`);
    // Not a pass: no QR code, no calendar file, and not the door's link.
    expect(mail.attachments).toEqual([]);
    expect(mail.text).not.toContain('#guest=');
  });

  it('a declined guest is shown the upcoming events', async () => {
    const mail = await renderGuestMessage(message('declined'), SITE, NOW);
    expect(mail.subject).toBe('About your request: CDO Vision London 2027');
    expect(mail.text).toContain('Thank you for your interest in CDO Vision London 2027.');
    expect(mail.text).toContain('You receive this e-mail because you asked for an invitation to this event.');
    expect(mail.text).toContain(`See upcoming events:\n${SITE}/#events`);
    expect(mail.html).toContain(`href="${SITE}/#events"`);
  });

  it('a guest the team invited hears of a decision as such, never as an answer to a request of theirs', async () => {
    const teamReason = 'You receive this e-mail because the CDO Vision team invited you to this event.';
    const declined = await renderGuestMessage(message('declined', {}, false), SITE, NOW);
    expect(declined.subject).toBe('About your invitation: CDO Vision London 2027');
    expect(declined.text).toContain('we can no longer offer you a place at CDO Vision London 2027');
    expect(declined.html).toMatch(/<h1[^>]*>About your invitation<\/h1>/);
    const waitlisted = await renderGuestMessage(message('waitlisted', {}, false), SITE, NOW);
    expect(waitlisted.subject).toBe("You're on the waitlist: CDO Vision London 2027");
    expect(waitlisted.text).toContain('so we have moved you to the waitlist.');
    // Let in again after a decline: the confirmation of their place.
    const approved = await renderGuestMessage(message('approved', {}, false), SITE, NOW);
    expect(approved.subject).toBe('Your place is confirmed: CDO Vision London 2027');
    for (const mail of [declined, waitlisted, approved]) {
      expect(mail.text).toContain(teamReason);
      expect(mail.html).toContain(teamReason);
      expect(mail.text).not.toMatch(/you asked|your request|your interest/i);
    }
  });

  it('says TBD for a venue not yet known', async () => {
    const mail = await renderGuestMessage(message('approved', { location: null }), SITE, NOW);
    expect(mail.text).toContain('Venue: TBD');
    expect(calendarEvent(mail.attachments[0]!.content).location).toBeNull();
  });

  it('escapes everything in the HTML that came from a person', async () => {
    const hostile = message('approved', {
      title: '<script>alert(1)</script> & "Friends"',
      location: '<img src=x onerror=alert(2)>',
    });
    hostile.guest.name = '<b>Ada</b>';
    const mail = await renderGuestMessage(hostile, SITE, NOW);
    expect(mail.html).not.toMatch(/<script|<img src=x|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Friends&quot;');
    expect(mail.html).toContain('Dear &lt;b&gt;Ada&lt;/b&gt;,');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    // The plain text is plain: it stays as typed.
    expect(mail.text).toContain('Dear <b>Ada</b>,');
  });

  it("a Dubai guest reads the venue's date and times, the zone named, and gets the .ics in Dubai time", async () => {
    const dubai = message('approved', {
      title: 'CDO Vision Dubai 2047',
      start_date: '2047-03-10T05:00:00Z',
      end_date: '2047-03-10T09:00:00Z',
      time_zone: 'Asia/Dubai',
    });
    const mail = await renderGuestMessage(dubai, SITE, NOW);
    expect(mail.text).toContain('When: Sunday, 10 March 2047, 9:00 AM – 1:00 PM Dubai time (GST)\n');
    const event = calendarEvent(mail.attachments[0]!.content);
    expect(event.startDate.zone.tzid).toBe('Asia/Dubai');
    expect([event.startDate.day, event.startDate.hour, event.endDate.hour]).toEqual([10, 9, 13]);
    expect(event.startDate.toJSDate().toISOString()).toBe('2047-03-10T05:00:00.000Z');
  });

  it("prints the venue's times as the site prints dates, both dates when the event runs past midnight there", () => {
    const when = (start_date: string, end_date: string, time_zone: string) =>
      eventWhen({ start_date, end_date, time_zone });
    expect(when('2047-03-10T05:00:00Z', '2047-03-10T09:00:00Z', 'Asia/Dubai')).toBe(
      'Sunday, 10 March 2047, 9:00 AM – 1:00 PM Dubai time (GST)',
    );
    // 11:30 PM UTC on the 10th is the morning of the 11th in Tokyo: the venue's date, not UTC's.
    expect(when('2027-06-10T23:30:00Z', '2027-06-11T08:00:00Z', 'Asia/Tokyo')).toBe(
      'Friday, 11 June 2027, 8:30 AM – 5:00 PM Tokyo time (JST)',
    );
    // A dinner past midnight in Dubai gives both dates.
    expect(when('2047-03-10T16:00:00Z', '2047-03-10T21:00:00Z', 'Asia/Dubai')).toBe(
      'Sunday, 10 March 2047, 8:00 PM – Monday, 11 March 2047, 1:00 AM Dubai time (GST)',
    );
    // A 45-minute offset, a zone without a known abbreviation, UTC, and an instant.
    expect(when('2047-03-10T03:15:00Z', '2047-03-10T11:15:00Z', 'Asia/Kathmandu')).toBe(
      'Sunday, 10 March 2047, 9:00 AM – 5:00 PM Kathmandu time (NPT)',
    );
    expect(when('2027-05-01T04:00:00Z', '2027-05-01T12:00:00Z', 'Asia/Almaty')).toBe(
      'Saturday, 1 May 2027, 9:00 AM – 5:00 PM Almaty time (UTC+5)',
    );
    expect(when('2027-03-05T08:30:00Z', '2027-03-05T17:30:00Z', 'UTC')).toBe(
      'Friday, 5 March 2027, 8:30 AM – 5:30 PM UTC',
    );
    expect(when('2027-03-05T20:00:00Z', '2027-03-05T20:00:00Z', 'UTC')).toBe('Friday, 5 March 2027, 8:00 PM UTC');
    // The clocks go back in between: each time says its own.
    expect(when('2027-10-30T19:00:00Z', '2027-10-31T02:00:00Z', 'Europe/London')).toBe(
      'Saturday, 30 October 2027, 8:00 PM London time (BST) – Sunday, 31 October 2027, 2:00 AM London time (GMT)',
    );
    // A zone the database knows and this runtime does not: UTC, said.
    expect(when('2027-03-05T08:30:00Z', '2027-03-05T17:30:00Z', 'Mars/Olympus_Mons')).toBe(
      'Friday, 5 March 2027, 8:30 AM – 5:30 PM UTC',
    );
  });
});
