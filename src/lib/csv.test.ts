import { describe, expect, it } from 'vitest';
import { CsvParseError, csvField, parseCsv, toCsv } from './csv.ts';

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
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","x\r\ny"\r\n1,2,3,4\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'x\r\ny'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('accepts LF line ends, a byte-order mark, no final line break and skips blank lines', () => {
    expect(parseCsv('\uFEFFname,email\n\nAda,ada@example.org\n\n')).toEqual([
      ['name', 'email'],
      ['Ada', 'ada@example.org'],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
  });

  it('keeps empty fields, quoted or not', () => {
    expect(parseCsv('a,,c\r\n"",x,\r\n')).toEqual([
      ['a', '', 'c'],
      ['', 'x', ''],
    ]);
  });

  it('round-trips what it writes', () => {
    const records = [
      ['name', 'bio'],
      ['Ada', 'Line one\nLine "two", with comma'],
      ['', ' spaced '],
    ];
    expect(parseCsv(toCsv(records))).toEqual(records);
  });

  it('refuses malformed text with the line of the problem', () => {
    expect(() => parseCsv('a,"open\nstill open')).toThrow(CsvParseError);
    expect(() => parseCsv('a,"open\nstill open')).toThrow('A quoted field is never closed (line 1)');
    expect(() => parseCsv('ok\n"closed"tail')).toThrow('Text after a closing quote (line 2)');
    expect(() => parseCsv('ab"c')).toThrow('A quote inside an unquoted field (line 1)');
  });

  it('reads nothing from empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\r\n\r\n')).toEqual([]);
  });
});
