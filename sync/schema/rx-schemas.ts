/**
 * RxDB collection schemas, derived from the generated table descriptor. What is decided here rather
 * than generated: which fields the local replica indexes (what the app sorts and filters by) and the
 * schema versions with their migration strategies.
 *
 * RxDB rules this follows: the primary key and indexed strings need a maxLength; indexed numbers
 * need multipleOf, minimum and maximum; indexed fields must be single-typed (so nullable columns,
 * such as sessions.event_id, are not indexed; a replica of a few thousand rows scans them fast).
 *
 * Changing a schema: any change of a collection's schema (a migration adding, dropping or changing a
 * column, an index here) must bump that table's version in `SCHEMA_VERSIONS`, or RxDB refuses to open
 * the existing local database (DB6). `versions.test.ts` fails until the fingerprint there matches.
 * Old documents are carried over by `upgradeDocument` (keeps known columns, fills new ones with their
 * default or null); give a table its own strategy in `CUSTOM_MIGRATIONS` when a column changes
 * meaning or type.
 */
import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import type { ColumnDescriptor } from './descriptor.ts';
import { columnsOf, isAdminOnly, type SyncDoc, type TableName } from './types.ts';

const INT4 = { minimum: -2147483648, maximum: 2147483647, multipleOf: 1 } as const;
/** Longest ISO 8601 timestamp we store ('2026-11-22T01:02:03.123456Z' is 27). */
const TIMESTAMP_MAX_LENGTH = 40;
const UUID_LENGTH = 36;

/** Local indexes: what the app sorts and filters by (spec section 7 "Table reads"). */
export const INDEXES: { readonly [T in TableName]: readonly (string | readonly string[])[] } = {
  events: ['start_date', 'end_date'],
  attendees: ['name'],
  event_attendees: ['event_id', 'attendee_id'],
  sponsors_library: ['name'],
  sponsor_tiers: ['display_order'],
  event_sponsors: [['event_id', 'display_order']],
  sessions: ['start_time'],
  session_speakers: [['session_id', 'display_order']],
  event_gallery: [['event_id', 'display_order']],
  testimonials: ['display_order'],
  videos: ['display_order'],
  invite_requests: ['event_id'],
  check_ins: ['event_id'],
};

/**
 * Schema version of each collection and the fingerprint of the schema it stands for. Bump the version
 * (and update the fingerprint that versions.test.ts prints) whenever a collection's schema changes.
 */
export const SCHEMA_VERSIONS: {
  readonly [T in TableName]: { readonly version: number; readonly fingerprint: string };
} = {
  events: { version: 3, fingerprint: 'af84caaa' },
  attendees: { version: 0, fingerprint: '1ca761c3' },
  event_attendees: { version: 0, fingerprint: '2d4e43a6' },
  sponsors_library: { version: 0, fingerprint: '019e3e0c' },
  sponsor_tiers: { version: 0, fingerprint: 'ac1d8966' },
  event_sponsors: { version: 0, fingerprint: '5ba3e553' },
  sessions: { version: 0, fingerprint: '33b489f3' },
  session_speakers: { version: 0, fingerprint: 'f18aab7b' },
  event_gallery: { version: 0, fingerprint: '416e7c5d' },
  testimonials: { version: 0, fingerprint: '9c77a6d5' },
  videos: { version: 0, fingerprint: '78edde53' },
  invite_requests: { version: 0, fingerprint: 'e1febba2' },
  check_ins: { version: 0, fingerprint: 'c9cbd5b1' },
};

/** Strategies that replace `upgradeDocument` for one table and one version (none yet). */
const CUSTOM_MIGRATIONS: { readonly [T in TableName]?: MigrationStrategies } = {};

/** Columns the local document holds: every column but `_modified` (kept as `modified`) and `_deleted`. */
export function localColumns(table: TableName): [string, ColumnDescriptor][] {
  return Object.entries(columnsOf(table)).filter(([name]) => name !== '_modified' && name !== '_deleted');
}

function isIndexed(table: TableName, column: string): boolean {
  return INDEXES[table].some((index) => (typeof index === 'string' ? index === column : index.includes(column)));
}

function propertyOf(column: ColumnDescriptor, indexed: boolean): Record<string, unknown> {
  const nullable = (type: string) => (column.nullable ? [type, 'null'] : type);
  const withDefault = (schema: Record<string, unknown>) =>
    column.default !== null && column.default !== 'server' ? { ...schema, default: column.default } : schema;
  switch (column.kind) {
    case 'uuid':
      return { type: nullable('string'), maxLength: UUID_LENGTH };
    case 'timestamptz':
      return { type: nullable('string'), maxLength: TIMESTAMP_MAX_LENGTH };
    case 'text':
      return withDefault({ type: nullable('string'), ...(column.maxLength ? { maxLength: column.maxLength } : {}) });
    case 'integer':
      return withDefault({ type: nullable('integer'), ...(indexed ? INT4 : {}) });
    case 'boolean':
      return withDefault({ type: nullable('boolean') });
    case 'text[]':
      return withDefault({ type: nullable('array'), items: { type: 'string' } });
  }
}

/** The RxDB schema of a table's collection, without its version. */
export function collectionSchemaBody(table: TableName): Omit<RxJsonSchema<SyncDoc<TableName>>, 'version'> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, column] of localColumns(table)) {
    const indexed = isIndexed(table, name);
    if (indexed && column.nullable) throw new Error(`${table}.${name} is nullable and cannot be indexed by RxDB`);
    properties[name] = propertyOf(column, indexed);
    // Required: what the server does not fill by an expression, and not a column anon cannot read
    // (a public replica lacks it), unless only admins replicate the table.
    if (name === 'id' || (column.default !== 'server' && (column.anonCanRead || isAdminOnly(table))))
      required.push(name);
  }
  properties.modified = { type: 'string', maxLength: TIMESTAMP_MAX_LENGTH };
  return {
    title: table,
    description: `Local replica of public.${table}`,
    primaryKey: 'id',
    type: 'object',
    properties,
    required,
    indexes: INDEXES[table].map((index) => (typeof index === 'string' ? index : [...index])),
    additionalProperties: false,
  } as Omit<RxJsonSchema<SyncDoc<TableName>>, 'version'>;
}

/** The versioned RxDB schema of a table's collection. */
export function collectionSchema(table: TableName): RxJsonSchema<SyncDoc<TableName>> {
  return { version: SCHEMA_VERSIONS[table].version, ...collectionSchemaBody(table) } as RxJsonSchema<
    SyncDoc<TableName>
  >;
}

/**
 * Carries a document of an older schema version over to the current one: keeps the columns the
 * table still has, fills new ones with their literal default or null (the next pull brings the
 * server's values), and drops the rest.
 */
export function upgradeDocument(table: TableName, old: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = {};
  for (const [name, column] of localColumns(table)) {
    if (name in old) next[name] = old[name];
    else if (column.default !== null && column.default !== 'server') next[name] = column.default;
    else if (column.nullable) next[name] = null;
  }
  for (const key of ['modified', '_deleted', '_meta', '_rev', '_attachments']) {
    if (key in old) next[key] = old[key];
  }
  return next;
}

/** Migration strategies for every version up to the current one. */
export function migrationStrategies(table: TableName): MigrationStrategies {
  const strategies: MigrationStrategies = {};
  for (let version = 1; version <= SCHEMA_VERSIONS[table].version; version += 1) {
    strategies[version] = CUSTOM_MIGRATIONS[table]?.[version] ?? ((doc) => upgradeDocument(table, doc));
  }
  return strategies;
}

/** JSON with object keys sorted, so equal schemas print equally. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short fingerprint (FNV-1a, 32 bits) of a collection's schema, recorded in SCHEMA_VERSIONS. */
export function schemaFingerprint(table: TableName): string {
  let hash = 0x811c9dc5;
  for (const char of stableJson(collectionSchemaBody(table))) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
