import { describe, expect, it } from 'vitest';
import { CsvParseError, csvField, parseCsv, parseCsvRecords, readCsvFile, toCsv } from './csv.ts';

describe('writing CSV (RFC 4180)', () => {
  it('quotes only fields that hold a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('')).toBe('');
  });

  it('ends every record with CRLF', () => {
    expect(
      toCsv([
        ['name', 'email'],
        ['Ada, Countess', 'ada@example.org'],
      ]),
    ).toBe('name,email\r\n"Ada, Countess",ada@example.org\r\n');
  });
});

describe('reading CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', async () => {
    expect(await parseCsv('a,"b, c","say ""hi""","x\r\ny"\r\n1,2,3,4\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'x\r\ny'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('accepts LF line ends, a byte-order mark, no final line break and skips blank lines', async () => {
    expect(await parseCsv('\uFEFFname,email\n\nAda,ada@example.org\n\n')).toEqual([
      ['name', 'email'],
      ['Ada', 'ada@example.org'],
    ]);
    expect(await parseCsv('a,b')).toEqual([['a', 'b']]);
  });

  it('keeps empty fields, quoted or not', async () => {
    expect(await parseCsv('a,,c\r\n"",x,\r\n')).toEqual([
      ['a', '', 'c'],
      ['', 'x', ''],
    ]);
  });

  it('round-trips what it writes', async () => {
    const records = [
      ['name', 'bio'],
      ['Ada', 'Line one\nLine "two", with comma'],
      ['', ' spaced '],
    ];
    expect(await parseCsv(toCsv(records))).toEqual(records);
  });

  it('refuses malformed text with the line of the problem', async () => {
    await expect(parseCsv('a,"open\nstill open')).rejects.toThrow(CsvParseError);
    await expect(parseCsv('a,"open\nstill open')).rejects.toThrow('A quoted field is never closed (line 1)');
    await expect(parseCsv('ok\n"closed"tail')).rejects.toThrow('Text after a closing quote (line 2)');
    await expect(parseCsv('name\r\nAda\r\n"Bo\r\nstill open')).rejects.toThrow(
      'A quoted field is never closed (line 3)',
    );
  });

  it('keeps a quote inside an unquoted field as a character, as spreadsheets read it', async () => {
    expect(await parseCsv('ab"c,d')).toEqual([['ab"c', 'd']]);
  });

  it('reads nothing from empty text', async () => {
    expect(await parseCsv('')).toEqual([]);
    expect(await parseCsv('\r\n\r\n')).toEqual([]);
  });
});

describe('reading CSV as spreadsheets save it', () => {
  it('reads a semicolon-separated file with a byte-order mark and CRLF, as Excel in a European locale saves', async () => {
    const text = '\uFEFFName;E-mail;Company\r\nJürgen Müller;j.mueller@example.de;Müller & Söhne, GmbH\r\n';
    expect(await parseCsv(text)).toEqual([
      ['Name', 'E-mail', 'Company'],
      ['Jürgen Müller', 'j.mueller@example.de', 'Müller & Söhne, GmbH'],
    ]);
  });

  it('reads quoted semicolons and line breaks in a semicolon-separated file', async () => {
    expect(await parseCsv('name;bio\r\n"Ayşe Ağaoğlu";"Leads data; AI\r\nin Istanbul"\r\n')).toEqual([
      ['name', 'bio'],
      ['Ayşe Ağaoğlu', 'Leads data; AI\r\nin Istanbul'],
    ]);
  });

  it('reads a tab-separated file, as a spreadsheet copies its cells', async () => {
    expect(await parseCsv('name\temail\nZoë\tzoe@example.org\n')).toEqual([
      ['name', 'email'],
      ['Zoë', 'zoe@example.org'],
    ]);
  });

  it('keeps a comma file comma-separated when its fields hold unquoted semicolons', async () => {
    expect(await parseCsv('name,email,priorities\r\nAda,ada@example.org,Governance; AI\r\n')).toEqual([
      ['name', 'email', 'priorities'],
      ['Ada', 'ada@example.org', 'Governance; AI'],
    ]);
  });

  it("skips the rows a spreadsheet leaves when rows are cleared (';;;')", async () => {
    expect(await parseCsv('name;email\r\nAda;ada@example.org\r\n;\r\n;\r\n')).toEqual([
      ['name', 'email'],
      ['Ada', 'ada@example.org'],
    ]);
  });
});

describe('the place of each record', () => {
  it('numbers records as a spreadsheet numbers its rows, counting the empty rows it skips', async () => {
    const text = 'name;email\r\nAda;ada@example.org\r\n\r\n;\r\n"Bo\r\nBrown";bo@example.org\r\nCy;cy@example.org\r\n';
    expect((await parseCsvRecords(text)).map(({ row, cells }) => [row, cells[0]])).toEqual([
      [1, 'name'],
      [2, 'Ada'],
      [5, 'Bo\r\nBrown'],
      [6, 'Cy'],
    ]);
  });
});

describe('the text of a file a spreadsheet saved', () => {
  const file = (...bytes: number[]) => new Blob([new Uint8Array(bytes)]);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

  it('reads UTF-8, with or without a byte-order mark', async () => {
    expect(await readCsvFile(new Blob(['name\r\nMüller\r\n']))).toBe('name\r\nMüller\r\n');
    expect(await readCsvFile(file(0xef, 0xbb, 0xbf, ...ascii('a'), 0xc3, 0xa9))).toBe('aé');
  });

  it("reads Excel for Windows' 'CSV (Comma delimited)' as Windows-1252, never as U+FFFD", async () => {
    // 'Müller;Café' in Windows-1252 (ü FC, é E9). Its own signs in 80-9F (dashes, curly quotes) are
    // checked in a browser (tests/e2e/admin-attendees.spec.ts): Node decodes that range as Latin-1.
    const bytes = file(...ascii('M'), 0xfc, ...ascii('ller;Caf'), 0xe9);
    expect(await readCsvFile(bytes)).toBe('Müller;Café');
  });

  it("reads Excel's 'Unicode Text' (UTF-16 with its byte-order mark)", async () => {
    expect(await readCsvFile(file(0xff, 0xfe, 0x5a, 0x00, 0xeb, 0x00))).toBe('Zë');
    expect(await readCsvFile(file(0xfe, 0xff, 0x00, 0x5a, 0x00, 0xeb))).toBe('Zë');
  });
});
