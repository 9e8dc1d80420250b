import { describe, expect, it } from 'vitest';
import { decodeHeader, parseMime } from '../../../tests/support/fake-smtp.ts';
import { buildMimeMessage, encodedWords, headerMailbox, headerText, quotedPrintable } from './mime.ts';

describe('MIME for SMTP', () => {
  it('keeps quoted-printable lines within 76 characters, never splitting an escape', () => {
    const text = `${'é'.repeat(60)} end \n${'word '.repeat(40)}`;
    const encoded = quotedPrintable(text);
    for (const line of encoded.split('\r\n')) {
      expect(line.length).toBeLessThanOrEqual(76);
      expect(line).not.toMatch(/=[0-9A-F]?=$/);
    }
    // A space before a line break is written out, or mail servers would drop it.
    expect(encoded).toContain(' end=20\r\n');
    expect(parseMime(`Content-Transfer-Encoding: quoted-printable\r\n\r\n${encoded}`).body).toBe(
      text.replace('\n', '\r\n'),
    );
  });

  it('encodes headers with more than ASCII in words of at most 75 characters, whole characters each', () => {
    const subject = `Votre place est confirmée 🎉 ${'Zürich '.repeat(12)}`;
    const encoded = headerText(subject);
    for (const word of encoded.split('\r\n ')) {
      expect(word.length).toBeLessThanOrEqual(75);
      expect(Buffer.from(/\?B\?(.*)\?=/.exec(word)![1]!, 'base64').toString('utf8')).not.toContain('\uFFFD');
    }
    expect(decodeHeader(encoded)).toBe(subject.trim());
    expect(encodedWords('')).toBe('=?UTF-8?B??=');
  });

  it('keeps an event title from adding headers of its own', () => {
    const raw = buildMimeMessage({
      from: 'CDO Vision <events@cdo-vision.example>',
      to: 'ada@corp.example',
      subject: 'Summit\r\nBcc: everyone@corp.example',
      text: 'Hi',
      messageId: 'x@cdo-vision.example',
      boundary: 'fixed',
    });
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(parseMime(raw).headers.get('subject')).toBe('Summit Bcc: everyone@corp.example');
  });

  it('keeps every header made from an input on its own line: names, addresses, ids, file names and types', () => {
    const injected = '\r\nBcc: everyone@corp.example\r\n';
    const raw = buildMimeMessage({
      from: `CDO Vision${injected} <events@cdo-vision.example>`,
      to: `ada@corp.example${injected}`,
      subject: `Summit${injected}`,
      text: 'Hi',
      html: '<img src="cid:code">',
      attachments: [
        { filename: `a${injected}.ics`, contentType: `text/calendar${injected}`, content: 'X' },
        { filename: 'code.png', contentType: 'image/png', content: 'X', contentId: `code${injected}` },
        { filename: `zü${injected}.txt`, contentType: 'text/plain', content: 'X' },
      ],
      messageId: `x@cdo-vision.example${injected}`,
      boundary: 'fixed',
    });
    // No line of the message, headers or parts, starts a header the inputs tried to add.
    expect(raw).not.toMatch(/^Bcc:/im);
    for (const line of raw.split('\r\n')) {
      expect(line).not.toContain('\r');
      expect(line).not.toContain('\n');
    }
    const root = parseMime(raw);
    expect(root.headers.get('to')).toBe('ada@corp.example Bcc: everyone@corp.example');
    expect(root.headers.get('message-id')).toBe('<x@cdo-vision.example Bcc: everyone@corp.example>');
  });

  it('quotes or encodes display names as they need', () => {
    expect(headerMailbox('CDO Vision <events@cdo-vision.example>')).toBe('CDO Vision <events@cdo-vision.example>');
    expect(headerMailbox('"Vision, CDO" <events@cdo-vision.example>')).toBe(
      '"Vision, CDO" <events@cdo-vision.example>',
    );
    expect(decodeHeader(headerMailbox('Zoë Café <z@corp.example>'))).toBe('Zoë Café <z@corp.example>');
    expect(headerMailbox('ada@corp.example')).toBe('ada@corp.example');
  });

  it('names a file with more than ASCII the RFC 2231 way', () => {
    const raw = buildMimeMessage({
      from: 'events@cdo-vision.example',
      to: 'ada@corp.example',
      subject: 'x',
      text: 'x',
      attachments: [{ filename: 'zürich.ics', contentType: 'text/calendar', content: 'X' }],
      messageId: 'x@cdo-vision.example',
    });
    expect(raw).toContain("Content-Disposition: attachment; filename*=UTF-8''z%C3%BCrich.ics");
  });

  it('sends an image the HTML shows inline with the HTML (multipart/related, by Content-ID), other files after', () => {
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47);
    const raw = buildMimeMessage({
      from: 'events@cdo-vision.example',
      to: 'ada@corp.example',
      subject: 'x',
      text: 'Your link: https://cdo-vision.example/events/x#guest=abc',
      html: '<img src="cid:guest-code@cdo-vision" alt="Your code">',
      attachments: [
        { filename: 'cdo-vision.ics', contentType: 'text/calendar', content: 'X' },
        { filename: 'your-code.png', contentType: 'image/png', content: png, contentId: 'guest-code@cdo-vision' },
      ],
      messageId: 'x@cdo-vision.example',
      boundary: 'fixed',
    });
    const root = parseMime(raw);
    expect(root.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    const [alternative, calendar] = root.parts;
    expect(alternative!.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(calendar!.headers.get('content-disposition')).toBe('attachment; filename="cdo-vision.ics"');
    const [text, related] = alternative!.parts;
    expect(text!.body).toContain('https://cdo-vision.example/events/x#guest=abc');
    expect(related!.headers.get('content-type')).toMatch(/^multipart\/related/);
    const [html, image] = related!.parts;
    expect(html!.body).toContain('src="cid:guest-code@cdo-vision"');
    expect(image!.headers.get('content-id')).toBe('<guest-code@cdo-vision>');
    expect(image!.headers.get('content-disposition')).toBe('inline; filename="your-code.png"');
    expect(Buffer.from(image!.raw.replace(/\r\n/g, ''), 'base64')).toEqual(Buffer.from(png));
  });
});
