import { describe, expect, it } from 'vitest';
import { BUCKET_OF_KIND, contentTypeOfExtension, extensionOf, objectPath, randomObjectName } from './object-names.ts';

describe('randomObjectName', () => {
  it('is a random number plus the original extension, in lower case', () => {
    expect(randomObjectName('Keynote stage.JPG')).toMatch(/^\d{20}\.jpg$/);
    expect(randomObjectName('logo.png')).toMatch(/^\d{20}\.png$/);
    expect(randomObjectName('scan.jpeg', 'image/jpeg')).toMatch(/^\d{20}\.jpeg$/);
  });

  it('never repeats a name', () => {
    const names = new Set(Array.from({ length: 2000 }, () => randomObjectName('a.webp')));
    expect(names.size).toBe(2000);
  });

  it('takes the extension of the actual type when the bytes were re-encoded', () => {
    expect(randomObjectName('IMG_0042.HEIC', 'image/webp')).toMatch(/^\d{20}\.webp$/);
    expect(randomObjectName('photo.png', 'image/jpeg')).toMatch(/^\d{20}\.jpg$/);
    expect(randomObjectName('no-extension', 'image/avif')).toMatch(/^\d{20}\.avif$/);
  });

  it('refuses a file that is not one of the stored image types', () => {
    expect(() => randomObjectName('drawing.svg')).toThrow(/not a PNG, JPEG, WebP, GIF or AVIF image/);
    expect(() => randomObjectName('no-extension')).toThrow(/"no-extension"/);
    expect(() => randomObjectName('page.html', 'text/html')).toThrow(/page\.html/);
  });
});

describe('extensions and types', () => {
  it('reads the last extension of a name or path', () => {
    expect(extensionOf('a/b/c.tar.GZ')).toBe('gz');
    expect(extensionOf('.hidden')).toBeNull();
    expect(extensionOf('trailing.')).toBeNull();
    expect(extensionOf('dir.d/file')).toBeNull();
  });

  it('maps image extensions to their types', () => {
    expect(contentTypeOfExtension('JPG')).toBe('image/jpeg');
    expect(contentTypeOfExtension('.webp')).toBe('image/webp');
    expect(contentTypeOfExtension('svg')).toBeNull();
  });
});

describe('objectPath', () => {
  const fileName = '12345678901234567890.webp';

  it('puts event images under the event, or temp/ before the event has an id', () => {
    expect(objectPath({ kind: 'event-image', eventId: 'e1a2', fileName })).toBe(`e1a2/${fileName}`);
    expect(objectPath({ kind: 'event-image', eventId: null, fileName })).toBe(`temp/${fileName}`);
    expect(objectPath({ kind: 'event-image', fileName })).toBe(`temp/${fileName}`);
  });

  it('puts gallery images under {eventId}/gallery/ and needs the event', () => {
    const eventId = '6f1c1e4e-0a5d-4a53-9d4c-7c1de0b7a001';
    expect(objectPath({ kind: 'gallery-image', eventId, fileName })).toBe(`${eventId}/gallery/${fileName}`);
    expect(() => objectPath({ kind: 'gallery-image', fileName })).toThrow(/needs its event id/);
  });

  it('puts photos and logos at the top of their buckets', () => {
    expect(objectPath({ kind: 'attendee-photo', fileName })).toBe(fileName);
    expect(objectPath({ kind: 'company-logo', fileName })).toBe(fileName);
    expect(objectPath({ kind: 'sponsor-logo', fileName })).toBe(fileName);
    expect(BUCKET_OF_KIND['attendee-photo']).toBe('attendee-photos');
    expect(BUCKET_OF_KIND['company-logo']).toBe('sponsor-logos');
    expect(BUCKET_OF_KIND['gallery-image']).toBe('event-images');
  });

  it('refuses ids and names that would escape their folder', () => {
    expect(() => objectPath({ kind: 'event-image', eventId: '../x', fileName })).toThrow(/event id/);
    expect(() => objectPath({ kind: 'event-image', eventId: 'a/b', fileName })).toThrow(/event id/);
    expect(() => objectPath({ kind: 'attendee-photo', fileName: '../x.png' })).toThrow(/file name/);
    expect(() => objectPath({ kind: 'attendee-photo', fileName: 'x' })).toThrow(/file name/);
  });
});
