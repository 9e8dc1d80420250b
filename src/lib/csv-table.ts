/**
 * A list of people as a spreadsheet saves it, read for an import: the first row names the columns,
 * matched loosely (case, spaces and punctuation do not matter: 'Job Title', 'job-title' and
 * 'JOB_TITLE' are one column), and each further row becomes the values of the columns the import
 * knows, trimmed, numbered as the spreadsheet shows them. The attendee import and the invitation
 * list both read their files here, so they accept the same files.
 *
 * Cells that a spreadsheet would run as a formula (starting with = + - @) are written with a leading
 * apostrophe, which spreadsheets hide (`guardFormula`), and the apostrophe is dropped again on
 * import (`unguardFormula`).
 */
import { CsvParseError, parseCsvRecords, type CsvRecord } from './csv.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` as a cell a spreadsheet shows as text, never runs. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as it was before `guardFormula`. */
export function unguardFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** A column heading reduced to what matters: lower case, words joined by '_' ('E-mail ' is 'e_mail'). */
export function headingKey(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export interface CsvTableRow<F extends string> {
  /** The row number as a spreadsheet shows it (the header is usually row 1). */
  row: number;
  /** The row's non-blank values of the known columns, trimmed. */
  values: Partial<Record<F, string>>;
}

export type CsvTable<F extends string> =
  | { ok: true; rows: CsvTableRow<F>[]; /** Headings of columns the import does not know. */ ignoredColumns: string[] }
  | { ok: false; error: string };

export interface CsvTableOptions<F extends string> {
  /** The column a heading names, or null for a column the import does not know. */
  columnOf(heading: string): F | null;
  /** Columns the header must name. */
  required: readonly F[];
  /** What the admin gave, as errors name it ('file' unless said). */
  subject?: string;
}

/**
 * The rows of `text` by column. Fails as a whole when the text is not CSV, is empty, or its header
 * lacks a required column.
 */
export async function readCsvTable<F extends string>(
  text: string,
  { columnOf, required, subject = 'file' }: CsvTableOptions<F>,
): Promise<CsvTable<F>> {
  let records: CsvRecord[];
  try {
    records = await parseCsvRecords(text);
  } catch (error) {
    // Anything else (the reader failed to load) is no fault of the text.
    if (!(error instanceof CsvParseError)) throw error;
    return { ok: false, error: `This ${subject} is not valid CSV: ${error.message}` };
  }
  const [first, ...body] = records;
  const header = first?.cells;
  if (!header) return { ok: false, error: `The ${subject} is empty.` };
  const columns = header.map(columnOf);
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return {
      ok: false,
      error: `The first row must name the columns, including ${missing.map((column) => `"${column}"`).join(' and ')}.`,
    };
  }
  const ignoredColumns = header.filter((heading, index) => columns[index] === null && heading.trim() !== '');
  const rows = body.map(({ row, cells }): CsvTableRow<F> => {
    const values: Partial<Record<F, string>> = {};
    columns.forEach((column, position) => {
      if (!column) return;
      const value = unguardFormula((cells[position] ?? '').trim());
      // The first column of a name wins over an alias repeated later in the header.
      if (value !== '' && values[column] === undefined) values[column] = value;
    });
    return { row, values };
  });
  return { ok: true, rows, ignoredColumns };
}
