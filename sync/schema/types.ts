/**
 * TypeScript types of rows and local documents, derived from the generated table descriptor so they
 * cannot drift from the migrations. `Row<'events'>` is a row as the table API returns it;
 * `SyncDoc<'events'>` is the document the local replica keeps (the server's `_modified` is kept as
 * `modified`, because RxDB reserves field names that start with an underscore; `_deleted` is
 * RxDB's own deleted flag, so soft-deleted rows are simply deleted documents locally).
 */
import type { ColumnDescriptor } from './descriptor.ts';
import { TABLES } from './tables.generated.ts';

type Tables = typeof TABLES;

/** A replicated table. */
export type TableName = keyof Tables;

/** Every replicated table, in migration order. */
export const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/** The tables anyone may read (a visitor's replica holds these, and `public_rows()` returns them). */
export const PUBLIC_TABLE_NAMES = TABLE_NAMES.filter((table) => !isAdminOnly(table));

/** The tables a replica of this mode holds: the public ones, and for an admin the admin-only ones too. */
export function tablesOf(mode: 'public' | 'admin'): readonly TableName[] {
  return mode === 'admin' ? TABLE_NAMES : PUBLIC_TABLE_NAMES;
}

/** Columns of a table, as the descriptor lists them. */
export type ColumnsOf<T extends TableName> = Tables[T]['columns'];
export type ColumnName<T extends TableName> = keyof ColumnsOf<T> & string;

type KindValue<K> = K extends 'integer'
  ? number
  : K extends 'boolean'
    ? boolean
    : K extends 'text[]'
      ? string[]
      : string;

type ValueOf<C> = C extends { kind: infer K; nullable: infer N }
  ? N extends true
    ? KindValue<K> | null
    : KindValue<K>
  : never;

/** A row of `T` as the table API returns it with every column selected. */
export type Row<T extends TableName> = { -readonly [C in keyof ColumnsOf<T>]: ValueOf<ColumnsOf<T>[C]> };

/**
 * Columns the server fills (an expression default such as `now()`), or that anon may not read (a
 * public replica lacks them) in a table that visitors replicate.
 */
type OptionalColumn<T extends TableName> = {
  [C in keyof ColumnsOf<T>]: ColumnsOf<T>[C] extends { default: 'server' }
    ? C
    : Tables[T] extends { adminOnly: true }
      ? never
      : ColumnsOf<T>[C] extends { anonCanRead: false }
        ? C
        : never;
}[keyof ColumnsOf<T>];

/** Columns with a literal default (0, 5, 'current', '#000000', '{}'), which RxDB fills on insert. */
type DefaultedColumn<T extends TableName> = {
  [C in keyof ColumnsOf<T>]: ColumnsOf<T>[C] extends { default: string | number | boolean | readonly string[] }
    ? ColumnsOf<T>[C] extends { default: 'server' }
      ? never
      : C
    : never;
}[keyof ColumnsOf<T>];

/** Columns that accept NULL (an insert that leaves them out stores NULL). */
type NullableColumn<T extends TableName> = {
  [C in keyof ColumnsOf<T>]: ColumnsOf<T>[C] extends { nullable: true } ? C : never;
}[keyof ColumnsOf<T>];

type DocColumn<T extends TableName> = Exclude<keyof ColumnsOf<T>, '_modified' | '_deleted'>;

/**
 * A document of the local replica. Columns the server fills are optional until the row has been
 * pushed and pulled back; `email` is absent in a replica filled with the anon key.
 */
export type SyncDoc<T extends TableName> = {
  -readonly [C in Exclude<DocColumn<T>, OptionalColumn<T>> | 'id']: ValueOf<ColumnsOf<T>[C]>;
} & {
  -readonly [C in Exclude<Extract<DocColumn<T>, OptionalColumn<T>>, 'id'>]?: ValueOf<ColumnsOf<T>[C]>;
} & {
  /** The server's `_modified` of the version this document was based on; absent until first pulled. */
  modified?: string;
};

/** What a new document needs: `id`, defaulted and nullable columns may be left out. */
export type NewDoc<T extends TableName> = Omit<SyncDoc<T>, 'id' | DefaultedColumn<T> | NullableColumn<T> | 'modified'> &
  Partial<Pick<SyncDoc<T>, 'id' | ((DefaultedColumn<T> | NullableColumn<T>) & keyof SyncDoc<T>)>>;

/** Fields an update may change (never `id` or `modified`). */
export type DocPatch<T extends TableName> = Partial<Omit<SyncDoc<T>, 'id' | 'modified'>>;

/** The descriptor of one column, typed loosely for code that walks every table. */
export function columnsOf(table: TableName): Readonly<Record<string, ColumnDescriptor>> {
  return TABLES[table].columns;
}

/** The columns of a table the anonymous role may select (docs/decisions/002-attendee-email.md), some of them when named. */
export function anonReadableColumns(table: TableName, only?: readonly string[]): [string, ColumnDescriptor][] {
  return Object.entries(columnsOf(table)).filter(
    ([name, column]) => column.anonCanRead && (!only || only.includes(name)),
  );
}

/** True when only the admin's replica holds the table (anon may read none of its columns). */
export function isAdminOnly(table: TableName): boolean {
  return 'adminOnly' in TABLES[table];
}

/** True when `name` is a replicated table. */
export function isTableName(name: string): name is TableName {
  return Object.prototype.hasOwnProperty.call(TABLES, name);
}

/** True when the column holds a moment (timestamptz), which people read on a clock, not as stored. */
export function isTimestampColumn(table: string, column: string): boolean {
  return isTableName(table) && columnsOf(table)[column]?.kind === 'timestamptz';
}
