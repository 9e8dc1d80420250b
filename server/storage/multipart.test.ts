import { describe, expect, it } from 'vitest';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart.ts';

/** Serialises a form exactly as fetch (and so storage-js) sends it. */
async function encode(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('parseMultipart', () => {
  it('reads the form storage-js sends for a File: fields first, then the file under the name ""', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d, 0, 255]);
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', new File([bytes], 'stage "photo".png', { type: 'image/png' }));
    const { body, contentType } = await encode(form);
    const boundary = multipartBoundary(contentType);
    expect(boundary).toBeTruthy();
    const parts = parseMultipart(body, boundary!);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatchObject({ name: 'cacheControl', filename: null });
    expect(parts[0]!.data.toString()).toBe('3600');
    expect(parts[1]).toMatchObject({ name: '', contentType: 'image/png' });
    expect(parts[1]!.filename).toContain('photo');
    expect(Buffer.compare(parts[1]!.data, bytes)).toBe(0);
  });

  it('refuses a body that ends before its closing boundary', async () => {
    const form = new FormData();
    form.append('', new Blob([Buffer.alloc(100, 7)]));
    const { body, contentType } = await encode(form);
    expect(() => parseMultipart(body.subarray(0, body.length - 30), multipartBoundary(contentType)!)).toThrow(
      MultipartError,
    );
  });

  it('only treats multipart/form-data with a boundary as a form', () => {
    expect(multipartBoundary('image/png')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary=xyz')).toBe('xyz');
  });
});
