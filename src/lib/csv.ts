/**
 * Comma-separated values as RFC 4180 defines them: fields separated by commas, records by CRLF
 * (LF alone is accepted on reading), a field holding a comma, quote or line break is quoted and its
 * quotes doubled. Written files start with no byte-order mark; a read one may have one.
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

const NEEDS_QUOTES = /[",\r\n]/;

/** One field, quoted when it must be. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV text of `records`, each record on its own CRLF-terminated line. */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}

/**
 * The records of `text`. Blank lines between records are skipped (a spreadsheet's trailing empty
 * rows); a quote inside an unquoted field, text after a closing quote or an unclosed quote is an
 * error rather than a guess.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  /** False on a line that has held nothing yet, so that an empty line is no record. */
  let lineHasContent = false;
  let i = 0;

  const endRecord = () => {
    if (lineHasContent) {
      record.push(field);
      records.push(record);
    }
    record = [];
    field = '';
    lineHasContent = false;
  };

  while (i < source.length) {
    const char = source[i];
    if (char === '"') {
      if (field !== '') throw new CsvParseError('A quote inside an unquoted field', line);
      const startLine = line;
      i += 1;
      for (;;) {
        if (i >= source.length) throw new CsvParseError('A quoted field is never closed', startLine);
        const inner = source[i] as string;
        i += 1;
        if (inner === '"') {
          if (source[i] !== '"') break;
          i += 1;
        } else if (inner === '\n') {
          line += 1;
        }
        field += inner;
      }
      lineHasContent = true;
      const next = source[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new CsvParseError('Text after a closing quote', line);
      }
    } else if (char === ',') {
      record.push(field);
      field = '';
      lineHasContent = true;
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line += 1;
    } else {
      field += char;
      lineHasContent = true;
      i += 1;
    }
  }
  endRecord();
  return records;
}
