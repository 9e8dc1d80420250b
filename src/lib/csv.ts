/**
 * Comma-separated values as spreadsheets write and read them.
 *
 * Reading is papaparse's (loaded on first use, so only the page that imports a file pays for it):
 * the separator is found from the text (comma; semicolon, as a spreadsheet in a European locale
 * saves; tab), a byte-order mark is skipped, CRLF, LF or CR end records, quoted fields may hold
 * separators, doubled quotes and line breaks, and rows with nothing in them are skipped.
 *
 * Writing is RFC 4180: fields separated by commas, records ended by CRLF, a field holding a comma,
 * quote or line break is quoted and its quotes doubled. A file we hand to a spreadsheet starts with a
 * UTF-8 byte-order mark (`CSV_FILE_START`): without it Excel on Windows reads the file in the
 * machine's legacy code page and shows 'Müller' as 'MÃ¼ller'.
 */

/** Thrown for text that is not valid CSV, with the 1-based line where the problem starts. */
export class CsvParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
    this.name = 'CsvParseError';
  }
}

/** The UTF-8 byte-order mark every CSV file we write starts with. */
export const CSV_FILE_START = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/** One field, quoted when it must be. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV text of `records`, each record on its own CRLF-terminated line (no byte-order mark). */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}

/** Separators a spreadsheet saves CSV with, in the order papaparse tries them. */
const SEPARATORS = [',', ';', '\t'];

/** What papaparse reports for a quote it cannot make sense of, in our words. */
const QUOTE_PROBLEMS: Record<string, string> = {
  MissingQuotes: 'A quoted field is never closed',
  InvalidQuotes: 'Text after a closing quote',
};

/** The 1-based line of `text` that the character at `index` is on. */
function lineAt(text: string, index: number): number {
  return (text.slice(0, Math.max(0, index)).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
}

const loadReader = () => import('papaparse');

/**
 * Loads the reader ahead of its first use: a dialog that reads CSV calls this as it opens, so that
 * a list given after the connection dropped can still be read, even before the service worker holds
 * the reader's chunk. A failure here is reported when the text is read.
 */
export function preloadCsvReader(): void {
  loadReader().catch(() => undefined);
}

/** A record of a CSV text and its place: the row a spreadsheet shows it on (1 for the first). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/**
 * The records of `text`, a file as a spreadsheet saved it, each with the row a spreadsheet shows it
 * on; rows with nothing in them are left out but still counted. A quote that is never closed, or
 * text after a closing quote, is an error rather than a guess; a quote inside an unquoted field is
 * kept as a character, as spreadsheets read it.
 */
export async function parseCsvRecords(text: string): Promise<CsvRecord[]> {
  const { default: Papa } = await loadReader();
  // The separator is guessed with the empty rows left out (they would count as one-field rows);
  // the records are then read with them in, so that each keeps its place.
  const guessed = Papa.parse<string[]>(text, { delimitersToGuess: SEPARATORS, skipEmptyLines: 'greedy' });
  const problem = guessed.errors.find((error) => error.type === 'Quotes');
  if (problem) {
    const message = QUOTE_PROBLEMS[problem.code] ?? problem.message;
    throw new CsvParseError(message, lineAt(text, problem.index ?? 0));
  }
  const { data } = Papa.parse<string[]>(text, { delimiter: guessed.meta.delimiter, skipEmptyLines: false });
  return data
    .map((cells, index) => ({ row: index + 1, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
}

/** The records of `text` without their places (see parseCsvRecords). */
export async function parseCsv(text: string): Promise<string[][]> {
  return (await parseCsvRecords(text)).map(({ cells }) => cells);
}

/**
 * The text of a CSV file as a spreadsheet saved it: UTF-8 (with or without a byte-order mark),
 * UTF-16 with its byte-order mark (Excel's 'Unicode Text'), or else Windows-1252, which Excel on
 * Windows writes for 'CSV (Comma delimited)' in Western European locales. Bytes that are not UTF-8
 * are never read as U+FFFD.
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
