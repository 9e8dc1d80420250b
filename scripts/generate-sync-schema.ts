/**
 * `npm run gen:schema`: writes sync/schema/tables.generated.ts from the SQL migrations, the one source
 * of truth for the tables the sync engine replicates. It runs the bootstrap and every migration on an
 * in-memory PGlite (as the local backend does) and reads back, for each replicated table (a public
 * table with `_modified` and `_deleted`, docs/decisions/001-soft-deletes.md): columns in table order,
 * their types, nullability, defaults, whether anon may select them (decision 002), and what the CHECK
 * constraints and the validation functions they call allow (lengths, lists, patterns, ranges).
 *
 *   npx tsx scripts/generate-sync-schema.ts          write the file
 *   npx tsx scripts/generate-sync-schema.ts --check  exit 1 when the committed file differs
 *
 * sync/schema/drift.test.ts calls `generateSyncSchemaSource()` and compares it with the committed file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'prettier';
import { openPglite } from '../server/db/pglite.ts';
import { migrate } from '../server/db/migrate.ts';
import type { Queryable } from '../server/db/database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_FILE = path.join(root, 'sync/schema/tables.generated.ts');

// The shape of sync/schema/descriptor.ts (that file belongs to the app's TypeScript project, which
// this one cannot import from); the generated file is checked against it with `satisfies`.
type ColumnKind = 'uuid' | 'text' | 'timestamptz' | 'integer' | 'boolean' | 'text[]';
interface PatternCheck {
  source: string;
  ignoreCase: boolean;
}
interface Column {
  kind: ColumnKind;
  nullable: boolean;
  default: string | number | boolean | string[] | 'server' | null;
  anonCanRead: boolean;
  maxLength?: number;
  maxItems?: number;
  notBlank?: boolean;
  notEmpty?: boolean;
  emptyAllowed?: boolean;
  oneOf?: string[];
  minimum?: number;
  maximum?: number;
  format?: string;
  patterns?: PatternCheck[];
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  anon_can_read: boolean;
}

const KINDS: Record<string, ColumnKind> = {
  uuid: 'uuid',
  text: 'text',
  timestamptz: 'timestamptz',
  int4: 'integer',
  bool: 'boolean',
  _text: 'text[]',
};

/** A column default as a value the client can reproduce, or 'server' for an expression. */
function parseDefault(expression: string | null, kind: ColumnKind): Column['default'] {
  if (expression === null) return null;
  if (kind === 'integer' && /^-?\d+$/.test(expression)) return Number(expression);
  if (kind === 'boolean' && /^(true|false)$/.test(expression)) return expression === 'true';
  if (kind === 'text[]' && expression === "'{}'::text[]") return [];
  const text = /^'((?:[^']|'')*)'::text$/.exec(expression);
  if (kind === 'text' && text) return text[1]!.replaceAll("''", "'");
  return 'server';
}

/** Postgres string literal contents to their value. */
function unquote(literal: string): string {
  return literal.replaceAll("''", "'");
}

/** A POSIX regular expression as Postgres reads it, to a JavaScript source (the classes we use). */
function posixToJs(source: string): string {
  return source
    .replaceAll('[:space:]', '\\s')
    .replaceAll('[:alpha:]', 'a-zA-Z')
    .replaceAll('[:digit:]', '0-9')
    .replaceAll('[:alnum:]', 'a-zA-Z0-9');
}

/** Reads limits out of a boolean SQL expression about `subject` (a column or a parameter). */
function applyExpression(column: Column, expression: string, subject: string): void {
  const name = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const lengths = [...expression.matchAll(new RegExp(`char_length\\(\\(?${name}\\)?\\)\\s*<=\\s*(\\d+)`, 'g'))];
  for (const match of lengths) column.maxLength = Math.min(column.maxLength ?? Infinity, Number(match[1]));
  if (column.kind === 'text[]') {
    // The longest item of a list: `max(char_length(p)) from unnest(points) as p ... <= N`.
    const item = /max\(char_length\((\w+)\)\)[\s\S]*?<=\s*(\d+)/.exec(expression);
    if (item) column.maxLength = Number(item[2]);
    const items = new RegExp(`cardinality\\(${name}\\)\\s*<=\\s*(\\d+)`).exec(expression);
    if (items) column.maxItems = Number(items[1]);
  }
  if (new RegExp(`btrim\\(${name}\\)\\s*<>\\s*''`).test(expression)) column.notBlank = true;
  if (new RegExp(`\\(?${name}\\s*<>\\s*''`).test(expression) && !column.notBlank) column.notEmpty = true;
  if (new RegExp(`${name}\\s*=\\s*''`).test(expression)) column.emptyAllowed = true;
  const oneOf = new RegExp(`${name}\\s*=\\s*ANY\\s*\\(ARRAY\\[([^\\]]*)\\]\\)`).exec(expression);
  if (oneOf) column.oneOf = [...oneOf[1]!.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => unquote(m[1]!));
  const minimum = new RegExp(`\\(?${name}\\s*>=\\s*(-?\\d+)\\)?`).exec(expression);
  if (minimum) column.minimum = Number(minimum[1]);
  const maximum = new RegExp(`\\(?${name}\\s*<=\\s*(-?\\d+)\\)?`).exec(expression);
  if (maximum) column.maximum = Number(maximum[1]);
  const patterns: PatternCheck[] = [];
  for (const match of expression.matchAll(new RegExp(`${name}\\s*(~\\*?)\\s*'((?:[^']|'')*)'`, 'g'))) {
    patterns.push({ source: posixToJs(unquote(match[2]!)), ignoreCase: match[1] === '~*' });
  }
  if (patterns.length > 0) column.patterns = [...(column.patterns ?? []), ...patterns];
}

/** Builds the descriptor of every replicated table from a migrated database. */
export async function readTables(db: Queryable): Promise<Record<string, Record<string, Column>>> {
  const { rows: columns } = await db.query<ColumnRow>(`
    select c.table_name::text, c.column_name::text, c.udt_name::text, c.is_nullable::text, c.column_default::text,
           has_column_privilege('anon', format('public.%I', c.table_name), c.column_name, 'SELECT') as anon_can_read
      from information_schema.columns c
      join pg_catalog.pg_class k on k.relname = c.table_name and k.relnamespace = 'public'::regnamespace
     where c.table_schema = 'public'
       and c.table_name in (
         select table_name from information_schema.columns
          where table_schema = 'public' and column_name in ('_modified', '_deleted')
          group by table_name having count(*) = 2)
     order by k.oid, c.ordinal_position`);
  const tables: Record<string, Record<string, Column>> = {};
  for (const row of columns) {
    const kind = KINDS[row.udt_name];
    if (!kind) throw new Error(`${row.table_name}.${row.column_name}: type ${row.udt_name} is not supported by sync`);
    if (row.column_name === 'modified') {
      throw new Error(`${row.table_name}.modified: the name is taken by the local copy of _modified (sync/schema)`);
    }
    (tables[row.table_name] ??= {})[row.column_name] = {
      kind,
      nullable: row.is_nullable === 'YES',
      default: parseDefault(row.column_default, kind),
      anonCanRead: row.anon_can_read,
    };
  }

  const { rows: checks } = await db.query<{ table_name: string; definition: string; column_names: string[] }>(`
    select k.relname::text as table_name, pg_get_constraintdef(c.oid) as definition,
           array(select a.attname::text from unnest(c.conkey) as n join pg_attribute a
                  on a.attrelid = c.conrelid and a.attnum = n order by a.attnum) as column_names
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_class k on k.oid = c.conrelid
     where c.contype = 'c' and k.relnamespace = 'public'::regnamespace
     order by k.relname, c.conname`);
  const { rows: functions } = await db.query<{ name: string; parameter: string; body: string }>(`
    select p.proname::text as name, p.proargnames[1]::text as parameter, p.prosrc as body
      from pg_catalog.pg_proc p
     where p.pronamespace = 'private'::regnamespace and p.pronargs = 1 and p.prorettype = 'bool'::regtype`);
  const functionsByName = new Map(functions.map((f) => [f.name, f]));

  for (const check of checks) {
    const table = tables[check.table_name];
    if (!table || check.column_names.length !== 1) continue;
    const column = table[check.column_names[0]!];
    if (!column) continue;
    applyExpression(column, check.definition, check.column_names[0]!);
    for (const call of check.definition.matchAll(/private\.(\w+)\((\w+)\)/g)) {
      const fn = functionsByName.get(call[1]!);
      if (!fn || call[2] !== check.column_names[0]) continue;
      column.format = fn.name.replace(/^is_/, '');
      applyExpression(column, fn.body, fn.parameter);
    }
  }
  return tables;
}

function render(tables: Record<string, Record<string, Column>>): string {
  const ordered = Object.fromEntries(
    Object.entries(tables).map(([name, columns]) => [
      name,
      {
        // A table anon may read no column of is replicated in the admin's replica only (decision 018).
        ...(Object.values(columns).some((column) => column.anonCanRead) ? {} : { adminOnly: true }),
        columns: Object.fromEntries(
          Object.entries(columns).map(([column, d]) => {
            // Keys in a fixed order so the output is stable.
            const keys: (keyof Column)[] = [
              'kind',
              'nullable',
              'default',
              'anonCanRead',
              'maxLength',
              'maxItems',
              'notBlank',
              'notEmpty',
              'emptyAllowed',
              'oneOf',
              'minimum',
              'maximum',
              'format',
              'patterns',
            ];
            return [column, Object.fromEntries(keys.filter((k) => d[k] !== undefined).map((k) => [k, d[k]]))];
          }),
        ),
      },
    ]),
  );
  return `/**
 * GENERATED by scripts/generate-sync-schema.ts from supabase/migrations: do not edit. Run
 * \`npm run gen:schema\` after changing a migration; sync/schema/drift.test.ts fails until you do.
 * The replicated tables, their columns in table order, and what their constraints allow.
 */
import type { TableDescriptor } from './descriptor.ts';

export const TABLES = ${JSON.stringify(ordered)} as const satisfies Record<string, TableDescriptor>;
`;
}

/** Runs the migrations on a throwaway in-memory database and returns the generated file's text. */
export async function generateSyncSchemaSource(): Promise<string> {
  const db = await openPglite();
  try {
    await migrate(db);
    const source = render(await readTables(db));
    return format(source, { parser: 'typescript', singleQuote: true, printWidth: 120, trailingComma: 'all' });
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const source = await generateSyncSchemaSource();
  if (process.argv.includes('--check')) {
    const committed = await readFile(GENERATED_FILE, 'utf8').catch(() => '');
    if (committed !== source) {
      process.stderr.write(`${path.relative(root, GENERATED_FILE)} is out of date: run npm run gen:schema\n`);
      process.exit(1);
    }
    process.stdout.write(`${path.relative(root, GENERATED_FILE)} matches the migrations\n`);
  } else {
    await writeFile(GENERATED_FILE, source);
    process.stdout.write(`wrote ${path.relative(root, GENERATED_FILE)}\n`);
  }
}
