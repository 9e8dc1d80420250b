/**
 * RxDB collection schemas, derived from the generated table descriptor. What is decided here rather
 * than generated: the schema versions with their migration strategies.
 *
 * No field is indexed in the replica. The app reads whole tables and sorts and filters in JavaScript
 * (a replica holds a few thousand rows), and each index costs every row written an entry in the
 * browser's storage process, thousands on a first visit (docs/decisions/037-no-declared-indexes.md).
 * RxDB's own indexes stay: `_deleted` with the id, and the write time with the id.
 *
 * RxDB rules this follows: the primary key needs a maxLength.
 *
 * Changing a schema: any change of a collection's schema (a migration adding, dropping or changing a
 * column) must bump that table's version in `SCHEMA_VERSIONS`, or RxDB refuses to open the existing
 * local database (DB6). `rx-schemas.test.ts` fails until the fingerprint there matches. Old documents
 * are carried over by `upgradeDocument` (keeps known columns, fills new ones with their default or
 * null); give a table its own strategy in `CUSTOM_MIGRATIONS` when a column changes meaning or type.
 * A version that adds or changes a column also becomes the table's `pulledInFullAt`, so that the
 * replica pulls the table in full again and takes the server's values of the new column.
 */
import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import type { ColumnDescriptor } from './descriptor.ts';
import { columnsOf, isAdminOnly, type SyncDoc, type TableName } from './types.ts';

/** Longest ISO 8601 timestamp we store ('2026-11-22T01:02:03.123456Z' is 27). */
const TIMESTAMP_MAX_LENGTH = 40;
const UUID_LENGTH = 36;

/**
 * Schema version of each collection, the fingerprint of the schema it stands for, and the version
 * from which the replica pulled the table in full again (`pulledInFullAt`). Bump the version (and
 * update the fingerprint that rx-schemas.test.ts prints) whenever a collection's schema changes.
 *
 * A new version whose columns are those of the one before (version 4 of events and 1 of the others
 * dropped the declared indexes) keeps `pulledInFullAt`: the replication keeps its identifier, and
 * RxDB's migration carries its checkpoint and known server versions over with the documents, so the
 * device neither pulls every row again nor sends its copies back to the server.
 */
export const SCHEMA_VERSIONS: {
  readonly [T in TableName]: {
    readonly version: number;
    readonly fingerprint: string;
    readonly pulledInFullAt: number;
  };
} = {
  events: { version: 4, fingerprint: '6d9b5927', pulledInFullAt: 3 },
  attendees: { version: 1, fingerprint: 'a91f1f08', pulledInFullAt: 0 },
  event_attendees: { version: 1, fingerprint: 'aab99e46', pulledInFullAt: 0 },
  sponsors_library: { version: 1, fingerprint: 'e7bd688f', pulledInFullAt: 0 },
  sponsor_tiers: { version: 1, fingerprint: '50876fa1', pulledInFullAt: 0 },
  event_sponsors: { version: 1, fingerprint: '23739f8e', pulledInFullAt: 0 },
  sessions: { version: 1, fingerprint: 'f71b8d87', pulledInFullAt: 0 },
  session_speakers: { version: 1, fingerprint: 'ac93104a', pulledInFullAt: 0 },
  event_gallery: { version: 1, fingerprint: 'f48e8c12', pulledInFullAt: 0 },
  testimonials: { version: 1, fingerprint: '19d24bbc', pulledInFullAt: 0 },
  videos: { version: 1, fingerprint: 'e233aa94', pulledInFullAt: 0 },
  invite_requests: { version: 1, fingerprint: 'a1c8d320', pulledInFullAt: 0 },
  check_ins: { version: 1, fingerprint: 'ac4aa045', pulledInFullAt: 0 },
};

/** Strategies that replace `upgradeDocument` for one table and one version (none yet). */
const CUSTOM_MIGRATIONS: { readonly [T in TableName]?: MigrationStrategies } = {};

/** Columns the local document holds: every column but `_modified` (kept as `modified`) and `_deleted`. */
export function localColumns(table: TableName): [string, ColumnDescriptor][] {
  return Object.entries(columnsOf(table)).filter(([name]) => name !== '_modified' && name !== '_deleted');
}

function propertyOf(column: ColumnDescriptor): Record<string, unknown> {
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
      return withDefault({ type: nullable('integer') });
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
    properties[name] = propertyOf(column);
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

/** Migration strategies for every version up to `upTo` (the current one by default). */
export function migrationStrategies(table: TableName, upTo = SCHEMA_VERSIONS[table].version): MigrationStrategies {
  const strategies: MigrationStrategies = {};
  for (let version = 1; version <= upTo; version += 1) {
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
  return fingerprintOf(collectionSchemaBody(table));
}

/** The fingerprint of a schema body (a schema without its version). */
export function fingerprintOf(body: object): string {
  let hash = 0x811c9dc5;
  for (const char of stableJson(body)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
