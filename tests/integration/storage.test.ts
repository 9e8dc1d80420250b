/**
 * The storage service (/storage/v1) against the real local backend over HTTP: supabase-js's storage
 * client as the app uses it (upload, update, download, public URLs, remove, list, signed URLs), and
 * raw HTTP where the exact status, headers or a misbehaving client is the point. Every refusal is
 * checked for what the client sees and for what it leaves behind: no storage.objects row, no file
 * and no staged upload.
 */
import { request as httpRequest } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  EXTENSIONS,
  HTML_PAGE,
  IMAGE_FORMATS,
  MIME_TYPES,
  SVG_IMAGE,
  TEXT_FILE,
  appendAfterEnd,
  buildImage,
  buildLargePng,
  truncatedPng,
} from '../support/images.ts';

let backend: TestBackend;
let admin: SupabaseClient;
let adminToken: string;
let counter = 0;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.adminClient();
  adminToken = (await admin.auth.getSession()).data.session!.access_token;
});

afterAll(async () => {
  await backend?.stop();
});

/** A key as the app makes them: `{eventId}/{random number}.{ext}`. */
function randomKey(extension: string, folder = 'e1'): string {
  counter += 1;
  return `${folder}/0.${String(counter).padStart(4, '0')}${String(Math.random()).slice(2, 14).padEnd(12, '7')}.${extension}`;
}

async function objectRows(bucket: string, name: string) {
  const { rows } = await backend.services.db.query<{ name: string; metadata: Record<string, unknown> }>(
    `select name, metadata from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows;
}

async function fileExists(bucket: string, name: string): Promise<boolean> {
  return stat(backend.services.objectStore.fileOf(bucket, name)).then(
    () => true,
    () => false,
  );
}

async function stagedUploads(): Promise<string[]> {
  return readdir(backend.services.objectStore.uploadsFolder);
}

/** Nothing of a refused upload is left: no row, no file, no staged bytes. */
async function expectNothingStored(bucket: string, name: string): Promise<void> {
  expect(await objectRows(bucket, name)).toEqual([]);
  expect(await fileExists(bucket, name)).toBe(false);
  expect(await stagedUploads()).toEqual([]);
}

function publicUrl(bucket: string, name: string): string {
  return backend.anonClient().storage.from(bucket).getPublicUrl(name).data.publicUrl;
}

/** A raw request to the storage API as the admin (or as `token`). */
function storageFetch(pathAndQuery: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token = adminToken, headers, ...rest } = init;
  return fetch(`${backend.url}/storage/v1${pathAndQuery}`, {
    ...rest,
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, ...(headers as Record<string, string>) },
  });
}

async function uploadAsAdmin(bucket: string, name: string, bytes: Buffer, contentType: string) {
  const { data, error } = await admin.storage.from(bucket).upload(name, bytes, { contentType });
  if (error) throw new Error(`upload of ${name} failed: ${error.message}`);
  return data;
}

describe('images round-trip byte for byte', () => {
  for (const format of IMAGE_FORMATS) {
    it(`an admin uploads a ${format} and visitors get the same bytes with the sniffed type and safe headers`, async () => {
      const bytes = await buildImage(format, { width: 120, height: 80, seed: counter + 11 });
      const name = randomKey(EXTENSIONS[format]);
      const data = await uploadAsAdmin('event-images', name, bytes, MIME_TYPES[format]);
      expect(data).toMatchObject({ path: name, fullPath: `event-images/${name}` });
      expect(data.id).toMatch(/^[0-9a-f-]{36}$/);

      const response = await fetch(publicUrl('event-images', name));
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      expect(response.headers.get('content-type')).toBe(MIME_TYPES[format]);
      expect(response.headers.get('content-length')).toBe(String(bytes.length));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = response.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

      const revalidated = await fetch(publicUrl('event-images', name), { headers: { 'if-none-match': etag! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect((await revalidated.arrayBuffer()).byteLength).toBe(0);

      for (const client of [admin, backend.anonClient()]) {
        const download = await client.storage.from('event-images').download(name);
        expect(download.error).toBeNull();
        expect(download.data!.type).toBe(MIME_TYPES[format]);
        expect(Buffer.from(await download.data!.arrayBuffer()).equals(bytes)).toBe(true);
      }
      expect(await objectRows('event-images', name)).toEqual([
        expect.objectContaining({
          metadata: expect.objectContaining({ mimetype: MIME_TYPES[format], size: bytes.length }),
        }),
      ]);
    });
  }

  it('a photo picked as a File (multipart) uploads too and keeps the cache time the uploader chose', async () => {
    const bytes = await buildImage('jpeg', { seed: 5 });
    const name = `e1/keynote-stage-${++counter}.jpg`;
    const file = new File([new Uint8Array(bytes)], 'IMG_0042.jpg', { type: 'image/jpeg' });
    const { error } = await admin.storage.from('attendee-photos').upload(name, file, { cacheControl: '120' });
    expect(error).toBeNull();
    const response = await fetch(publicUrl('attendee-photos', name));
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    // Not a random name: it may be replaced, so it is not cached as immutable.
    expect(response.headers.get('cache-control')).toBe('max-age=120');
  });

  it('a public URL of a missing object or an unknown bucket answers hosted’s not-found bodies', async () => {
    const missing = await fetch(publicUrl('event-images', 'e1/0.0000000000000000404.png'));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    const noBucket = await fetch(publicUrl('no-such-bucket', 'a.png'));
    expect(await noBucket.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('storage-js tells whether an object exists and describes it', async () => {
    const bytes = await buildImage('gif', { seed: 8 });
    const name = randomKey('gif');
    const { error: uploadError } = await admin.storage
      .from('event-images')
      .upload(name, bytes, { contentType: 'image/gif', metadata: { event: 'lisbon-2026' } });
    expect(uploadError).toBeNull();
    const visitor = backend.anonClient().storage.from('event-images');
    expect(await visitor.exists(name)).toEqual({ data: true, error: null });
    expect((await visitor.exists('e1/0.1111111111111111.gif')).data).toBe(false);
    const { data, error } = await visitor.info(name);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      name,
      bucketId: 'event-images',
      size: bytes.length,
      contentType: 'image/gif',
      metadata: { event: 'lisbon-2026' },
    });
    expect(data!.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('a signed URL serves the object until it expires; another path with its token is refused', async () => {
    const bytes = await buildImage('webp', { seed: 9 });
    const name = randomKey('webp');
    await uploadAsAdmin('sponsor-logos', name, bytes, 'image/webp');
    const { data, error } = await admin.storage.from('sponsor-logos').createSignedUrl(name, 60);
    expect(error).toBeNull();
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    const forged = await fetch(data!.signedUrl.replace(name, randomKey('webp')));
    expect(await forged.json()).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
    const anonymous = await backend.anonClient().storage.from('sponsor-logos').createSignedUrl(name, 60);
    expect(anonymous.error).toMatchObject({ message: 'Object not found', statusCode: '404' });
  });
});

describe('the server decides what a file is', () => {
  const refusals: Array<{
    story: string;
    bytes: () => Promise<Buffer>;
    extension: string;
    contentType: string | undefined;
    statusCode: string;
    message: string;
  }> = [
    {
      story: 'an SVG named .png and declared image/png',
      bytes: async () => SVG_IMAGE,
      extension: 'png',
      contentType: 'image/png',
      statusCode: '415',
      message: 'mime type image/svg+xml is not supported',
    },
    {
      story: 'an SVG declared as what it is',
      bytes: async () => SVG_IMAGE,
      extension: 'svg',
      contentType: 'image/svg+xml',
      statusCode: '415',
      message: 'mime type image/svg+xml is not supported',
    },
    {
      story: 'an HTML page named .png',
      bytes: async () => HTML_PAGE,
      extension: 'png',
      contentType: 'image/png',
      statusCode: '415',
      message: 'mime type text/html is not supported',
    },
    {
      story: 'a text file declared image/png',
      bytes: async () => TEXT_FILE,
      extension: 'png',
      contentType: 'image/png',
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    },
    {
      story: 'a file sent with storage-js’s default content type',
      bytes: () => buildImage('png'),
      extension: 'png',
      contentType: undefined,
      statusCode: '415',
      message: 'mime type text/plain;charset=UTF-8 is not supported',
    },
    {
      story: 'a PNG with an HTML page after IEND (polyglot)',
      bytes: async () =>
        appendAfterEnd(await buildImage('png'), '<html><script>alert(document.domain)</script></html>'),
      extension: 'png',
      contentType: 'image/png',
      statusCode: '400',
      message: 'The file is not a valid image/png: markup (<html) after the end of the image',
    },
    {
      story: 'a JPEG declared image/png (the declared type must name what the bytes are)',
      bytes: () => buildImage('jpeg'),
      extension: 'png',
      contentType: 'image/png',
      statusCode: '415',
      message: 'mime type image/png does not match the file content (image/jpeg)',
    },
    {
      story: 'a PNG named .jpg (the extension must name what the bytes are)',
      bytes: () => buildImage('png'),
      extension: 'jpg',
      contentType: 'image/png',
      statusCode: '415',
      message: 'file extension .jpg does not match the file content (image/png)',
    },
    {
      story: 'a PNG cut short before IEND',
      bytes: async () => truncatedPng(await buildImage('png', { width: 90, height: 90, noise: true })),
      extension: 'png',
      contentType: 'image/png',
      statusCode: '400',
      message: 'The file is not a valid image/png: chunk IDAT runs past the end of the file (truncated)',
    },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.story} and keeps nothing`, async () => {
      const name = randomKey(refusal.extension);
      const { data, error } = await admin.storage
        .from('event-images')
        .upload(name, await refusal.bytes(), refusal.contentType ? { contentType: refusal.contentType } : {});
      expect(data).toBeNull();
      expect(error).toMatchObject({ message: refusal.message, statusCode: refusal.statusCode, status: 400 });
      await expectNothingStored('event-images', name);
    });
  }

  it('refuses a file over the bucket’s size limit with hosted’s 413 body and keeps nothing', async () => {
    const limit = 2 * 1024 * 1024; // sponsor-logos, from the migration
    const bytes = await buildLargePng(limit + 1);
    expect(bytes.length).toBeGreaterThan(limit);
    const name = randomKey('png');
    const { error } = await admin.storage.from('sponsor-logos').upload(name, bytes, { contentType: 'image/png' });
    expect(error).toMatchObject({
      message: 'The object exceeded the maximum allowed size',
      statusCode: '413',
      code: 'EntityTooLarge',
    });
    await expectNothingStored('sponsor-logos', name);
  });

  it('stops reading a body without Content-Length as soon as it passes the limit', async () => {
    const name = randomKey('png');
    const png = await buildImage('png');
    // Sends a PNG header and then data without end; only a server that stops reading can answer.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${backend.url}/storage/v1/object/sponsor-logos/${name}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${adminToken}`, 'content-type': 'image/png' },
      });
      let sent = 0;
      let answered = false;
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const pump = () => {
        while (!answered && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(sent === chunk.length ? Buffer.concat([png, chunk]) : chunk))
            return void req.once('drain', pump);
        }
        if (!answered) reject(new Error(`server read ${sent} bytes without answering`));
      };
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.on('data', (part: Buffer) => (body += part.toString()));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      pump();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    await expectNothingStored('sponsor-logos', name);
  });

  it('refuses keys that could leave the bucket’s folder or are not allowed on hosted', async () => {
    const png = await buildImage('png');
    const root = backend.services.objectStore.root;
    for (const encoded of [
      'e1%2F..%2F..%2Fescape.png',
      '..%2Fescape.png',
      'e1%5Cescape.png',
      'e1%00.png',
      'e1%0Aescape.png',
      'e1//escape.png',
      'e1/%2Fescape.png',
    ]) {
      const response = await storageFetch(`/object/event-images/${encoded}`, {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      const body = (await response.json()) as { statusCode: string; message: string };
      expect(response.status, encoded).toBe(400);
      expect(body, encoded).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
      expect(body.message, encoded).toBe(`Invalid key: ${decodeURIComponent(encoded)}`);
    }
    // Through supabase-js too: the key is sent as it is and checked by the server.
    const { error } = await admin.storage.from('event-images').upload('e1/..%2F..%2F..%2Fescape.png', png, {
      contentType: 'image/png',
    });
    expect(error).toMatchObject({ statusCode: '400', message: 'Invalid key: e1/../../../escape.png' });
    for (const outside of [
      path.join(root, 'escape.png'),
      path.join(root, '..', 'escape.png'),
      path.join(root, 'event-images', 'escape.png'),
    ]) {
      await expect(stat(outside)).rejects.toMatchObject({ code: 'ENOENT' });
    }
    expect(await stagedUploads()).toEqual([]);
  });

  it('refuses a key longer than 1024 bytes', async () => {
    const name = `e1/${'7'.repeat(200)}/${'8'.repeat(200)}/${'9'.repeat(200)}/${'1'.repeat(200)}/${'2'.repeat(220)}.png`;
    const { error } = await admin.storage
      .from('event-images')
      .upload(name, await buildImage('png'), { contentType: 'image/png' });
    expect(error).toMatchObject({ statusCode: '400', message: `Invalid key: ${name}` });
  });
});

describe('only admins write', () => {
  it('an anonymous visitor and a signed-in non-admin cannot upload, replace or upsert, and nothing changes', async () => {
    const png = await buildImage('png', { seed: 21 });
    const existing = randomKey('png');
    await uploadAsAdmin('event-images', existing, png, 'image/png');
    const member = (await backend.newUser()).client;
    const other = await buildImage('png', { seed: 22 });
    for (const client of [backend.anonClient(), member]) {
      const fresh = randomKey('png');
      const created = await client.storage.from('event-images').upload(fresh, other, { contentType: 'image/png' });
      expect(created.error).toMatchObject({
        message: 'new row violates row-level security policy',
        statusCode: '403',
        status: 400,
        code: 'AccessDenied',
      });
      await expectNothingStored('event-images', fresh);

      const upserted = await client.storage
        .from('event-images')
        .upload(existing, other, { contentType: 'image/png', upsert: true });
      expect(upserted.error).toMatchObject({ statusCode: '403' });
      const updated = await client.storage.from('event-images').update(existing, other, { contentType: 'image/png' });
      expect(updated.error).toMatchObject({ statusCode: '403' });
    }
    const served = await fetch(publicUrl('event-images', existing));
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('an anonymous visitor and a non-admin remove nothing (hosted answers an empty list)', async () => {
    const name = randomKey('gif');
    await uploadAsAdmin('event-images', name, await buildImage('gif'), 'image/gif');
    const member = (await backend.newUser()).client;
    for (const client of [backend.anonClient(), member]) {
      const { data, error } = await client.storage.from('event-images').remove([name]);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect(await objectRows('event-images', name)).toHaveLength(1);
    expect(await fileExists('event-images', name)).toBe(true);
  });

  it('an admin uploads, is told about a duplicate, replaces with upsert and update, and removes', async () => {
    const first = await buildImage('png', { seed: 31 });
    const second = await buildImage('png', { seed: 32 });
    const third = await buildImage('webp', { seed: 33 });
    const name = randomKey('png');
    await uploadAsAdmin('event-images', name, first, 'image/png');
    const etagOf = async () => (await fetch(publicUrl('event-images', name))).headers.get('etag');
    const firstEtag = await etagOf();

    const duplicate = await admin.storage.from('event-images').upload(name, second, { contentType: 'image/png' });
    expect(duplicate.error).toMatchObject({ message: 'The resource already exists', statusCode: '409', status: 400 });

    const upserted = await admin.storage
      .from('event-images')
      .upload(name, second, { contentType: 'image/png', upsert: true });
    expect(upserted.error).toBeNull();
    const replaced = await fetch(publicUrl('event-images', name), { headers: { 'if-none-match': firstEtag! } });
    expect(replaced.status).toBe(200);
    expect(Buffer.from(await replaced.arrayBuffer()).equals(second)).toBe(true);

    // update() replaces too; a WebP cannot take a .png name.
    const wrongType = await admin.storage.from('event-images').update(name, third, { contentType: 'image/webp' });
    expect(wrongType.error).toMatchObject({ statusCode: '415' });
    const updated = await admin.storage.from('event-images').update(name, first, { contentType: 'image/png' });
    expect(updated.error).toBeNull();
    expect(await etagOf()).toBe(firstEtag);
    expect(await objectRows('event-images', name)).toHaveLength(1);

    const removed = await admin.storage.from('event-images').remove([name, 'e1/never-uploaded.png']);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((object) => object.name)).toEqual([name]);
    expect(await objectRows('event-images', name)).toEqual([]);
    expect(await fileExists('event-images', name)).toBe(false);
    const gone = await fetch(publicUrl('event-images', name));
    expect(await gone.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('two admins uploading the same new name at once: one wins whole, the other is told it exists', async () => {
    const name = randomKey('png');
    const [a, b] = await Promise.all([
      buildImage('png', { width: 300, height: 300, noise: true, seed: 41 }),
      buildImage('png', { width: 300, height: 300, noise: true, seed: 42 }),
    ]);
    const second = await backend.adminClient();
    const results = await Promise.all([
      admin.storage.from('event-images').upload(name, a, { contentType: 'image/png' }),
      second.storage.from('event-images').upload(name, b, { contentType: 'image/png' }),
    ]);
    const winners = results.filter((result) => result.error === null);
    expect(winners).toHaveLength(1);
    expect(results.find((result) => result.error)?.error).toMatchObject({ statusCode: '409' });
    const served = Buffer.from(await (await fetch(publicUrl('event-images', name))).arrayBuffer());
    expect(served.equals(results[0]!.error ? b : a)).toBe(true);
    expect(await objectRows('event-images', name)).toHaveLength(1);
    expect(await stagedUploads()).toEqual([]);
  });

  it('an admin lists a folder (files and sub-folders); visitors and non-admins list nothing', async () => {
    const folder = `list-${++counter}`;
    const png = await buildImage('png');
    const names = [randomKey('png', folder), randomKey('png', folder), randomKey('png', `${folder}/gallery`)];
    for (const name of names) await uploadAsAdmin('event-images', name, png, 'image/png');

    const { data, error } = await admin.storage.from('event-images').list(folder);
    expect(error).toBeNull();
    expect(data!.map((entry) => entry.name).sort()).toEqual(
      [names[0]!.split('/')[1], names[1]!.split('/')[1], 'gallery'].sort(),
    );
    const gallery = data!.find((entry) => entry.name === 'gallery')!;
    expect(gallery.id).toBeNull();
    const file = data!.find((entry) => entry.name !== 'gallery')!;
    expect(file).toMatchObject({ metadata: expect.objectContaining({ mimetype: 'image/png', size: png.length }) });

    const member = (await backend.newUser()).client;
    for (const client of [backend.anonClient(), member]) {
      const listed = await client.storage.from('event-images').list(folder);
      expect(listed).toEqual({ data: [], error: null });
    }
  });

  it('buckets come from the migrations; admins see them, visitors and members none', async () => {
    const { data, error } = await backend.serviceClient().storage.listBuckets();
    expect(error).toBeNull();
    expect(data!.map((bucket) => [bucket.id, bucket.public, bucket.file_size_limit])).toEqual([
      ['attendee-photos', true, 5 * 1024 * 1024],
      ['event-images', true, 10 * 1024 * 1024],
      ['sponsor-logos', true, 2 * 1024 * 1024],
    ]);
    const one = await backend.serviceClient().storage.getBucket('sponsor-logos');
    expect(one.data).toMatchObject({ id: 'sponsor-logos', allowed_mime_types: expect.arrayContaining(['image/webp']) });
    const admin = await backend.adminClient();
    expect((await admin.storage.listBuckets()).data!.map((bucket) => bucket.id)).toEqual([
      'attendee-photos',
      'event-images',
      'sponsor-logos',
    ]);
    expect((await (await backend.newUser()).client.storage.listBuckets()).data).toEqual([]);
    expect((await backend.anonClient().storage.listBuckets()).data).toEqual([]);
    expect((await backend.anonClient().storage.getBucket('sponsor-logos')).error).toMatchObject({
      message: 'Bucket not found',
      statusCode: '404',
    });
  });

  it('a forged or expired token is refused for writes, and counts as anonymous for downloads', async () => {
    const forged = `${adminToken.slice(0, -4)}AAAA`;
    const name = randomKey('png');
    const png = await buildImage('png');
    const refused = await storageFetch(`/object/event-images/${name}`, {
      method: 'POST',
      token: forged,
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    await expectNothingStored('event-images', name);

    await uploadAsAdmin('event-images', name, png, 'image/png');
    const download = await storageFetch(`/object/event-images/${name}`, { token: forged });
    expect(download.status).toBe(200);
    const noKey = await fetch(`${backend.url}/storage/v1/object/event-images/${name}`, { method: 'DELETE' });
    expect(noKey.status).toBe(401);
  });
});

describe('a client that goes away', () => {
  it('disconnecting mid-upload leaves no object and no staged file, and the name stays free', async () => {
    const bytes = await buildImage('png', { width: 400, height: 400, noise: true });
    const name = randomKey('png');
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${backend.url}/storage/v1/object/event-images/${name}`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${adminToken}`,
          'content-type': 'image/png',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => undefined);
      req.write(bytes.subarray(0, bytes.length / 2), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 100);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expectNothingStored('event-images', name);
    const retry = await admin.storage.from('event-images').upload(name, bytes, { contentType: 'image/png' });
    expect(retry.error).toBeNull();
  });
});

describe('byte ranges', () => {
  let name: string;
  let bytes: Buffer;

  beforeAll(async () => {
    bytes = await buildImage('png', { width: 64, height: 64, noise: true });
    name = randomKey('png');
    await uploadAsAdmin('event-images', name, bytes, 'image/png');
  });

  const downloads = (): { label: string; url: string; headers: Record<string, string> }[] => [
    { label: 'public', url: publicUrl('event-images', name), headers: {} },
    {
      label: 'authenticated',
      url: `${backend.url}/storage/v1/object/authenticated/event-images/${name}`,
      headers: { apikey: backend.anonKey, authorization: `Bearer ${adminToken}` },
    },
  ];

  it('a video player or a resumed download asking for part of a file gets that part with 206, as on hosted', async () => {
    for (const { label, url, headers } of downloads()) {
      const whole = await fetch(url, { headers });
      expect(whole.status, label).toBe(200);
      expect(whole.headers.get('accept-ranges'), label).toBe('bytes');
      await whole.arrayBuffer();

      const asked: [string, number, number][] = [
        ['bytes=0-9', 0, 9],
        [`bytes=10-`, 10, bytes.length - 1],
        ['bytes=-16', bytes.length - 16, bytes.length - 1],
        [`bytes=5-${bytes.length + 100}`, 5, bytes.length - 1],
      ];
      for (const [range, start, end] of asked) {
        const part = await fetch(url, { headers: { ...headers, range } });
        expect(part.status, `${label} ${range}`).toBe(206);
        expect(part.headers.get('content-range'), `${label} ${range}`).toBe(`bytes ${start}-${end}/${bytes.length}`);
        expect(part.headers.get('content-length'), `${label} ${range}`).toBe(String(end - start + 1));
        expect(part.headers.get('accept-ranges')).toBe('bytes');
        expect(part.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1)), `${label} ${range}`).toBe(
          true,
        );
      }
    }
  });

  it('a range past the end of the file is refused with 416 and the size; a range it cannot serve gets the whole file', async () => {
    for (const { label, url, headers } of downloads()) {
      for (const range of [`bytes=${bytes.length}-`, `bytes=${bytes.length + 10}-${bytes.length + 20}`, 'bytes=-0']) {
        const refused = await fetch(url, { headers: { ...headers, range } });
        expect(refused.status, `${label} ${range}`).toBe(416);
        expect(refused.headers.get('content-range'), `${label} ${range}`).toBe(`bytes */${bytes.length}`);
        expect(await refused.json()).toMatchObject({ statusCode: '416', code: 'InvalidRange' });
      }
      // Several ranges, another unit, an end before the start: RFC 9110 lets a server send it all.
      for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=9-2', 'bytes=abc']) {
        const whole = await fetch(url, { headers: { ...headers, range } });
        expect(whole.status, `${label} ${range}`).toBe(200);
        expect(Buffer.from(await whole.arrayBuffer()).equals(bytes), `${label} ${range}`).toBe(true);
      }
    }
  });

  it('a download resumed against a file that has changed since (If-Range) gets the whole new file', async () => {
    const url = publicUrl('event-images', name);
    const etag = (await fetch(url)).headers.get('etag')!;
    const same = await fetch(url, { headers: { range: 'bytes=0-3', 'if-range': etag } });
    expect(same.status).toBe(206);
    await same.arrayBuffer();
    const changed = await fetch(url, { headers: { range: 'bytes=0-3', 'if-range': '"an-older-version"' } });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
