/**
 * What realtime needs to know about a published table, read from the catalog as the owner and
 * cached: its columns with their type names (realtime-js converts values by `pg_type.typname`),
 * its primary key, and per API role which columns that role may SELECT (column privileges, as
 * hosted Supabase filters payload columns) and which SELECT policies apply to it (used only for
 * hard deletes, whose row can no longer be read). Entries expire after a minute, and a caller that
 * hits a privilege error drops them at once, so a revoked grant is not honoured from a stale cache.
 */
import type { ApiRole, Queryable } from '../db/database.ts';

export interface ColumnInfo {
  name: string;
  /** `pg_type.typname`: `uuid`, `text`, `timestamptz`, `_text` for text[], ... */
  typeName: string;
  /** The type as SQL can spell it in a cast: `uuid`, `text[]`, `character varying(20)`. */
  sqlType: string;
}

export interface TableInfo {
  schema: string;
  table: string;
  columns: ColumnInfo[];
  keyColumns: string[];
  rowSecurity: boolean;
}

export interface RoleAccess {
  /** Columns the role may select, in table order. */
  selectable: ColumnInfo[];
  /** True when the role may select every primary-key column (else it can be told nothing). */
  keySelectable: boolean;
  /**
   * A SQL predicate over the table's columns that is true for rows the role's SELECT policies let
   * it see ('true' without row security or for a role that bypasses it), or null when no policy
   * lets it see any row.
   */
  visibility: string | null;
}

const TTL_MS = 60_000;

interface Cached<T> {
  value: T;
  at: number;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualifiedName(schema: string, table: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(table)}`;
}

export class TableAccess {
  private readonly tables = new Map<string, Cached<TableInfo | null>>();
  private readonly roles = new Map<string, Cached<RoleAccess>>();

  constructor(private readonly db: Queryable) {}

  /** Forgets everything read so far (after a privilege error, or when the publication changes). */
  invalidate(): void {
    this.tables.clear();
    this.roles.clear();
  }

  /** The table's shape, or null when there is no such table. */
  async table(schema: string, table: string): Promise<TableInfo | null> {
    const cacheKey = `${schema}\u0000${table}`;
    const hit = this.tables.get(cacheKey);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const value = await this.readTable(schema, table);
    this.tables.set(cacheKey, { value, at: Date.now() });
    return value;
  }

  /** What `role` may see of the table; null when there is no such table. */
  async forRole(schema: string, table: string, role: ApiRole): Promise<RoleAccess | null> {
    const info = await this.table(schema, table);
    if (!info) return null;
    const cacheKey = `${schema}\u0000${table}\u0000${role}`;
    const hit = this.roles.get(cacheKey);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const value = await this.readRoleAccess(info, role);
    this.roles.set(cacheKey, { value, at: Date.now() });
    return value;
  }

  private async readTable(schema: string, table: string): Promise<TableInfo | null> {
    const relation = await this.db.query<{ oid: number; rowsecurity: boolean }>(
      `select c.oid::int8 as oid, c.relrowsecurity as rowsecurity
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
      [schema, table],
    );
    const row = relation.rows[0];
    if (!row) return null;
    const columns = await this.db.query<{ name: string; type_name: string; sql_type: string }>(
      `select a.attname as name, t.typname as type_name, pg_catalog.format_type(a.atttypid, a.atttypmod) as sql_type
         from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
        where a.attrelid = $1::int8::oid and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [row.oid],
    );
    const key = await this.db.query<{ name: string }>(
      `select a.attname as name
         from pg_catalog.pg_index i
         join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
        where i.indrelid = $1::int8::oid and i.indisprimary
        order by array_position(i.indkey::int2[], a.attnum)`,
      [row.oid],
    );
    return {
      schema,
      table,
      columns: columns.rows.map((c) => ({ name: c.name, typeName: c.type_name, sqlType: c.sql_type })),
      keyColumns: key.rows.map((k) => k.name),
      rowSecurity: row.rowsecurity,
    };
  }

  private async readRoleAccess(info: TableInfo, role: ApiRole): Promise<RoleAccess> {
    const relation = qualifiedName(info.schema, info.table);
    const privileges = await this.db.query<{ name: string; selectable: boolean }>(
      `select a.attname as name, pg_catalog.has_column_privilege($1, a.attrelid, a.attnum, 'SELECT') as selectable
         from pg_catalog.pg_attribute a
        where a.attrelid = $2::regclass and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [role, relation],
    );
    const allowed = new Set(privileges.rows.filter((p) => p.selectable).map((p) => p.name));
    const selectable = info.columns.filter((c) => allowed.has(c.name));
    const keySelectable = info.keyColumns.length > 0 && info.keyColumns.every((k) => allowed.has(k));
    return { selectable, keySelectable, visibility: await this.readVisibility(info, relation, role) };
  }

  /** Combines the SELECT policies that apply to `role` as Postgres does: permissive ORed, restrictive ANDed. */
  private async readVisibility(info: TableInfo, relation: string, role: ApiRole): Promise<string | null> {
    if (!info.rowSecurity) return 'true';
    const bypass = await this.db.query<{ bypass: boolean }>(
      `select rolbypassrls or rolsuper as bypass from pg_catalog.pg_roles where rolname = $1`,
      [role],
    );
    if (bypass.rows[0]?.bypass) return 'true';
    const policies = await this.db.query<{ permissive: boolean; qual: string | null }>(
      `select p.polpermissive as permissive, pg_catalog.pg_get_expr(p.polqual, p.polrelid) as qual
         from pg_catalog.pg_policy p
        where p.polrelid = $1::regclass
          and p.polcmd in ('r', '*')
          and exists (
            select 1 from unnest(p.polroles) as r(oid)
             where r.oid = 0 or pg_catalog.pg_has_role($2, r.oid, 'USAGE')
          )`,
      [relation, role],
    );
    // A policy without USING lets no row through for SELECT.
    const permissive = policies.rows.filter((p) => p.permissive).map((p) => `(${p.qual ?? 'false'})`);
    const restrictive = policies.rows.filter((p) => !p.permissive).map((p) => `(${p.qual ?? 'false'})`);
    if (permissive.length === 0) return null;
    return [`(${permissive.join(' or ')})`, ...restrictive].join(' and ');
  }
}
