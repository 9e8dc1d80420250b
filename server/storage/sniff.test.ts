import { describe, expect, it } from 'vitest';
import {
  HTML_PAGE,
  IMAGE_FORMATS,
  MIME_TYPES,
  SVG_IMAGE,
  TEXT_FILE,
  appendAfterEnd,
  buildImage,
  pngClaimingSize,
  truncatedPng,
  withJpegComment,
  withPngText,
} from '../../tests/support/images.ts';
import sharp from 'sharp';
import { sniffImage } from './sniff.ts';

describe('sniffImage', () => {
  for (const format of IMAGE_FORMATS) {
    it(`recognises a real ${format} with its size`, async () => {
      const bytes = await buildImage(format, { width: 40, height: 30, seed: 3 });
      expect(sniffImage(bytes)).toEqual({
        kind: 'image',
        image: { mimeType: MIME_TYPES[format], width: 40, height: 30 },
      });
    });

    it(`refuses a ${format} followed by an HTML page (polyglot)`, async () => {
      const result = sniffImage(appendAfterEnd(await buildImage(format)));
      expect(result).toMatchObject({ kind: 'invalid', mimeType: MIME_TYPES[format] });
      if (result.kind === 'invalid') expect(result.reason).toMatch(/after the end of the image/);
    });

    it(`refuses a ${format} followed by stray bytes`, async () => {
      const bytes = Buffer.concat([await buildImage(format), Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9])]);
      expect(sniffImage(bytes)).toMatchObject({ kind: 'invalid' });
    });

    it(`refuses a ${format} cut in half`, async () => {
      const bytes = await buildImage(format, { width: 200, height: 160, noise: true });
      expect(sniffImage(bytes.subarray(0, Math.floor(bytes.length / 2)))).toMatchObject({
        kind: 'invalid',
        mimeType: MIME_TYPES[format],
      });
    });
  }

  it('accepts many seeded photos of noise without a false markup alarm', async () => {
    for (let seed = 1; seed <= 12; seed += 1) {
      for (const format of IMAGE_FORMATS) {
        const bytes = await buildImage(format, { width: 96, height: 64, seed, noise: true });
        expect(sniffImage(bytes).kind, `${format} seed ${seed}`).toBe('image');
      }
    }
  });

  it('recognises the encoder variants cameras and apps produce', async () => {
    const rgba = sharp({
      create: { width: 33, height: 17, channels: 4, background: { r: 9, g: 99, b: 199, alpha: 0.5 } },
    });
    const variants = [
      ['image/jpeg', await rgba.clone().jpeg({ progressive: true }).toBuffer()],
      ['image/png', await rgba.clone().png({ palette: true }).toBuffer()],
      ['image/png', await rgba.clone().png({ progressive: true }).toBuffer()],
      ['image/webp', await rgba.clone().webp({ lossless: true }).toBuffer()],
      ['image/webp', await rgba.clone().webp({ quality: 50 }).toBuffer()],
      ['image/avif', await rgba.clone().avif({ lossless: true }).toBuffer()],
    ] as const;
    for (const [mimeType, bytes] of variants) {
      expect(sniffImage(bytes), mimeType).toEqual({ kind: 'image', image: { mimeType, width: 33, height: 17 } });
    }
    const noisy = await buildImage('jpeg', { width: 300, height: 200, noise: true });
    const progressive = await sharp(noisy).jpeg({ progressive: true, quality: 95 }).toBuffer();
    expect(sniffImage(progressive)).toMatchObject({ kind: 'image' });
  });

  it('names what a non-image is: SVG, HTML, text, empty, unknown bytes', () => {
    expect(sniffImage(SVG_IMAGE)).toEqual({ kind: 'other', mimeType: 'image/svg+xml' });
    expect(sniffImage(HTML_PAGE)).toEqual({ kind: 'other', mimeType: 'text/html' });
    expect(sniffImage(TEXT_FILE)).toEqual({ kind: 'other', mimeType: 'text/plain' });
    expect(sniffImage(Buffer.alloc(0))).toEqual({ kind: 'other', mimeType: 'application/x-empty' });
    expect(sniffImage(Buffer.from([0, 1, 2, 3, 250, 251, 252, 253]))).toEqual({
      kind: 'other',
      mimeType: 'application/octet-stream',
    });
    expect(sniffImage(Buffer.from('%PDF-1.7\n'))).toEqual({ kind: 'other', mimeType: 'application/pdf' });
  });

  it('refuses a PNG without IEND', async () => {
    const result = sniffImage(truncatedPng(await buildImage('png')));
    expect(result).toMatchObject({ kind: 'invalid', mimeType: 'image/png' });
  });

  it('refuses a PNG whose chunk CRC does not match', async () => {
    const bytes = Buffer.from(await buildImage('png'));
    bytes[20] = bytes[20]! ^ 0xff; // inside IHDR's data
    expect(sniffImage(bytes)).toMatchObject({ kind: 'invalid', reason: 'chunk IHDR has a bad CRC' });
  });

  it('refuses a PNG claiming an absurd size (decompression bomb) or no size', async () => {
    const png = await buildImage('png');
    expect(sniffImage(pngClaimingSize(png, 100_000, 100_000))).toMatchObject({
      kind: 'invalid',
      reason: 'image size 100000x100000 is larger than allowed',
    });
    expect(sniffImage(pngClaimingSize(png, 0, 10))).toMatchObject({ kind: 'invalid' });
  });

  it('refuses markup hidden in metadata but accepts ordinary metadata', async () => {
    const png = await buildImage('png');
    expect(sniffImage(withPngText(png, 'Comment', '<script>alert(1)</script>'))).toMatchObject({
      kind: 'invalid',
      reason: 'markup (<script) inside the image',
    });
    expect(sniffImage(withPngText(png, 'Comment', 'Lisbon 2026 <keynote> & panel'))).toMatchObject({ kind: 'image' });
    const jpeg = await buildImage('jpeg');
    expect(sniffImage(withJpegComment(jpeg, '<!DOCTYPE html><html>'))).toMatchObject({ kind: 'invalid' });
    expect(sniffImage(withJpegComment(jpeg, 'shot at the Lisbon edition'))).toMatchObject({ kind: 'image' });
  });

  it('refuses an SVG or HTML page that starts with an image signature', () => {
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), SVG_IMAGE]);
    expect(sniffImage(fakePng)).toMatchObject({ kind: 'invalid', mimeType: 'image/png' });
    const fakeGif = Buffer.concat([Buffer.from('GIF89a'), HTML_PAGE]);
    expect(sniffImage(fakeGif)).toMatchObject({ kind: 'invalid', mimeType: 'image/gif' });
  });
});
