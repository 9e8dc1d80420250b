/**
 * PostgREST's schema cache: what the exposed schema (`public`) holds — tables and views with their
 * columns and keys, the relationships between them (from foreign keys, through views and junction
 * tables: relationship-inference.ts), and the functions callable over /rpc. Every identifier that reaches SQL is looked up
 * here first, so a request can only ever name things that exist.
 *
 * It is read once at start and again on demand: `reloadSchemaCache(services)` (our stand-in for
 * `NOTIFY pgrst, 'reload schema'`), and automatically when a request names something unknown.
 */
import type { Database } from '../db/database.ts';
import type { BackendServices } from '../services.ts';
import { inferRelationships } from './relationship-inference.ts';

export const EXPOSED_SCHEMA = 'public';

export interface ColumnInfo {
  name: string;
  attnum: number;
  /** Type as declared, with modifiers (e.g. `character varying(80)`): used to read request bodies. */
  type: string;
  /** Type without modifiers (e.g. `character varying`): used to cast filter values. */
  baseType: string;
  isArray: boolean;
  isJson: boolean;
  notNull: boolean;
  /** Default expression as Postgres prints it, for `Prefer: missing=default`. */
  defaultExpr: string | null;
}

export type RelationKind = 'table' | 'view' | 'materialized view' | 'foreign table' | 'composite';

export interface TableInfo {
  oid: number;
  name: string;
  kind: RelationKind;
  columns: Map<string, ColumnInfo>;
  columnList: ColumnInfo[];
  primaryKey: string[];
  /** Primary key and unique constraints (column lists). */
  uniqueKeys: string[][];
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  /** The relation we embed from. */
  table: string;
  /** The relation we embed. */
  foreignTable: string;
  cardinality: Cardinality;
  constraint: string;
  /** (column of `table`, column of `foreignTable`) pairs; empty for many-to-many. */
  columns: [string, string][];
  /** For one-to-one: true when `table` holds the foreign key. */
  holdsKey: boolean;
  isSelf: boolean;
  foreignIsView: boolean;
  junction?: {
    table: string;
    constraint1: string;
    constraint2: string;
    /** (junction column, column of `table`) pairs. */
    sourceColumns: [string, string][];
    /** (junction column, column of `foreignTable`) pairs. */
    targetColumns: [string, string][];
  };
}

export interface RoutineParam {
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

export type ReturnShape =
  | { kind: 'void' }
  | { kind: 'scalar'; type: string }
  /** Rows of a relation of the exposed schema (embedding works on them). */
  | { kind: 'relation'; table: string }
  /** Rows of an anonymous composite: OUT/TABLE parameters or a composite type. */
  | { kind: 'composite'; columns: TableInfo }
  | { kind: 'record' };

export interface RoutineInfo {
  oid: number;
  name: string;
  params: RoutineParam[];
  volatility: 'volatile' | 'stable' | 'immutable';
  returnsSet: boolean;
  returns: ReturnShape;
}

export interface SchemaCache {
  /** Fingerprint of the catalog rows the cache was read from (see `catalogSignature`). */
  signature: string;
  tables: Map<string, TableInfo>;
  /** Relationships keyed by the relation embedded from. */
  relationships: Map<string, Relationship[]>;
  routines: Map<string, RoutineInfo[]>;
  /** statement_timeout configured for an API role (`alter role anon set statement_timeout = ...`). */
  roleTimeouts: Map<string, string>;
}

const RELKINDS: Record<string, RelationKind> = {
  r: 'table',
  p: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
  c: 'composite',
};

interface RelationRow {
  oid: number;
  relname: string;
  relkind: string;
  nspname: string;
}

interface ColumnRow {
  attrelid: number;
  attname: string;
  attnum: number;
  type: string;
  base_type: string;
  is_array: boolean;
  typcategory: string;
  base_type_name: string;
  attnotnull: boolean;
  default_expr: string | null;
}

export interface ConstraintRow {
  conname: string;
  contype: string;
  conrelid: number;
  confrelid: number;
  cols: number[];
  fcols: number[];
}

interface RoutineRow {
  oid: number;
  proname: string;
  provolatile: string;
  proretset: boolean;
  rettype: string;
  rettype_oid: number;
  typtype: string;
  typrelid: number;
  pronargs: number;
  pronargdefaults: number;
  argnames: string[] | null;
  argmodes: string[] | null;
  argtypes: string[];
  provariadic: boolean;
}

function asArray<T>(value: T[] | string | null): T[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  // An adapter that does not parse arrays: `{a,b}` (names here are plain identifiers or quoted).
  const inner = value.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  return inner.split(',').map((item) => item.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1')) as T[];
}

async function loadRelations(db: Database): Promise<{ relations: RelationRow[]; columns: ColumnRow[] }> {
  const relations = (
    await db.query<RelationRow>(
      `select c.oid::int as oid, c.relname::text as relname, c.relkind::text as relkind, n.nspname::text as nspname
         from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where (n.nspname = $1 and c.relkind in ('r','p','v','m','f') and not c.relispartition)
           or c.oid in (select t.typrelid from pg_catalog.pg_proc p
                          join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
                          join pg_catalog.pg_type t on t.oid = p.prorettype
                         where pn.nspname = $1 and t.typrelid <> 0)`,
      [EXPOSED_SCHEMA],
    )
  ).rows;
  const oids = relations.map((relation) => relation.oid);
  const columns = oids.length
    ? (
        await db.query<ColumnRow>(
          `select a.attrelid::int as attrelid, a.attname::text as attname, a.attnum::int as attnum,
                  pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
                  pg_catalog.format_type(a.atttypid, null) as base_type,
                  (t.typcategory = 'A') as is_array, t.typcategory::text as typcategory,
                  pg_catalog.format_type(coalesce(nullif(t.typbasetype, 0), t.oid), null) as base_type_name,
                  a.attnotnull, pg_catalog.pg_get_expr(d.adbin, d.adrelid) as default_expr
             from pg_catalog.pg_attribute a
             join pg_catalog.pg_type t on t.oid = a.atttypid
             left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
            where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
            order by a.attrelid, a.attnum`,
          [`{${oids.join(',')}}`],
        )
      ).rows
    : [];
  return { relations, columns };
}

/** A type name without modifiers that does not imply a length of one (`character` means char(1)). */
function unconstrained(type: string): string {
  return type.replace(/^character(\[\])?$/, 'bpchar$1').replace(/^bit(\[\])?$/, 'varbit$1');
}

function buildTables(relations: RelationRow[], columns: ColumnRow[]): Map<number, TableInfo> {
  const byOid = new Map<number, TableInfo>();
  for (const relation of relations) {
    byOid.set(relation.oid, {
      oid: relation.oid,
      name: relation.relname,
      kind: relation.nspname === EXPOSED_SCHEMA ? (RELKINDS[relation.relkind] ?? 'table') : 'composite',
      columns: new Map(),
      columnList: [],
      primaryKey: [],
      uniqueKeys: [],
    });
  }
  for (const row of columns) {
    const table = byOid.get(row.attrelid);
    if (!table) continue;
    const column: ColumnInfo = {
      name: row.attname,
      attnum: row.attnum,
      type: row.type,
      baseType: unconstrained(row.base_type),
      isArray: row.is_array,
      isJson: row.base_type_name === 'json' || row.base_type_name === 'jsonb',
      notNull: row.attnotnull,
      defaultExpr: row.default_expr,
    };
    table.columns.set(column.name, column);
    table.columnList.push(column);
  }
  return byOid;
}

async function loadConstraints(db: Database, oids: number[]): Promise<ConstraintRow[]> {
  if (oids.length === 0) return [];
  return (
    await db.query<ConstraintRow>(
      `select con.conname::text as conname, con.contype::text as contype, con.conrelid::int as conrelid,
              con.confrelid::int as confrelid, con.conkey::int[] as cols,
              coalesce(con.confkey, '{}')::int[] as fcols
         from pg_catalog.pg_constraint con
        where con.contype in ('p','u','f') and con.conrelid = any($1::oid[])
          and (con.contype <> 'f' or con.confrelid = any($1::oid[]))
          and con.conparentid = 0
        order by con.conrelid, con.conname`,
      [`{${oids.join(',')}}`],
    )
  ).rows;
}

async function loadViewSources(db: Database): Promise<{ view: number; action: string }[]> {
  return (
    await db.query<{ view: number; action: string }>(
      `select c.oid::int as view, r.ev_action::text as action
         from pg_catalog.pg_rewrite r
         join pg_catalog.pg_class c on c.oid = r.ev_class
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('v','m') and r.rulename = '_RETURN'`,
      [EXPOSED_SCHEMA],
    )
  ).rows;
}

async function loadRoutines(db: Database): Promise<RoutineRow[]> {
  return (
    await db.query<RoutineRow>(
      `select p.oid::int as oid, p.proname::text as proname, p.provolatile::text as provolatile, p.proretset,
              pg_catalog.format_type(p.prorettype, null) as rettype, p.prorettype::int as rettype_oid,
              t.typtype::text as typtype, t.typrelid::int as typrelid,
              p.pronargs::int as pronargs, p.pronargdefaults::int as pronargdefaults,
              p.proargnames::text[] as argnames, p.proargmodes::text[] as argmodes,
              array(select pg_catalog.format_type(x.type, null)
                      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as x(type, n)
                     order by x.n) as argtypes,
              (p.provariadic <> 0) as provariadic
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
         join pg_catalog.pg_type t on t.oid = p.prorettype
        where n.nspname = $1 and p.prokind = 'f'
          and t.typname not in ('trigger', 'event_trigger')`,
      [EXPOSED_SCHEMA],
    )
  ).rows;
}

async function loadRoleTimeouts(db: Database): Promise<Map<string, string>> {
  const rows = (
    await db.query<{ rolname: string; setconfig: string[] | string }>(
      `select r.rolname::text as rolname, s.setconfig
         from pg_catalog.pg_db_role_setting s
         join pg_catalog.pg_roles r on r.oid = s.setrole
        where r.rolname in ('anon', 'authenticated', 'service_role')
          and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
        order by s.setdatabase`,
    )
  ).rows;
  const timeouts = new Map<string, string>();
  for (const row of rows) {
    for (const setting of asArray<string>(row.setconfig)) {
      const [name, ...rest] = setting.split('=');
      if (name === 'statement_timeout') timeouts.set(row.rolname, rest.join('='));
    }
  }
  return timeouts;
}

function buildRoutines(rows: RoutineRow[], tablesByOid: Map<number, TableInfo>): Map<string, RoutineInfo[]> {
  const routines = new Map<string, RoutineInfo[]>();
  for (const row of rows) {
    const names = asArray<string>(row.argnames);
    const modes = asArray<string>(row.argmodes);
    const types = asArray<string>(row.argtypes);
    const inputs: RoutineParam[] = [];
    const outputs: { name: string; type: string }[] = [];
    types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      const name = names[i] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        inputs.push({ name, type, required: true, variadic: mode === 'v' });
      }
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type });
    });
    inputs.forEach((param, i) => {
      param.required = i < inputs.length - row.pronargdefaults;
    });
    if (row.provariadic && inputs.length && !inputs.some((p) => p.variadic)) inputs[inputs.length - 1]!.variadic = true;

    let returns: ReturnShape;
    if (row.rettype === 'void') {
      returns = { kind: 'void' };
    } else if (row.typtype === 'c') {
      const relation = tablesByOid.get(row.typrelid);
      if (relation && relation.kind !== 'composite') returns = { kind: 'relation', table: relation.name };
      else if (relation) returns = { kind: 'composite', columns: relation };
      else returns = { kind: 'record' };
    } else if (row.rettype === 'record' && outputs.length > 0) {
      const columnList: ColumnInfo[] = outputs.map((output, i) => ({
        name: output.name,
        attnum: i + 1,
        type: output.type,
        baseType: output.type,
        isArray: output.type.endsWith('[]'),
        isJson: output.type === 'json' || output.type === 'jsonb',
        notNull: false,
        defaultExpr: null,
      }));
      returns = {
        kind: 'composite',
        columns: {
          oid: 0,
          name: row.proname,
          kind: 'composite',
          columns: new Map(columnList.map((c) => [c.name, c])),
          columnList,
          primaryKey: [],
          uniqueKeys: [],
        },
      };
    } else if (row.rettype === 'record') {
      returns = { kind: 'record' };
    } else {
      returns = { kind: 'scalar', type: row.rettype };
    }
    const volatility = row.provolatile === 'i' ? 'immutable' : row.provolatile === 's' ? 'stable' : 'volatile';
    const routine: RoutineInfo = {
      oid: row.oid,
      name: row.proname,
      params: inputs,
      volatility,
      returnsSet: row.proretset,
      returns,
    };
    const list = routines.get(row.proname) ?? [];
    list.push(routine);
    routines.set(row.proname, list);
  }
  return routines;
}

/**
 * A fingerprint of the exposed schema: any DDL on a relation, function or constraint in it rewrites
 * the catalog row, which changes its xmin. Cheap enough to run whenever a request names something
 * unknown, so the full reload happens only when the schema really changed.
 */
export async function catalogSignature(db: Database): Promise<string> {
  const { rows } = await db.query<{ signature: string }>(
    `select md5(coalesce(string_agg(item, ',' order by item), '')) as signature from (
       select 'c' || c.oid::text || ':' || c.xmin::text as item from pg_catalog.pg_class c
        where c.relnamespace = (select oid from pg_catalog.pg_namespace where nspname = $1)
       union all
       select 'p' || p.oid::text || ':' || p.xmin::text from pg_catalog.pg_proc p
        where p.pronamespace = (select oid from pg_catalog.pg_namespace where nspname = $1)
       union all
       select 'k' || k.oid::text || ':' || k.xmin::text from pg_catalog.pg_constraint k
        where k.connamespace = (select oid from pg_catalog.pg_namespace where nspname = $1)
     ) items`,
    [EXPOSED_SCHEMA],
  );
  return rows[0]?.signature ?? '';
}

/** Reads the exposed schema from the catalog (as the database owner, outside any request). */
export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  // Taken first: a change made while loading makes the next comparison differ and reload again.
  const signature = await catalogSignature(db);
  const { relations, columns } = await loadRelations(db);
  const tablesByOid = buildTables(relations, columns);
  const constraints = await loadConstraints(db, [...tablesByOid.keys()]);
  for (const constraint of constraints) {
    const table = tablesByOid.get(constraint.conrelid);
    if (!table || constraint.contype === 'f') continue;
    const names = constraint.cols.map((attnum) => table.columnList.find((c) => c.attnum === attnum)?.name ?? '');
    if (constraint.contype === 'p') table.primaryKey = names;
    table.uniqueKeys.push(names);
  }
  const viewSources = await loadViewSources(db);

  const tables = new Map<string, TableInfo>();
  for (const table of tablesByOid.values()) if (table.kind !== 'composite') tables.set(table.name, table);

  const relationships = inferRelationships(tablesByOid, tables, constraints, viewSources);
  const routines = buildRoutines(await loadRoutines(db), tablesByOid);
  return { signature, tables, relationships, routines, roleTimeouts: await loadRoleTimeouts(db) };
}

/** Holds the current cache of one database and reloads it, one reload at a time. */
export class SchemaCacheHolder {
  private current: SchemaCache | null = null;
  private loading: Promise<SchemaCache> | null = null;

  constructor(private readonly db: Database) {}

  /** The cache, loading it on first use. */
  async get(): Promise<SchemaCache> {
    return this.current ?? this.reload();
  }

  /**
   * A reload after a request named something unknown, done only when the catalog changed since
   * the last load (so a client asking for missing tables cannot keep the server re-reading it).
   * Resolves to null when nothing changed.
   */
  async reloadOnMiss(): Promise<SchemaCache | null> {
    if (this.loading) return this.loading;
    const signature = await catalogSignature(this.db);
    if (this.current && signature === this.current.signature) return null;
    return this.reload();
  }

  /** Re-reads the catalog; concurrent callers share one load. */
  reload(): Promise<SchemaCache> {
    if (!this.loading) {
      this.loading = loadSchemaCache(this.db)
        .then((cache) => {
          this.current = cache;
          return cache;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    return this.loading;
  }
}

const holders = new WeakMap<Database, SchemaCacheHolder>();

/** The schema cache of a backend's database (one per database, shared by all routes). */
export function schemaCacheFor(db: Database): SchemaCacheHolder {
  let holder = holders.get(db);
  if (!holder) {
    holder = new SchemaCacheHolder(db);
    holders.set(db, holder);
  }
  return holder;
}

/**
 * Reloads the table API's view of the schema, as `NOTIFY pgrst, 'reload schema'` does for PostgREST.
 * Call it after changing tables, views or functions on a running backend.
 */
export async function reloadSchemaCache(services: Pick<BackendServices, 'db'>): Promise<void> {
  await schemaCacheFor(services.db).reload();
}
