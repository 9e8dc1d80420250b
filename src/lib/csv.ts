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

/**
 * The records of `text`, a file as a spreadsheet saved it. A quote that is never closed, or text
 * after a closing quote, is an error rather than a guess; a quote inside an unquoted field is kept
 * as a character, as spreadsheets read it.
 */
export async function parseCsv(text: string): Promise<string[][]> {
  const { default: Papa } = await loadReader();
  const result = Papa.parse<string[]>(text, {
    delimitersToGuess: SEPARATORS,
    skipEmptyLines: 'greedy',
  });
  const problem = result.errors.find((error) => error.type === 'Quotes');
  if (problem) {
    const message = QUOTE_PROBLEMS[problem.code] ?? problem.message;
    throw new CsvParseError(message, lineAt(text, problem.index ?? 0));
  }
  return result.data;
}
