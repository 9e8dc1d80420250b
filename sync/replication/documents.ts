/**
 * Converting between table rows and local documents, and comparing documents field by field.
 *
 * Timestamps: Postgres prints them with as many fractional digits as they have (`...07.397+00:00`,
 * `...07.399001+00:00`) and in the session's time zone; JavaScript prints milliseconds with `Z`. The
 * replica keeps one canonical form, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC, microseconds: Postgres's
 * precision, so `_modified` survives the round trip exactly), which sorts as text in time order.
 * Comparisons treat two spellings of the same instant as equal.
 */
import type { ColumnDescriptor } from '../schema/descriptor.ts';
import { columnsOf, type TableName } from '../schema/types.ts';

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/;

const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:Z|[+-]00(?::?00)?)$/;

/**
 * A timestamp in the replica's canonical form. Returns the input unchanged when it is not a
 * timestamp this understands (the server's validation has the last word).
 */
export function canonicalTimestamp(value: string): string {
  // What the server sends (a UTC instant, as Postgres prints it in a UTC session) needs no calendar.
  const utc = UTC_TIMESTAMP.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(6, '0')}Z`;
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return value;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone = 'Z'] = match;
  let offsetSeconds = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const digits = zone.slice(1).replaceAll(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2, 4) || '0');
    const seconds = Number(digits.slice(4, 6) || '0');
    offsetSeconds = (zone.startsWith('-') ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds);
  }
  const utcSeconds =
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) / 1000 -
    offsetSeconds;
  const date = new Date(utcSeconds * 1000);
  if (Number.isNaN(date.getTime())) return value;
  const micros = fraction.padEnd(6, '0').slice(0, 6);
  return `${date.toISOString().slice(0, 19)}.${micros}Z`;
}

/** The local document field that holds a column (`_modified` is kept as `modified`). */
export function localField(column: string): string {
  return column === '_modified' ? 'modified' : column;
}

const COLUMN_ENTRIES = new Map<TableName, [string, ColumnDescriptor][]>();
/** A table's columns as entries, made once (rowToDoc runs for every pulled row). */
function columnEntries(table: TableName): [string, ColumnDescriptor][] {
  let entries = COLUMN_ENTRIES.get(table);
  if (!entries) COLUMN_ENTRIES.set(table, (entries = Object.entries(columnsOf(table))));
  return entries;
}

/** A row from the table API as a local document (only the table's own columns are kept). */
export function rowToDoc(table: TableName, row: Record<string, unknown>): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [name, column] of columnEntries(table)) {
    if (!(name in row)) continue;
    const value = row[name];
    doc[localField(name)] =
      column.kind === 'timestamptz' && typeof value === 'string'
        ? canonicalTimestamp(value)
        : column.kind === 'boolean' && name === '_deleted'
          ? value === true
          : value;
  }
  return doc;
}

/**
 * The columns of a local document to send to the table API. `_modified` is never sent (the server
 * stamps it); only the fields listed in `fields` when given (an update sends what changed).
 */
export function docToWrite(
  table: TableName,
  doc: Record<string, unknown>,
  fields?: readonly string[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(columnsOf(table))) {
    if (name === '_modified') continue;
    if (fields && !fields.includes(name)) continue;
    if (name in doc && doc[name] !== undefined) body[name] = doc[name];
  }
  return body;
}

/**
 * True when every field in which `to` differs from `from` holds, in `to`, the value one of `writes`
 * (bodies sent to the table API) gave it: `to` is `from` with some of those writes applied.
 */
export function explainedBy(
  table: TableName,
  from: Record<string, unknown>,
  to: Record<string, unknown>,
  writes: readonly Record<string, unknown>[],
): boolean {
  return changedFields(table, from, to).every((name) => wasSent(table, name, to[name], writes));
}

/** Whether one of `writes` (values sent to the table API) gave `column` the value `value`. */
export function wasSent(
  table: TableName,
  column: string,
  value: unknown,
  writes: readonly Record<string, unknown>[],
): boolean {
  const descriptor = columnsOf(table)[column];
  return !!descriptor && writes.some((write) => column in write && sameValue(descriptor, write[column], value));
}

function sameValue(column: ColumnDescriptor, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (column.kind === 'timestamptz' && typeof a === 'string' && typeof b === 'string') {
    return canonicalTimestamp(a) === canonicalTimestamp(b);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return false;
}

/**
 * The columns whose values differ between two versions of a document: the "real" fields, so
 * `modified` (the server's stamp) never counts, and `_deleted` does. A column missing from either
 * side (an e-mail a replica filled with the anon key never had) is not compared.
 */
export function changedFields(table: TableName, from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  const changed: string[] = [];
  for (const [name, column] of Object.entries(columnsOf(table))) {
    if (name === '_modified') continue;
    if (!(name in from) || !(name in to)) {
      if (name === '_deleted' && Boolean(from[name]) !== Boolean(to[name])) changed.push(name);
      continue;
    }
    if (!sameValue(column, from[name], to[name])) changed.push(name);
  }
  return changed;
}
