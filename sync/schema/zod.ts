/**
 * zod schemas of rows and writes, derived from the generated table descriptor: column types,
 * nullability and what the CHECK constraints allow (lengths, non-blank, value lists, ranges, the URL,
 * e-mail and colour patterns of the validation functions). The admin forms derive their validation
 * from `writeSchemas`, so a form refuses what the server would refuse with 23514.
 */
import { z } from 'zod';
import type { ColumnDescriptor } from './descriptor.ts';
import { columnsOf, type NewDoc, type Row, type TableName } from './types.ts';

const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

/** A timestamp with a time zone as Postgres and JavaScript print them. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

function textSchema(column: ColumnDescriptor): z.ZodType<string> {
  if (column.oneOf) return z.enum(column.oneOf as [string, ...string[]]);
  let schema = z.string();
  if (column.maxLength !== undefined) schema = schema.max(column.maxLength);
  if (column.notEmpty) schema = schema.min(1);
  const patterns = (column.patterns ?? []).map((p) => new RegExp(p.source, p.ignoreCase ? 'i' : ''));
  return schema
    .refine((value) => !column.notBlank || value.trim() !== '', { message: 'Required' })
    .refine(
      (value) => patterns.length === 0 || (column.emptyAllowed && value === '') || patterns.some((p) => p.test(value)),
      { message: column.format ? `Not a valid ${column.format.replaceAll('_', ' ')}` : 'Invalid value' },
    );
}

/** The zod schema of one column's value (null included when the column is nullable). */
export function columnSchema(column: ColumnDescriptor): z.ZodType {
  let schema: z.ZodType;
  switch (column.kind) {
    case 'uuid':
      // Any 8-4-4-4-12 hex id (z.uuid() would refuse ids that are not RFC 9562 variants).
      schema = z.guid();
      break;
    case 'text':
      schema = textSchema(column);
      break;
    case 'timestamptz':
      schema = z.string().regex(TIMESTAMP, 'Not a timestamp');
      break;
    case 'integer':
      schema = z
        .number()
        .int()
        .min(column.minimum ?? INT4_MIN)
        .max(column.maximum ?? INT4_MAX);
      break;
    case 'boolean':
      schema = z.boolean();
      break;
    case 'text[]': {
      const item = column.maxLength !== undefined ? z.string().max(column.maxLength) : z.string();
      schema = column.maxItems !== undefined ? z.array(item).max(column.maxItems) : z.array(item);
      break;
    }
  }
  return column.nullable ? schema.nullable() : schema;
}

function rowSchema(table: TableName): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, column] of Object.entries(columnsOf(table))) {
    // A replica filled with the anon key has no e-mail: a column anon cannot read may be absent.
    shape[name] = column.anonCanRead ? columnSchema(column) : columnSchema(column).optional();
  }
  return z.object(shape);
}

function writeSchema(table: TableName): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, column] of Object.entries(columnsOf(table))) {
    if (name === '_modified' || name === '_deleted') continue;
    // Whatever has a default or may be null (which is then its value) may be left out; so may the
    // id, which the engine makes.
    const optional = column.default !== null || column.nullable || name === 'id';
    shape[name] = optional ? columnSchema(column).optional() : columnSchema(column);
  }
  return z.object(shape);
}

const rowSchemaCache = new Map<TableName, z.ZodType>();
const writeSchemaCache = new Map<TableName, z.ZodType>();

/**
 * A row of `table` as the table API returns it (for anon, without the columns anon cannot read).
 * Built on first use, so code that never validates does not carry the schemas.
 */
export function rowSchemaOf<T extends TableName>(table: T): z.ZodType<Row<T>> {
  if (!rowSchemaCache.has(table)) rowSchemaCache.set(table, rowSchema(table));
  return rowSchemaCache.get(table) as z.ZodType<Row<T>>;
}

/** What an admin form may write to `table`: server-filled and defaulted columns may be left out. */
export function writeSchemaOf<T extends TableName>(table: T): z.ZodType<NewDoc<T>> {
  if (!writeSchemaCache.has(table)) writeSchemaCache.set(table, writeSchema(table));
  return writeSchemaCache.get(table) as z.ZodType<NewDoc<T>>;
}
