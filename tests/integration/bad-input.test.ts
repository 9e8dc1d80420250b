/**
 * What the table API does with bad input: malformed filters, unknown names, wrong types, broken or
 * oversized bodies, over-deep selects, huge lists, garbage query strings. Each gets a clear 4xx in
 * PostgREST's error shape with the right code, never a 500, and changes nothing in the database.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { reloadSchemaCache } from '../../server/rest/schema-cache.ts';

let backend: TestBackend;
let service: SupabaseClient;

const FIXTURES = `
  create table zz_owners (id serial primary key, name text not null unique);
  create table zz_items (
    id serial primary key,
    name text not null,
    qty int not null default 0 check (qty >= 0),
    ref uuid,
    seen_at timestamptz,
    due date,
    owner_id int references zz_owners (id)
  );
  create table zz_parts (id serial primary key, item_id int references zz_items (id), label text);
  insert into zz_owners (name) values ('Olga'), ('Omar');
  insert into zz_items (name, qty, ref, seen_at, due, owner_id) values
    ('bolt', 10, '00000000-0000-0000-0000-000000000001', '2024-01-01T00:00:00Z', '2024-02-01', 1),
    ('nut', 20, null, null, null, 2);
  insert into zz_parts (item_id, label) values (1, 'thread'), (1, 'head');
`;

interface RawResult {
  status: number;
  headers: Headers;
  json: Record<string, unknown> | null;
}

async function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> } = {},
): Promise<RawResult> {
  const response = await fetch(`${backend.url}/rest/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}`, ...init.headers },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await response.text();
  let json: Record<string, unknown> | null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json };
}

const jsonHeaders = { 'Content-Type': 'application/json', Prefer: 'return=representation' };

/** Everything in the writable tables, to prove a refused request changed nothing. */
async function snapshot(): Promise<unknown> {
  const rows = await backend.services.db.query(
    `select (select coalesce(json_agg(i order by id), '[]') from zz_items i)::text as items,
            (select coalesce(json_agg(p order by id), '[]') from zz_parts p)::text as parts,
            (select coalesce(json_agg(o order by id), '[]') from zz_owners o)::text as owners`,
  );
  return rows.rows[0];
}

/** Sends a request that must be refused with `status` and `code`, and checks nothing changed. */
async function expectRefused(
  path: string,
  init: Parameters<typeof raw>[1],
  status: number,
  code: string,
): Promise<Record<string, unknown>> {
  const before = await snapshot();
  const result = await raw(path, init);
  const label = path.slice(0, 200);
  expect({ label, status: result.status, code: result.json?.code }).toEqual({ label, status, code });
  expect(Object.keys(result.json ?? {}).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(typeof result.json?.message).toBe('string');
  expect(await snapshot()).toEqual(before);
  return result.json!;
}

beforeAll(async () => {
  backend = await startTestBackend();
  await backend.services.db.exec(FIXTURES);
  await reloadSchemaCache(backend.services);
  service = backend.serviceClient();
});

afterAll(async () => {
  await backend?.stop();
});

describe('malformed query strings', () => {
  it.each([
    ['/zz_items?id=eq', 'a filter without a value delimiter'],
    ['/zz_items?id=equals.1', 'an unknown operator'],
    ['/zz_items?id=1', 'a filter without an operator'],
    ['/zz_items?id=', 'an empty filter'],
    ['/zz_items?id=in.(1,2', 'an unclosed in list'],
    ['/zz_items?id=in.1,2', 'an in list without parentheses'],
    ['/zz_items?id=is.maybe', 'is with a non-trilean value'],
    ['/zz_items?id=eq(some).1', 'an unknown quantifier'],
    ['/zz_items?or=(id.eq.1', 'an unclosed logic tree'],
    ['/zz_items?or=id.eq.1', 'a logic tree without parentheses'],
    ['/zz_items?or=(id.eq.1,,name.eq.x)', 'an empty logic tree item'],
    ['/zz_items?or=(xor(id.eq.1))', 'an unknown logic operator'],
    ['/zz_items?select=id,(', 'a stray parenthesis in select'],
    ['/zz_items?select=id,zz_parts(label', 'an unclosed embed'],
    ['/zz_items?select=id::te-xt', 'a cast with punctuation'],
    ['/zz_items?select=id;drop table zz_items', 'SQL in select'],
    ['/zz_items?order=id.sideways', 'an unknown order direction'],
    ['/zz_items?order=id.asc.nullsmiddle', 'an unknown nulls order'],
    ['/zz_items?limit=ten', 'a limit that is not a number'],
    ['/zz_items?offset=-1', 'a negative offset'],
    ['/zz_items?columns=name,', 'a trailing comma in columns'],
  ])('refuses %s (%s) with PGRST100', async (path) => {
    const body = await expectRefused(path, {}, 400, 'PGRST100');
    expect(body.message).toMatch(/^"failed to parse /);
  });

  it('says where parsing failed', async () => {
    const result = await raw('/zz_items?id=eq');
    expect(result.json).toEqual({
      code: 'PGRST100',
      details: 'unexpected end of input expecting delimiter (.)',
      hint: null,
      message: '"failed to parse filter (eq)" (line 1, column 3)',
    });
  });

  it('refuses aggregates, as a hosted project does', async () => {
    await expectRefused('/zz_items?select=count()', {}, 400, 'PGRST123');
    await expectRefused('/zz_items?select=qty.sum()', {}, 400, 'PGRST123');
  });

  it('refuses a negative limit and a backwards Range header with 416', async () => {
    await expectRefused('/zz_items?limit=-1', {}, 416, 'PGRST103');
    const body = await expectRefused('/zz_items', { headers: { Range: '5-2' } }, 416, 'PGRST103');
    expect(body.details).toBe(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  });
});

describe('unknown names', () => {
  it('answers 42703 for an unknown column in select, filter or order', async () => {
    const select = await expectRefused('/zz_items?select=id,nope', {}, 400, '42703');
    expect(select.message).toBe('column zz_items.nope does not exist');
    await expectRefused('/zz_items?nope=eq.1', {}, 400, '42703');
    await expectRefused('/zz_items?order=nope.desc', {}, 400, '42703');
    await expectRefused('/zz_items?select=id,zz_parts(nope)', {}, 400, '42703');
    await expectRefused('/zz_items?select=id,zz_parts(label)&zz_parts.nope=eq.1', {}, 400, '42703');
  });

  it('answers PGRST204 for an unknown column in a write body, columns= or on_conflict=', async () => {
    const body = await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: '{"name":"x","colour":"red"}' },
      400,
      'PGRST204',
    );
    expect(body.message).toBe("Could not find the 'colour' column of 'zz_items' in the schema cache");
    await expectRefused(
      '/zz_items?id=eq.1',
      { method: 'PATCH', headers: jsonHeaders, body: '{"colour":"red"}' },
      400,
      'PGRST204',
    );
    await expectRefused(
      '/zz_items?columns=name,colour',
      { method: 'POST', headers: jsonHeaders, body: '[{"name":"x"}]' },
      400,
      'PGRST204',
    );
    await expectRefused(
      '/zz_items?on_conflict=colour',
      { method: 'POST', headers: { ...jsonHeaders, Prefer: 'resolution=merge-duplicates' }, body: '{"name":"x"}' },
      400,
      'PGRST204',
    );
    // A column name that tries to smuggle SQL is just an unknown column.
    await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: '{"name\\" text); drop table zz_items; --":"x"}' },
      400,
      'PGRST204',
    );
  });

  it('answers PGRST205 for an unknown table, whatever the method', async () => {
    const body = await expectRefused('/zz_itemz', {}, 404, 'PGRST205');
    expect(body.message).toBe("Could not find the table 'public.zz_itemz' in the schema cache");
    expect(body.hint).toBe("Perhaps you meant the table 'public.zz_items'");
    await expectRefused('/zz_itemz', { method: 'POST', headers: jsonHeaders, body: '{"name":"x"}' }, 404, 'PGRST205');
    await expectRefused(
      '/zz_itemz?id=eq.1',
      { method: 'PATCH', headers: jsonHeaders, body: '{"name":"x"}' },
      404,
      'PGRST205',
    );
    await expectRefused('/zz_itemz?id=eq.1', { method: 'DELETE' }, 404, 'PGRST205');
    await expectRefused('/pg_catalog.pg_authid', {}, 404, 'PGRST205');
  });

  it('answers PGRST200 for an unknown embed and PGRST108 for filters on a resource not embedded', async () => {
    await expectRefused('/zz_items?select=id,zz_nothing(*)', {}, 400, 'PGRST200');
    const body = await expectRefused('/zz_items?select=id&zz_parts.label=eq.x', {}, 400, 'PGRST108');
    expect(body.hint).toBe("Verify that 'zz_parts' is included in the 'select' query parameter.");
    await expectRefused('/zz_items?select=id&zz_parts.order=label', {}, 400, 'PGRST108');
  });

  it('refuses spreads and related orders on to-many embeds', async () => {
    await expectRefused('/zz_items?select=id,...zz_parts(label)', {}, 400, 'PGRST119');
    await expectRefused('/zz_items?select=id,zz_parts(label)&order=zz_parts(label)', {}, 400, 'PGRST118');
  });

  it('answers PGRST202 for an unknown function', async () => {
    await expectRefused('/rpc/zz_missing', { method: 'POST', headers: jsonHeaders, body: '{}' }, 404, 'PGRST202');
  });
});

describe('values of the wrong type', () => {
  it('refuses text for an integer, a bad uuid, timestamp or date with 22P02 / 22007 / 22008', async () => {
    await expectRefused('/zz_items?id=eq.abc', {}, 400, '22P02');
    await expectRefused('/zz_items?id=in.(1,x)', {}, 400, '22P02');
    await expectRefused('/zz_items?ref=eq.not-a-uuid', {}, 400, '22P02');
    await expectRefused('/zz_items?seen_at=gt.yesterday-ish', {}, 400, '22007');
    await expectRefused('/zz_items?due=eq.2024-13-45', {}, 400, '22008');
    await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: '{"name":"x","qty":"many"}' },
      400,
      '22P02',
    );
    await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: '{"name":"x","ref":"123"}' },
      400,
      '22P02',
    );
    await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: '{"name":"x","seen_at":"soon"}' },
      400,
      '22007',
    );
    await expectRefused(
      '/zz_items?id=eq.1',
      { method: 'PATCH', headers: jsonHeaders, body: '{"qty":1.5}' },
      400,
      '22P02',
    );
  });

  it('treats SQL in values as plain values', async () => {
    const result = await raw(`/zz_items?name=eq.${encodeURIComponent("x'; drop table zz_items; --")}`);
    expect(result.status).toBe(200);
    expect(result.json).toEqual([]);
    const count = await service.from('zz_items').select('*', { count: 'exact', head: true });
    expect(count.count).toBe(2);
  });
});

describe('broken bodies', () => {
  it('refuses invalid or empty JSON with PGRST102', async () => {
    const body = await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: '{"name": "x",' },
      400,
      'PGRST102',
    );
    expect(body.message).toBe('Empty or invalid json');
    await expectRefused('/zz_items', { method: 'POST', headers: jsonHeaders, body: '' }, 400, 'PGRST102');
    await expectRefused('/zz_items?id=eq.1', { method: 'PATCH', headers: jsonHeaders, body: 'qty=1' }, 400, 'PGRST102');
    await expectRefused('/rpc/zz_missing', { method: 'POST', headers: jsonHeaders, body: '{' }, 400, 'PGRST102');
  });

  it('refuses a JSON body that is not UTF-8 instead of storing U+FFFD in place of its bytes', async () => {
    // Valid JSON around bytes that are no UTF-8: a lone continuation byte, an overlong '/', a
    // truncated sequence, a UTF-16 surrogate written as UTF-8.
    for (const bad of [[0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80]]) {
      const body = new Uint8Array([...Buffer.from('{"name":"caf'), ...bad, ...Buffer.from('"}')]);
      const refused = await expectRefused('/zz_items', { method: 'POST', headers: jsonHeaders, body }, 400, 'PGRST102');
      expect(refused.message).toBe('Empty or invalid json');
      await expectRefused('/zz_items?id=eq.1', { method: 'PATCH', headers: jsonHeaders, body }, 400, 'PGRST102');
      await expectRefused('/rpc/zz_missing', { method: 'POST', headers: jsonHeaders, body }, 400, 'PGRST102');
    }
    // The same text as real UTF-8 is stored as sent.
    const good = await raw('/zz_items', { method: 'POST', headers: jsonHeaders, body: '{"name":"café ✓"}' });
    expect(good.status).toBe(201);
    expect((good.json as unknown as { name: string }[])[0]?.name).toBe('café ✓');
    await service.from('zz_items').delete().eq('name', 'café ✓');
  });

  it('refuses arrays of non-objects and objects with different keys', async () => {
    const body = await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: '[{"name":"x"},{"qty":1}]' },
      400,
      'PGRST102',
    );
    expect(body.message).toBe('All object keys must match');
    await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: '[{"name":"x"}, 5]' },
      400,
      'PGRST102',
    );
  });

  it('refuses a body that is not JSON', async () => {
    await expectRefused(
      '/zz_items',
      { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'name=x' },
      400,
      'PGRST102',
    );
  });

  it('refuses a body over 1 MiB with 413', async () => {
    // On its own connection: the server answers before reading the whole body and then closes it.
    const before = await snapshot();
    const big = JSON.stringify([{ name: 'x'.repeat(1024 * 1024) }]);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        `${backend.url}/rest/v1/zz_items`,
        {
          method: 'POST',
          agent: false,
          headers: {
            ...jsonHeaders,
            apikey: backend.serviceRoleKey,
            Authorization: `Bearer ${backend.serviceRoleKey}`,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end(big);
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ code: 'PGRST413' });
    expect(await snapshot()).toEqual(before);
  });

  it('inserts all rows of a bulk insert or none', async () => {
    const rows = [
      { name: 'ok-1', qty: 1 },
      { name: 'ok-2', qty: 2 },
      { name: 'bad', qty: -5 },
    ];
    const check = await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: JSON.stringify(rows) },
      400,
      '23514',
    );
    expect(check.message).toContain('zz_items_qty_check');
    const typed = [
      { name: 'ok-1', qty: 1 },
      { name: 'ok-2', qty: 'two' },
    ];
    await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: JSON.stringify(typed) },
      400,
      '22P02',
    );
    const supa = await service.from('zz_items').insert([
      { name: 'ok-3', qty: 3 },
      { name: null, qty: 4 },
    ]);
    expect(supa.error?.code).toBe('23502');
    const count = await service.from('zz_items').select('*', { count: 'exact', head: true });
    expect(count.count).toBe(2);
  });

  it('updates every filtered row or none', async () => {
    await expectRefused(
      '/zz_items?qty=gte.0',
      { method: 'PATCH', headers: jsonHeaders, body: '{"owner_id": 99}' },
      409,
      '23503',
    );
  });
});

describe('requests too large to serve', () => {
  it('refuses a select nested deeper than 8 embeds', async () => {
    const nested = (depth: number): string =>
      depth === 0 ? 'id' : `id,zz_parts(label,zz_items(${nested(depth - 1)}))`;
    const body = await expectRefused(`/zz_items?select=${encodeURIComponent(nested(5))}`, {}, 400, 'PGRST100');
    expect(body.message).toContain('more than 8 levels');
    const absurd = `${'zz_parts('.repeat(1000)}id${')'.repeat(1000)}`;
    await expectRefused(`/zz_items?select=${absurd}`, {}, 400, 'PGRST100');
  });

  it('refuses an in list of more than 5000 values and an and/or tree nested too deep', async () => {
    const values = Array.from({ length: 5001 }, (_, i) => i % 10).join(',');
    const body = await expectRefused(`/zz_items?id=in.(${values})`, {}, 400, 'PGRST100');
    expect(body.message).toContain('5000');
    const deep = `${'or('.repeat(12)}id.eq.1${')'.repeat(12)}`;
    await expectRefused(`/zz_items?or=(${deep})`, {}, 400, 'PGRST100');
  });

  it('refuses JSON nested more than 512 levels, in a body or a filter value', async () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const body = await expectRefused(
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: `{"name": "x", "qty": ${deep(50_000)}}` },
      400,
      'PGRST102',
    );
    expect(body.message).toBe('JSON nested more than 512 levels deep');
    await expectRefused(
      '/rpc/zz_missing',
      { method: 'POST', headers: jsonHeaders, body: `{"a": ${deep(600)}}` },
      400,
      'PGRST102',
    );
    await expectRefused(`/zz_items?name=cs.${deep(600)}`, {}, 400, 'PGRST100');
  });

  it('refuses more than 200 filters', async () => {
    const filters = Array.from({ length: 201 }, () => 'id=gt.0').join('&');
    await expectRefused(`/zz_items?${filters}`, {}, 400, 'PGRST100');
  });

  it('serves a long in list within the limit', async () => {
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    const { data, error } = await service.from('zz_items').select('id').in('id', ids).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('requests the API does not offer', () => {
  it('refuses other schemas, unknown media types, methods and preferences', async () => {
    const schema = await expectRefused('/zz_items', { headers: { 'Accept-Profile': 'auth' } }, 406, 'PGRST106');
    expect(schema.message).toBe('The schema must be one of the following: public');
    await expectRefused(
      '/zz_items',
      { method: 'POST', headers: { ...jsonHeaders, 'Content-Profile': 'storage' }, body: '{"name":"x"}' },
      406,
      'PGRST106',
    );
    await expectRefused('/zz_items', { headers: { Accept: 'text/html' } }, 406, 'PGRST107');
    await expectRefused('/zz_items', { method: 'PUT', headers: jsonHeaders, body: '{"name":"x"}' }, 400, 'PGRST127');
    await expectRefused('/rpc/zz_missing', { method: 'PATCH', headers: jsonHeaders, body: '{}' }, 405, 'PGRST101');
    await expectRefused(
      '/zz_items?id=eq.1',
      { method: 'PATCH', headers: { ...jsonHeaders, Prefer: 'handling=strict, colour=blue' }, body: '{"qty":1}' },
      400,
      'PGRST122',
    );
    await expectRefused('/zz_items?limit=1', { method: 'DELETE' }, 400, 'PGRST127');
    await expectRefused('/a/b/c', {}, 404, 'PGRST125');
  });

  it('refuses callers without a valid key or token before reading anything', async () => {
    const before = await snapshot();
    const noKey = await fetch(`${backend.url}/rest/v1/zz_items`, { method: 'DELETE' });
    expect(noKey.status).toBe(401);
    const badToken = await raw('/zz_items?id=eq.1', {
      method: 'DELETE',
      headers: { Authorization: 'Bearer not.a.jwt' },
    });
    expect(badToken.status).toBe(401);
    expect(badToken.json?.code).toBe('PGRST301');
    expect(await snapshot()).toEqual(before);
  });
});

describe('garbage in the query string', () => {
  it('never answers 500 and never changes anything, whatever the query string', async () => {
    // A fixed-seed generator (mulberry32) of strings made of PostgREST's meaningful characters.
    let seed = 0x5eed;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pieces = [
      'id',
      'name',
      'qty',
      'zz_parts',
      'label',
      '.',
      ',',
      '(',
      ')',
      '!',
      ':',
      '::',
      '*',
      '"',
      '\\',
      '->',
      '->>',
      'eq',
      'in',
      'is',
      'not',
      'or',
      'and',
      'null',
      'cs',
      '{',
      '}',
      'fts',
      ' ',
      'é',
      '1',
      '-',
      'inner',
      '...',
      "'",
    ];
    const keys = [
      'select',
      'order',
      'id',
      'name',
      'or',
      'and',
      'not.or',
      'limit',
      'offset',
      'zz_parts.label',
      'zz_parts.order',
      'columns',
    ];
    const phrase = () =>
      Array.from({ length: 1 + Math.floor(random() * 8) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const before = await snapshot();
    for (let i = 0; i < 300; i += 1) {
      const key = keys[Math.floor(random() * keys.length)]!;
      const query = `${encodeURIComponent(key)}=${encodeURIComponent(phrase())}&select=${encodeURIComponent(`id,${phrase()}`)}`;
      const method = ['GET', 'PATCH', 'DELETE'][i % 3]!;
      const result = await raw(`/zz_items?${query}&id=eq.0`, {
        method,
        headers: jsonHeaders,
        ...(method === 'PATCH' ? { body: '{"qty": 1}' } : {}),
      });
      expect({ query, status: result.status < 500 }).toEqual({ query, status: true });
      if (result.status >= 400) expect(result.json).toEqual(expect.objectContaining({ code: expect.any(String) }));
    }
    expect(await snapshot()).toEqual(before);
  });
});

/**
 * Issue 27: text PostgreSQL cannot store in a `text` column of a UTF-8 database. A NUL ("\u0000")
 * and a lone UTF-16 surrogate ("\ud800", which JSON.parse accepts and UTF-8 cannot encode) are
 * refused as hosted PostgREST refuses them, since it hands the body to PostgreSQL as JSON text as
 * this backend does: PostgreSQL's own errors, class 22, so 400 — 22P05 'unsupported Unicode escape
 * sequence' for a NUL, 22P02 'invalid input syntax for type json' for a lone surrogate, 22021
 * 'invalid byte sequence' for a NUL in a filter. Never a 500, never U+FFFD stored in their place.
 */
describe('text the database cannot store', () => {
  const NUL = 'a\u0000b';
  const HIGH = 'a\ud800b';
  const LOW = 'a\udc00b';

  beforeAll(async () => {
    await backend.services.db.exec('create function zz_echo(t text) returns text language sql as $$ select t $$;');
    await reloadSchemaCache(backend.services);
  });

  /** The table writes and the rpc, each with `text` in a text field. */
  const writes = (text: string): [string, NonNullable<Parameters<typeof raw>[1]>][] => [
    ['/zz_items', { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ name: text }) }],
    [
      '/zz_items',
      { method: 'POST', headers: jsonHeaders, body: JSON.stringify([{ name: 'fine' }, { name: `x${text}` }]) },
    ],
    [
      '/zz_items?on_conflict=id',
      {
        method: 'POST',
        headers: { ...jsonHeaders, Prefer: 'return=representation,resolution=merge-duplicates' },
        body: JSON.stringify({ id: 1, name: text }),
      },
    ],
    [
      '/zz_items?columns=name',
      {
        method: 'POST',
        headers: { ...jsonHeaders, Prefer: 'return=representation,missing=default' },
        body: JSON.stringify({ name: text }),
      },
    ],
    ['/zz_items?id=eq.1', { method: 'PATCH', headers: jsonHeaders, body: JSON.stringify({ name: text }) }],
    ['/zz_parts?id=eq.1', { method: 'PATCH', headers: jsonHeaders, body: JSON.stringify({ label: text }) }],
    ['/rpc/zz_echo', { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ t: text }) }],
  ];

  it('refuses a NUL in any table write or rpc with 400 22P05, as PostgREST does', async () => {
    for (const [path, init] of writes(NUL)) {
      const refused = await expectRefused(path, init, 400, '22P05');
      expect(refused.message).toBe('unsupported Unicode escape sequence');
    }
  });

  it('refuses a lone surrogate, high or low, with 400 22P02 instead of storing U+FFFD', async () => {
    for (const text of [HIGH, LOW, '\ud83d']) {
      for (const [path, init] of writes(text)) {
        const refused = await expectRefused(path, init, 400, '22P02');
        expect(refused.details).toMatch(/surrogate/);
      }
    }
  });

  it('refuses a NUL in the filter of an update or delete with 400 22021', async () => {
    await expectRefused(
      `/zz_items?name=eq.${encodeURIComponent(NUL)}`,
      { method: 'PATCH', headers: jsonHeaders, body: '{"qty": 1}' },
      400,
      '22021',
    );
    await expectRefused(`/zz_items?name=eq.${encodeURIComponent(NUL)}`, { method: 'DELETE' }, 400, '22021');
  });

  it('stores a surrogate pair (an emoji) as sent', async () => {
    const stored = await raw('/zz_items', {
      method: 'POST',
      headers: jsonHeaders,
      body: '{"name":"a\\ud83d\\ude00b"}',
    });
    expect(stored.status).toBe(201);
    expect((stored.json as unknown as { name: string }[])[0]?.name).toBe('a😀b');
    await service.from('zz_items').delete().eq('name', 'a😀b');
  });
});

/**
 * The same text sent to the server functions: a 400 whose message names the field (request-invite:
 * the form's field errors), before anything reaches the database or the auth service. They answered
 * 500 (request-invite), or took a password with a lone surrogate as if it were U+FFFD.
 */
describe('text the database cannot store, sent to the functions', () => {
  const NUL = 'a\u0000b';
  const HIGH = 'a\ud800b';
  const LOW = 'a\udc00b';
  let adminToken: string;

  beforeAll(async () => {
    const admin = await backend.adminClient();
    adminToken = (await admin.auth.getSession()).data.session!.access_token;
  });

  async function call(name: string, body: string | Uint8Array<ArrayBuffer>, token = adminToken) {
    const response = await fetch(`${backend.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function accountsWith(email: string): Promise<number> {
    const { rows } = await backend.services.db.query<{ n: number }>(
      'select count(*)::int as n from auth.users where email = $1',
      [email],
    );
    return rows[0]!.n;
  }

  it('request-invite names each field that holds one, with a 400, and stores nothing', async () => {
    const { data: event, error } = await service
      .from('events')
      .insert({ title: 'Bad text dinner', start_date: '2031-05-01T18:00:00Z', end_date: '2031-05-01T22:00:00Z' })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    const email = 'bad-text@corp.example';
    const good = {
      event_id: (event as { id: string }).id,
      name: 'Ada Lovelace',
      email,
      company: 'Analytical Engines',
      job_title: 'Chief Data Officer',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      reason: 'I run the data office of a bank.',
      consent: true,
      website: '',
    };
    const cases: [keyof typeof good, string][] = [
      ['name', NUL],
      ['company', HIGH],
      ['job_title', LOW],
      ['reason', NUL],
      ['reason', HIGH],
      ['linkedin_url', `https://www.linkedin.com/in/${NUL}`],
      ['email', `${HIGH}@corp.example`],
    ];
    for (const [field, text] of cases) {
      const answer = await call('request-invite', JSON.stringify({ ...good, [field]: text }), backend.anonKey);
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect((answer.body.fields as Record<string, string>)[field], field).toMatch(/character that cannot be saved/);
    }
    // The token of an owner's link, which the function looks up.
    const token = await call('request-invite', JSON.stringify({ ...good, update_token: NUL }), backend.anonKey);
    expect(token).toMatchObject({
      status: 400,
      body: { fields: { update_token: 'This link cannot change a request' } },
    });
    const stored = await service.from('invite_requests').select('id').eq('email', email);
    expect(stored.data).toEqual([]);
  });

  it('request-invite and guest-feedback, open to anyone, refuse bytes that are not UTF-8 and store nothing', async () => {
    const { data: event, error } = await service
      .from('events')
      .insert({ title: 'Latin-1 dinner', start_date: '2031-05-02T18:00:00Z', end_date: '2031-05-02T22:00:00Z' })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    const email = 'latin-1@corp.example';
    // 'René' as Latin-1 sends its é as the byte 0xE9, which is not UTF-8.
    const request = new Uint8Array([
      ...Buffer.from(`{"event_id":"${(event as { id: string }).id}","name":"Ren`),
      0xe9,
      ...Buffer.from(
        `","email":"${email}","company":"Initech","job_title":"CDO","linkedin_url":"","reason":"","consent":true,"website":""}`,
      ),
    ]);
    const refused = { status: 400, body: { success: false, error: 'The request body must be UTF-8 text' } };
    expect(await call('request-invite', request, backend.anonKey)).toMatchObject(refused);
    expect((await service.from('invite_requests').select('id').eq('email', email)).data).toEqual([]);
    const feedback = new Uint8Array([
      ...Buffer.from(`{"token":"${'a'.repeat(64)}","answer":{"quote":"Tr`),
      0xe8,
      ...Buffer.from('s bien"}}'),
    ]);
    expect(await call('guest-feedback', feedback, backend.anonKey)).toMatchObject(refused);
  });

  it('create-admin, invite-admin, claim-admin-invite, change-admin-password and scrape-linkedin-profile refuse it, naming the field', async () => {
    const named = (field: string) =>
      `The field ${JSON.stringify(field)} contains a character that cannot be stored (a NUL character or half of a UTF-16 surrogate pair)`;
    const other = { email: 'other-admin@corp.example', password: 'other-admin-secret' };
    expect((await call('create-admin', JSON.stringify(other))).status).toBe(200);
    const otherId = (await backend.anonClient().auth.signInWithPassword(other)).data.user!.id;

    const cases: [string, Record<string, unknown>, string][] = [
      ['create-admin', { email: 'nul-password@corp.example', password: `secret-${NUL}` }, 'password'],
      ['create-admin', { email: 'lone-password@corp.example', password: `secret-${HIGH}` }, 'password'],
      ['create-admin', { email: `x${NUL}@corp.example`, password: 'secret-password' }, 'email'],
      ['invite-admin', { email: `x${LOW}@corp.example` }, 'email'],
      ['claim-admin-invite', { token: 'x'.repeat(43), email: 'c@corp.example', password: `secret-${NUL}` }, 'password'],
      ['change-admin-password', { userId: otherId, newPassword: `secret-${HIGH}` }, 'newPassword'],
      ['change-admin-password', { userId: otherId, newPassword: `secret-${NUL}` }, 'newPassword'],
      ['scrape-linkedin-profile', { linkedin_url: `https://www.linkedin.com/in/${NUL}` }, 'linkedin_url'],
      ['create-admin', { email: 'key@corp.example', password: 'secret-password', [`x${NUL}`]: 1 }, `x${NUL}`],
    ];
    for (const [name, body, field] of cases) {
      expect({ name, field, ...(await call(name, JSON.stringify(body))) }).toEqual({
        name,
        field,
        status: 400,
        body: { success: false, error: named(field) },
      });
    }
    expect(await accountsWith('nul-password@corp.example')).toBe(0);
    expect(await accountsWith('lone-password@corp.example')).toBe(0);
    expect(await accountsWith('key@corp.example')).toBe(0);
    expect((await backend.anonClient().auth.signInWithPassword(other)).error).toBeNull();
  });

  it('refuses a function body that is not UTF-8 instead of reading U+FFFD in place of its bytes', async () => {
    const email = 'not-utf8@corp.example';
    const body = new Uint8Array([
      ...Buffer.from(`{"email":"${email}","password":"secret-`),
      0xff,
      0xfe,
      ...Buffer.from('"}'),
    ]);
    expect(await call('create-admin', body)).toEqual({
      status: 400,
      body: { success: false, error: 'The request body must be UTF-8 text' },
    });
    expect(await accountsWith(email)).toBe(0);
  });
});

describe('text the database cannot store, sent to the auth API', () => {
  it('sign-up refuses a NUL or a lone surrogate in the password, the address or the metadata with a 400, and makes no account', async () => {
    const bodies = [
      { email: 'nul-password@example.org', password: 'secret\u0000pw', data: {} },
      { email: 'half-password@example.org', password: 'secret\ud800pw', data: {} },
      { email: 'nul-metadata@example.org', password: 'secret-pw', data: { name: 'x\u0000y' } },
      { email: 'half-metadata@example.org', password: 'secret-pw', data: { name: 'x\udc00y' } },
      { email: 'half-key@example.org', password: 'secret-pw', data: { ['k\ud800']: 'v' } },
    ];
    for (const body of bodies) {
      const response = await fetch(`${backend.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, body.email).toBe(400);
      expect(((await response.json()) as { msg?: string }).msg, body.email).toContain('cannot be stored');
      const { rows } = await backend.services.db.query<{ n: number }>(
        'select count(*)::int as n from auth.users where email = $1',
        [body.email],
      );
      expect(rows[0]!.n, body.email).toBe(0);
    }
  });
});
