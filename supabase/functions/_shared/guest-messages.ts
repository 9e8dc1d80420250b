/**
 * What a guest reads when their invite request changes: one message per kind (received, approved,
 * declined, waitlisted, invited); before the event, the reminders (the day before, the morning of),
 * with the pass and the .ics as on approval; after it, the feedback request with its own personal
 * link (`#feedback=<token>`). Each as a subject, plain text and HTML, with the event's details
 * (dates and times as the site prints them, the venue or 'TBD', the event page). Approved and invited guests
 * also get the event as an .ics file (the same UID as the calendar feed and 'Add to calendar', so a
 * calendar that has both shows one event) and their personal link,
 * `<site>/events/<id>#guest=<token>`: the token sits in the fragment, which browsers never send,
 * so it reaches no server log and no Referer header; the door check-in reads it there. The link is
 * also shown as a QR code, a PNG sent with the message and shown inline (`cid:`), so it appears in
 * mail clients that block remote images: the guest shows it at the door, where it is scanned.
 *
 * The HTML is for mail clients: tables for layout, inline styles only, the site's colours (ink
 * #0b1026, brand #2f49b8, the mark's sky #7dd3fc), and every value from the database escaped.
 * Dates and times are the venue's, in the event's own zone (`time_zone`), and name it: 'Sunday,
 * 10 March 2047, 9:00 AM – 1:00 PM Dubai time (GST)', as the guests will live them in the room,
 * wherever they read the message. The attached .ics carries the zone too (DTSTART;TZID=...), so a
 * calendar places the event right and can show it in the venue's time.
 *
 * Pure code: no I/O; the clock only for the .ics DTSTAMP, unless `now` is given. Asynchronous only
 * because the qrcode library writes the code's PNG asynchronously.
 */
import { buildCalendar, calendarEventFromEvent, eventPath, icsFileName, ICS_CONTENT_TYPE } from './portable/ics.ts';
import { formatLongDate, formatTimeOfDay } from './portable/format-date.ts';
import {
  formatUtcOffset,
  isKnownTimeZone,
  offsetMinutesAt,
  zoneAbbreviation,
  zoneCity,
} from './portable/time-zones.ts';
import { FEEDBACK_LINK_PARAMETER, GUEST_LINK_PARAMETER, REQUEST_LINK_PARAMETER } from './portable/guest-link.ts';
// @ts-types="npm:@types/qrcode@^1.5.6"
import QRCode from 'qrcode';
import type { MailAttachment } from './mail.ts';

export const GUEST_MESSAGE_KINDS = [
  'received',
  'approved',
  'declined',
  'waitlisted',
  'invited',
  // Someone asked again with the address of a request that is in: its details were kept.
  'already_requested',
  // Before the event (approved and invited guests), and after it (checked-in guests).
  'reminder_day_before',
  'reminder_morning',
  'feedback_request',
] as const;
export type GuestMessageKind = (typeof GUEST_MESSAGE_KINDS)[number];

/** The event as `claim_guest_messages` returns it. */
export interface GuestMessageEvent {
  id: string;
  slug: string | null;
  title: string;
  subheading: string | null;
  location: string | null;
  start_date: string;
  end_date: string;
  /** The venue's IANA zone: the message gives the event's times in it. */
  time_zone: string;
}

/** The guest as `claim_guest_messages` returns them. */
export interface GuestMessageGuest {
  name: string;
  email: string;
  company: string | null;
  job_title: string | null;
  /**
   * The token of the link the message carries: the guest's pass; for 'already requested', the one
   * that changes the request's details (never the pass: it is shown at the door); for a feedback
   * request, the feedback form's.
   */
  token: string;
  status: string;
  /**
   * Whether the guest asked for the invitation themselves (the request form; the request holds their
   * consent), rather than being invited by the team: a decision about them is then not an answer to
   * a request of theirs, and their mail must not say it is.
   */
  asked: boolean;
}

export interface GuestMessage {
  id: string;
  kind: GuestMessageKind;
  guest: GuestMessageGuest;
  event: GuestMessageEvent;
}

export interface RenderedGuestMessage {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/**
 * The path of the event's page in a message: by id, which never changes, where the site's own links
 * use the slug. A guest keeps a message for weeks (their pass, a calendar entry), and an admin may
 * edit the slug meanwhile; the page answers to either (spec section 2).
 */
function mailedEventPath(event: Pick<GuestMessageEvent, 'id'>): string {
  return eventPath({ id: event.id, slug: null });
}

/** The guest's personal link on the site at `siteUrl`. */
export function guestLink(siteUrl: string, event: Pick<GuestMessageEvent, 'id'>, token: string): string {
  return `${siteUrl}${mailedEventPath(event)}#${GUEST_LINK_PARAMETER}=${encodeURIComponent(token)}`;
}

/** The link that opens the request form on the event page to change the request's details. */
export function requestChangeLink(siteUrl: string, event: Pick<GuestMessageEvent, 'id'>, token: string): string {
  return `${siteUrl}${mailedEventPath(event)}#${REQUEST_LINK_PARAMETER}=${encodeURIComponent(token)}`;
}

/** The checked-in guest's feedback form: the event page, opened on the form by the fragment. */
export function feedbackLink(siteUrl: string, event: Pick<GuestMessageEvent, 'id'>, token: string): string {
  return `${siteUrl}${mailedEventPath(event)}#${FEEDBACK_LINK_PARAMETER}=${encodeURIComponent(token)}`;
}

/** How long after the event's end a guest may give or change their feedback (as the database has it). */
export const FEEDBACK_OPEN_DAYS = 30;

const COLORS = {
  ink: '#0b1026',
  brand: '#2f49b8',
  sky: '#7dd3fc',
  text: '#334155',
  muted: '#475569',
  page: '#f1f5f9',
  panel: '#f8fafc',
  line: '#e2e8f0',
} as const;
const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The venue's zone as a message names it after a time: 'Dubai time (GST)', 'London time (BST)' in
 * summer, 'Almaty time (UTC+5)' where no abbreviation is known, 'UTC' for UTC.
 */
function zoneNamed(zone: string, at: Date): string {
  const city = zoneCity(zone);
  if (city === 'UTC') return 'UTC';
  return `${city} time (${zoneAbbreviation(zone, at) ?? formatUtcOffset(offsetMinutesAt(zone, at))})`;
}

/**
 * When the event is, on the venue's clock, the zone named: 'Sunday, 10 March 2047, 9:00 AM – 1:00 PM
 * Dubai time (GST)'; both dates when it ends on another day; the zone after each time when the
 * clocks change in between ('... 8:00 PM London time (BST) – Sunday, ..., 1:00 AM London time (GMT)').
 * A zone the database knows and this runtime's Intl does not is given in UTC, and says so.
 */
export function eventWhen(event: Pick<GuestMessageEvent, 'start_date' | 'end_date' | 'time_zone'>): string {
  const zone = isKnownTimeZone(event.time_zone) ? event.time_zone : 'UTC';
  const start = new Date(event.start_date);
  const end = new Date(event.end_date);
  const startDay = formatLongDate(start, zone);
  const startText = `${startDay}, ${formatTimeOfDay(start, zone)}`;
  const startZone = zoneNamed(zone, start);
  if (!(end.getTime() > start.getTime())) return `${startText} ${startZone}`;
  const endDay = formatLongDate(end, zone);
  const endText = endDay === startDay ? formatTimeOfDay(end, zone) : `${endDay}, ${formatTimeOfDay(end, zone)}`;
  const endZone = zoneNamed(zone, end);
  return endZone === startZone
    ? `${startText} – ${endText} ${endZone}`
    : `${startText} ${startZone} – ${endText} ${endZone}`;
}

/** The venue's zone, or UTC where this runtime does not know it. */
function eventZone(event: Pick<GuestMessageEvent, 'time_zone'>): string {
  return isKnownTimeZone(event.time_zone) ? event.time_zone : 'UTC';
}

/** When the event starts on the venue's clock: 'starting at 9:00 AM Dubai time (GST)'. */
function startsAt(event: Pick<GuestMessageEvent, 'start_date' | 'time_zone'>): string {
  const zone = eventZone(event);
  return `starting at ${formatTimeOfDay(event.start_date, zone)} ${zoneNamed(zone, new Date(event.start_date))}`;
}

/** The venue as the event page shows it: the location, or 'TBD'. */
function venue(location: string | null): string {
  return location?.trim() ? location.trim() : 'TBD';
}

/** The button (and its link) a message leads to, if any. */
interface Action {
  label: string;
  href: string;
  /** Said under the button and after the link in the text. */
  note?: string;
}

/** A message's words, before they become text and HTML. */
interface Content {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: Action;
  /** The personal link whose QR code the message shows, under the action. */
  code?: string;
  /** After the event's details. */
  closing?: string;
  /** Why the guest gets this mail (footer). */
  reason: string;
}

const HAS_PLACE = 'You receive this e-mail because you have a place at this event.';
const ASKED = 'You receive this e-mail because you asked for an invitation to this event.';
const TEAM_INVITED = 'You receive this e-mail because the CDO Vision team invited you to this event.';
const PERSONAL_NOTE =
  'This link is yours alone: it opens your invitation, and at the door it is how we welcome you. Please do not forward it.';
const CALENDAR_NOTE = 'The event is attached as a calendar file (.ics): open it to add the event to your calendar.';
const CODE_NOTE =
  'At the door, show this QR code (on your phone or printed): it is your personal link, and we scan it to welcome you.';
const CODE_TEXT_NOTE =
  'At the door, show the QR code in this e-mail, or your pass from the link above (it prints too): we scan it to welcome you.';
/** How the HTML names the QR code's image (RFC 2392 `cid:`). */
export const GUEST_CODE_CONTENT_ID = 'guest-code@cdo-vision';
/** The QR code's size in the HTML, in CSS pixels (its PNG is a little larger, so it stays sharp). */
const CODE_SIZE = 240;

function contentOf(message: GuestMessage, siteUrl: string): Content {
  const title = message.event.title.trim();
  const { asked } = message.guest;
  /** Why a guest hears of a decision about their place: their request, or the team's invitation. */
  const decisionReason = asked ? ASKED : TEAM_INVITED;
  const personal: Action = {
    label: 'Open your invitation',
    href: guestLink(siteUrl, message.event, message.guest.token),
    note: PERSONAL_NOTE,
  };
  switch (message.kind) {
    case 'received':
      return {
        subject: `We have your request: ${title}`,
        heading: 'Your request is with us',
        paragraphs: [
          `Thank you for asking to join ${title}. Your request for an invitation has reached our team.`,
          'Each CDO Vision gathering is kept to a small group of chief data officers and enterprise AI leaders, so we read every request ourselves. We will write to you again once we have.',
        ],
        reason: ASKED,
      };
    case 'approved':
      return {
        subject: `Your place is confirmed: ${title}`,
        heading: 'Your place is confirmed',
        paragraphs: [`We are delighted to confirm your place at ${title}. We look forward to welcoming you.`],
        action: personal,
        code: personal.href,
        closing: CALENDAR_NOTE,
        reason: decisionReason,
      };
    case 'invited':
      return {
        subject: `You're invited: ${title}`,
        heading: "You're invited",
        paragraphs: [
          `On behalf of the CDO Vision team, we would be delighted to welcome you to ${title}. A place is reserved for you.`,
        ],
        action: personal,
        code: personal.href,
        closing: CALENDAR_NOTE,
        reason: TEAM_INVITED,
      };
    case 'waitlisted':
      return {
        subject: `You're on the waitlist: ${title}`,
        heading: "You're on the waitlist",
        paragraphs: [
          asked
            ? `Thank you for your interest in ${title}. Every place is taken for now, so we have added you to the waitlist.`
            : `We are sorry: every place at ${title} is taken for now, so we have moved you to the waitlist.`,
          'If a place opens up, we will write to you straight away.',
        ],
        reason: decisionReason,
      };
    case 'already_requested':
      return {
        subject: `Your request is already in: ${title}`,
        heading: 'We already have your request',
        paragraphs: [
          `Someone asked again for an invitation to ${title} with this e-mail address. We already have your request, and we have kept it exactly as it was.`,
          'To change the details we have (your name, company, job title, LinkedIn profile, or why you would like to join), open the link below: what you send there replaces them. If it was not you, there is nothing to do.',
        ],
        action: {
          label: 'Change your request',
          href: requestChangeLink(siteUrl, message.event, message.guest.token),
          note: 'This link is yours alone: it changes your request. Please do not forward it.',
        },
        reason: ASKED,
      };
    case 'reminder_day_before':
      return {
        subject: `Tomorrow: ${title}`,
        heading: 'See you tomorrow',
        paragraphs: [
          `A reminder that ${title} is tomorrow: ${startsAt(message.event)}. We look forward to welcoming you.`,
          'Your pass is below: show it at the door.',
        ],
        action: personal,
        code: personal.href,
        closing: CALENDAR_NOTE,
        reason: HAS_PLACE,
      };
    case 'reminder_morning':
      return {
        subject: `Today: ${title}`,
        heading: 'See you today',
        paragraphs: [
          `${title} is today: ${startsAt(message.event)}. We look forward to welcoming you.`,
          'Your pass is below: show it at the door.',
        ],
        action: personal,
        code: personal.href,
        closing: CALENDAR_NOTE,
        reason: HAS_PLACE,
      };
    case 'feedback_request': {
      const closes = new Date(new Date(message.event.end_date).getTime() + FEEDBACK_OPEN_DAYS * 86_400_000);
      return {
        subject: `How was ${title}?`,
        heading: 'How was it?',
        paragraphs: [
          `Thank you for joining us at ${title}. Would you tell us how it went? It takes two minutes, and it shapes the next edition.`,
          `You can come back to your answer with the same link until ${formatLongDate(closes, eventZone(message.event))}.`,
        ],
        action: {
          label: 'Give your feedback',
          href: feedbackLink(siteUrl, message.event, message.guest.token),
          note: 'This link is yours alone: it opens your feedback form. Please do not forward it.',
        },
        reason: 'You receive this e-mail because you attended this event.',
      };
    }
    case 'declined': {
      // A guest the team invited heard of their place (the decline waits for that mail, and goes
      // only after it): for them, this takes the invitation back.
      const about = asked ? 'About your request' : 'About your invitation';
      return {
        subject: `${about}: ${title}`,
        heading: about,
        paragraphs: [
          asked
            ? `Thank you for your interest in ${title}. We are sorry that we cannot offer you a place at this edition: each gathering is kept small, and places are few.`
            : `We are sorry to tell you that we can no longer offer you a place at ${title}: each gathering is kept small, and places are few. Please accept our apologies.`,
          'We would be glad to see you at a future CDO Vision event.',
        ],
        action: { label: 'See upcoming events', href: `${siteUrl}/#events` },
        reason: decisionReason,
      };
    }
  }
}

function textOf(message: GuestMessage, content: Content, eventUrl: string): string {
  const lines = [`Dear ${message.guest.name.trim()},`, ''];
  for (const paragraph of content.paragraphs) lines.push(paragraph, '');
  if (content.action) {
    lines.push(`${content.action.label}:`, content.action.href);
    if (content.action.note) lines.push(content.action.note);
    lines.push('');
  }
  if (content.code) lines.push(CODE_TEXT_NOTE, '');
  lines.push(
    message.event.title.trim(),
    `When: ${eventWhen(message.event)}`,
    `Venue: ${venue(message.event.location)}`,
    `Event page: ${eventUrl}`,
    '',
  );
  if (content.closing) lines.push(content.closing, '');
  lines.push(
    'Kind regards,',
    'The CDO Vision team',
    '',
    '--',
    'CDO Vision events are invite-only and held under the Chatham House Rule.',
    content.reason,
  );
  return `${lines.join('\n')}\n`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const paragraph = (text: string, style = '') =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${COLORS.text};${style}">${escapeHtml(text)}</p>`;

function actionHtml(action: Action): string {
  const href = escapeHtml(action.href);
  return (
    '<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px;"><tr>' +
    `<td style="border-radius:8px;background:${COLORS.brand};">` +
    `<a href="${href}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(action.label)}</a>` +
    '</td></tr></table>' +
    (action.note
      ? `<p style="margin:0 0 24px;font-size:14px;line-height:1.5;color:${COLORS.muted};">${escapeHtml(action.note)}<br>` +
        `<a href="${href}" style="color:${COLORS.brand};word-break:break-all;">${href}</a></p>`
      : '')
  );
}

function codeHtml(): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;"><tr><td style="padding:12px;background:#ffffff;border:1px solid ${COLORS.line};border-radius:8px;">` +
    `<img src="cid:${GUEST_CODE_CONTENT_ID}" width="${CODE_SIZE}" height="${CODE_SIZE}" alt="QR code of your personal link" style="display:block;border:0;width:${CODE_SIZE}px;height:${CODE_SIZE}px;">` +
    '</td></tr></table>' +
    paragraph(CODE_NOTE, `font-size:14px;line-height:1.5;color:${COLORS.muted};`)
  );
}

function detailsHtml(event: GuestMessageEvent, eventUrl: string): string {
  const row = (label: string, value: string) =>
    `<tr><th scope="row" style="padding:4px 16px 4px 0;text-align:left;vertical-align:top;font-size:14px;font-weight:600;color:${COLORS.muted};white-space:nowrap;">${label}</th>` +
    `<td style="padding:4px 0;font-size:15px;line-height:1.5;color:${COLORS.ink};">${value}</td></tr>`;
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;background:${COLORS.panel};border:1px solid ${COLORS.line};border-radius:8px;">` +
    '<tr><td style="padding:20px 24px;">' +
    `<h2 style="margin:0 0 12px;font-size:18px;line-height:1.4;color:${COLORS.ink};">${escapeHtml(event.title.trim())}</h2>` +
    '<table role="presentation" cellpadding="0" cellspacing="0">' +
    row('When', escapeHtml(eventWhen(event))) +
    row('Venue', escapeHtml(venue(event.location))) +
    row(
      'Event page',
      `<a href="${escapeHtml(eventUrl)}" style="color:${COLORS.brand};word-break:break-all;">${escapeHtml(eventUrl)}</a>`,
    ) +
    '</table></td></tr></table>'
  );
}

function htmlOf(message: GuestMessage, content: Content, eventUrl: string): string {
  const body =
    `<h1 style="margin:0 0 20px;font-size:26px;line-height:1.3;color:${COLORS.ink};">${escapeHtml(content.heading)}</h1>` +
    paragraph(`Dear ${message.guest.name.trim()},`) +
    content.paragraphs.map((text) => paragraph(text)).join('') +
    (content.action ? actionHtml(content.action) : '') +
    (content.code ? codeHtml() : '') +
    detailsHtml(message.event, eventUrl) +
    (content.closing ? paragraph(content.closing) : '') +
    paragraph('Kind regards,', 'margin-bottom:0;') +
    paragraph('The CDO Vision team');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${COLORS.page};font-family:${FONT};">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page};"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;font-family:${FONT};">` +
    `<tr><td style="padding:20px 32px;background:${COLORS.ink};border-radius:12px 12px 0 0;font-size:20px;font-weight:700;letter-spacing:-0.01em;color:#ffffff;">` +
    `CDO <span style="color:${COLORS.sky};">Vision</span></td></tr>` +
    `<tr><td style="padding:32px;">${body}</td></tr>` +
    `<tr><td style="padding:20px 32px;background:${COLORS.panel};border-top:1px solid ${COLORS.line};border-radius:0 0 12px 12px;font-size:13px;line-height:1.5;color:${COLORS.muted};">` +
    'CDO Vision events are invite-only and held under the Chatham House Rule.<br>' +
    `${escapeHtml(content.reason)}</td></tr>` +
    '</table></td></tr></table></body></html>'
  );
}

/** The event as a calendar file, for approved and invited guests. */
function calendarAttachment(event: GuestMessageEvent, siteUrl: string, now: Date | undefined): MailAttachment {
  // The calendar entry's link names the event by id too (mailedEventPath).
  const calendarEvent = calendarEventFromEvent({ ...event, slug: null, description: null }, siteUrl);
  return {
    filename: icsFileName(event.title),
    contentType: ICS_CONTENT_TYPE,
    content: buildCalendar({ name: event.title, events: [calendarEvent], now }),
  };
}

/**
 * The QR code of `text` as a PNG: mail clients show a PNG (an SVG or a canvas they do not). Six
 * pixels a module puts a personal link's code (about 49 modules) near 300 px; the quiet zone is the
 * 4 modules readers need; error correction M still reads with a little wear or a smudge.
 */
async function qrCodePng(text: string): Promise<Uint8Array> {
  return QRCode.toBuffer(text, { type: 'png', scale: 6, margin: 4, errorCorrectionLevel: 'M' });
}

/** The QR code of the personal link, shown inline by the HTML. */
async function codeAttachment(link: string): Promise<MailAttachment> {
  return {
    filename: 'your-code.png',
    contentType: 'image/png',
    content: await qrCodePng(link),
    contentId: GUEST_CODE_CONTENT_ID,
  };
}

/** The messages of a guest with a place, which carry the event as an .ics file. */
const CALENDAR_KINDS: ReadonlySet<GuestMessageKind> = new Set([
  'approved',
  'invited',
  'reminder_day_before',
  'reminder_morning',
]);

/**
 * The message for one status change. `siteUrl` is the public site's origin without a trailing
 * slash (links point there); `now` is the .ics DTSTAMP.
 */
export async function renderGuestMessage(
  message: GuestMessage,
  siteUrl: string,
  now?: Date,
): Promise<RenderedGuestMessage> {
  const content = contentOf(message, siteUrl);
  const eventUrl = `${siteUrl}${mailedEventPath(message.event)}`;
  const withCalendar = CALENDAR_KINDS.has(message.kind);
  return {
    subject: content.subject,
    text: textOf(message, content, eventUrl),
    html: htmlOf(message, content, eventUrl),
    attachments: [
      ...(withCalendar ? [calendarAttachment(message.event, siteUrl, now)] : []),
      ...(content.code ? [await codeAttachment(content.code)] : []),
    ],
  };
}
