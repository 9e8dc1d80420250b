/**
 * A replica made by an earlier build opens under today's schema versions: RxDB migrates its
 * documents and its replications' state in place, and a version that changed no column keeps the
 * replication's checkpoint (docs/decisions/037-no-declared-indexes.md).
 */
import { collectionSchema, fingerprintOf, SCHEMA_VERSIONS } from '../../sync/schema/rx-schemas.ts';
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_TABLES, TABLES, type TableName } from './support/driver.ts';

/** The fields the build before decision 037 indexed, and the fingerprints of its schemas. */
const BEFORE_037: Record<TableName, { indexes: (string | string[])[]; fingerprint: string }> = {
  events: { indexes: ['start_date', 'end_date'], fingerprint: 'af84caaa' },
  attendees: { indexes: ['name'], fingerprint: '1ca761c3' },
  event_attendees: { indexes: ['event_id', 'attendee_id'], fingerprint: '2d4e43a6' },
  sponsors_library: { indexes: ['name'], fingerprint: '019e3e0c' },
  sponsor_tiers: { indexes: ['display_order'], fingerprint: 'ac1d8966' },
  event_sponsors: { indexes: [['event_id', 'display_order']], fingerprint: '5ba3e553' },
  sessions: { indexes: ['start_time'], fingerprint: '33b489f3' },
  session_speakers: { indexes: [['session_id', 'display_order']], fingerprint: 'f18aab7b' },
  event_gallery: { indexes: [['event_id', 'display_order']], fingerprint: '416e7c5d' },
  testimonials: { indexes: ['display_order'], fingerprint: '9c77a6d5' },
  videos: { indexes: ['display_order'], fingerprint: '78edde53' },
  invite_requests: { indexes: ['event_id'], fingerprint: 'e1febba2' },
  check_ins: { indexes: ['event_id'], fingerprint: 'c9cbd5b1' },
};

/** A table's schema as that build declared it: its indexes, and the bounds RxDB asks of indexed integers. */
function schemaBefore037(table: TableName) {
  const { version, ...body } = collectionSchema(table);
  const { indexes } = BEFORE_037[table];
  const indexed = new Set(indexes.flat());
  const properties = Object.fromEntries(
    Object.entries(body.properties).map(([name, property]) => [
      name,
      indexed.has(name) && (property as { type?: unknown }).type === 'integer'
        ? { ...property, minimum: -2147483648, maximum: 2147483647, multipleOf: 1 }
        : property,
    ]),
  );
  return { body: { ...body, properties, indexes }, version: version - 1 };
}

test('schemas rebuilt here are those the build before decision 037 stored', () => {
  for (const table of TABLES) {
    const { body, version } = schemaBefore037(table);
    expect(fingerprintOf(body), table).toBe(BEFORE_037[table].fingerprint);
    expect(version, table).toBe(SCHEMA_VERSIONS[table].version - 1);
  }
});

/** Every table's schema as the build before decision 037 declared it, for the harness. */
function schemasBefore037() {
  return Object.fromEntries(
    TABLES.map((table) => {
      const { body, version } = schemaBefore037(table);
      return [table, { ...body, version }];
    }),
  );
}

test("an admin's replica made before the indexes were dropped opens offline with every row and its waiting edit, then sends that edit alone and pulls on from its checkpoints", async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const anna = await openClient({ schemas: schemasBefore037() });
  await anna.call('awaitInitialPull', TABLES);
  await anna.settled();
  const counts = await Promise.all(TABLES.map((table) => anna.call('count', table)));

  // Offline, an edit waits; the device is closed and opened again by today's build.
  await anna.goOffline();
  await anna.call('patch', 'events', id, { title: 'Renamed before the update' });
  await anna.call('close');
  const { harnessUrl: _h, clockOffsetMs: _c, schemas: _s, ...options } = anna.options;
  await anna.call('open', options);
  expect(await Promise.all(TABLES.map((table) => anna.call('count', table)))).toEqual(counts);
  expect(await anna.get('events', id)).toMatchObject({ title: 'Renamed before the update' });
  await expect.poll(async () => (await anna.status()).pendingChanges).toBe(1);

  const sentBefore = anna.restRequests.length;
  await anna.goOnline();
  await expect.poll(async () => (await backend.row('events', id))?.title).toBe('Renamed before the update');
  await anna.settled();
  const since = anna.restRequests.slice(sentBefore);
  // The edit (tried again until the device was online), and not one copy of the replica's other
  // rows: a replication started from scratch offers the server every document it holds.
  const writes = since.filter((request) => !request.startsWith('GET '));
  expect(writes.length).toBeGreaterThan(0);
  expect(
    writes.filter((request) => !request.startsWith(`PATCH ${backend.info.url}/rest/v1/events?id=eq.${id}&`)),
  ).toEqual([]);
  // Every pull goes on from its checkpoint (rows after it): no table is pulled from the start.
  const pulls = since.filter((request) => request.startsWith('GET ') && request.includes('order=_modified'));
  expect(pulls.length).toBeGreaterThan(0);
  expect(pulls.filter((request) => !request.includes('or='))).toEqual([]);
});

test("a visitor's replica made before the indexes were dropped opens with every row and pulls on from its checkpoints", async ({
  openClient,
  backend,
}) => {
  const visitor = await openClient({ mode: 'public', schemas: schemasBefore037() });
  await visitor.call('awaitInitialPull', PUBLIC_TABLES);
  await visitor.settled();
  const counts = await Promise.all(PUBLIC_TABLES.map((table) => visitor.call('count', table)));
  await visitor.call('close');

  // Opened again by today's build; meanwhile an event was published.
  const event = await backend.createEvent();
  const sentBefore = visitor.restRequests.length;
  const { harnessUrl: _h, clockOffsetMs: _c, schemas: _s, ...options } = visitor.options;
  await visitor.call('open', options);
  await visitor.waitForDoc('events', event.id as string, () => true);
  await visitor.settled();
  expect(await visitor.call('count', 'events')).toBe(counts[PUBLIC_TABLES.indexOf('events')]! + 1);
  const others = PUBLIC_TABLES.filter((table) => table !== 'events');
  expect(await Promise.all(others.map((table) => visitor.call('count', table)))).toEqual(
    counts.filter((_, i) => PUBLIC_TABLES[i] !== 'events'),
  );
  const pulls = visitor.restRequests
    .slice(sentBefore)
    .filter((request) => request.startsWith('GET ') && request.includes('order=_modified'));
  expect(pulls.length).toBeGreaterThan(0);
  expect(pulls.filter((request) => !request.includes('or='))).toEqual([]);
});
