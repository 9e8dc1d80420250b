import { describe, expect, it } from 'vitest';
import type { Attendee } from '../../data/attendee-records.ts';
import { parseCsv } from '../../lib/csv.ts';
import {
  DELETED_MEANWHILE,
  attendeesToCsv,
  changesOf,
  importReportOf,
  importWrites,
  newAttendeeOf,
  planImport,
} from './attendee-csv.ts';
import { seriesIndex } from '../../data/series-history.ts';

function buildAttendee(overrides: Partial<Attendee> = {}): Attendee {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ada Lovelace',
    email: 'ada@engines.example',
    company: 'Analytical Engines Ltd',
    job_title: 'Chief Data Officer',
    photo_url: null,
    company_logo_url: null,
    bio: 'Leads data, "quoted", with commas.',
    linkedin_url: 'https://www.linkedin.com/in/ada',
    priorities: 'Governance, AI',
    current_focus: null,
    future_focus: null,
    registered_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * `records` as Excel in a European locale saves them: a byte-order mark, semicolons between fields,
 * quotes only around fields with a semicolon, a quote or a line break, CRLF after each row.
 */
function semicolonFile(records: readonly string[][]): string {
  const field = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return `\uFEFF${records.map((cells) => `${cells.map(field).join(';')}\r\n`).join('')}`;
}

describe('exporting attendees as CSV', () => {
  it('writes a header and one quoted-where-needed record per attendee', async () => {
    const text = attendeesToCsv([buildAttendee()]);
    const [header, row] = await parseCsv(text);
    expect(header).toEqual([
      'name',
      'email',
      'company',
      'job_title',
      'linkedin_url',
      'bio',
      'priorities',
      'current_focus',
      'future_focus',
      'photo_url',
      'company_logo_url',
      'registered_at',
    ]);
    expect(row?.[0]).toBe('Ada Lovelace');
    expect(row?.[5]).toBe('Leads data, "quoted", with commas.');
    expect(row?.[11]).toBe('2026-11-01T09:00:00.000Z');
    expect(text).toContain('"Leads data, ""quoted"", with commas."');
  });

  it("carries each person's story across the series, formulas guarded, dates on the venue's calendar", async () => {
    const ada = buildAttendee();
    const history = seriesIndex(
      {
        events: [
          {
            id: 'tokyo',
            title: '=cmd|calc',
            location: 'Marunouchi Sky Hall, Tokyo',
            // 20:00 UTC on 31 March is 1 April in Tokyo.
            start_date: '2026-03-31T20:00:00.000Z',
            end_date: '2026-03-31T23:00:00.000Z',
            time_zone: 'Asia/Tokyo',
          },
        ],
        attendees: [ada],
        links: [{ event_id: 'tokyo', attendee_id: ada.id, attendee_type: 'past' }],
        requests: [],
        checkIns: [],
        clearings: [],
      },
      Date.parse('2026-11-28T12:00:00.000Z'),
    );
    const [header, row] = await parseCsv(attendeesToCsv([ada], history));
    expect(header?.slice(12)).toEqual([
      'editions_attended',
      'last_attended',
      'last_attended_date',
      'recent_no_shows',
      'no_show_last_year',
    ]);
    expect(row?.slice(12)).toEqual(['1', "'=cmd|calc", '2026-04-01', '0 of 1', 'no']);
    // An import of the file takes the attendee fields and names the history columns as not imported.
    const plan = await planImport(attendeesToCsv([ada], history), [ada]);
    expect(plan.ok && plan.ignoredColumns).toEqual(header?.slice(12));
  });

  it('defuses cells a spreadsheet would run as formulas, and the import restores them', async () => {
    const text = attendeesToCsv([buildAttendee({ company: '=HYPERLINK("x")' })]);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const plan = await planImport(text, []);
    expect(plan.ok && plan.rows[0]?.values.company).toBe('=HYPERLINK("x")');
  });

  it('writes UTF-8 with a byte-order mark, so that Excel shows accented names as written', () => {
    const text = attendeesToCsv([buildAttendee({ name: 'Ayşe Ağaoğlu', company: 'Müller & Söhne' })]);
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes.slice(3))).toContain('Ayşe Ağaoğlu,');
    expect(text.indexOf('\uFEFF', 1)).toBe(-1);
  });

  it('an exported file, saved again by a spreadsheet in a European locale, imports as the same people', async () => {
    const exported = attendeesToCsv([buildAttendee({ name: 'Jürgen Müller', email: 'j.mueller@example.de' })]);
    const resaved = semicolonFile(await parseCsv(exported));
    const plan = await planImport(resaved, []);
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.rows.map((planned) => planned.action)).toEqual(['create']);
    expect(plan.rows[0]?.values).toMatchObject({
      name: 'Jürgen Müller',
      email: 'j.mueller@example.de',
      company: 'Analytical Engines Ltd',
      bio: 'Leads data, "quoted", with commas.',
      priorities: 'Governance, AI',
    });
  });
});

describe('planning a CSV import', () => {
  const existing = [buildAttendee()];

  it('creates new people, updates existing ones by e-mail and flags duplicates inside the file', async () => {
    const plan = await planImport(
      'Name,E-mail,Company,Job Title\r\n' +
        'Grace Hopper,Grace@Navy.example,US Navy,Rear Admiral\r\n' +
        'Ada L.,ADA@engines.example,,\r\n' +
        'Grace Again,grace@navy.example,,\r\n',
      existing,
    );
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.rows.map((row) => [row.row, row.action])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'refused'],
    ]);
    expect(plan.rows[0]?.values).toEqual({
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      company: 'US Navy',
      job_title: 'Rear Admiral',
    });
    expect(plan.rows[1]?.existingId).toBe(existing[0]?.id);
    expect(plan.rows[2]?.reasons).toEqual(['Duplicate of row 2 in this file']);
  });

  it('refuses rows with no name, a bad e-mail or a bad URL, saying why', async () => {
    const plan = await planImport(
      'name,email,linkedin_url,photo_url\n' +
        ',nobody@example.org,,\n' +
        'Bad Mail,not-an-address,,\n' +
        'Bad Link,link@example.org,linkedin dot com,\n' +
        'Site Photo,photo@example.org,,/demo/people/a.webp\n',
      [],
    );
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.rows.map((row) => row.reasons)).toEqual([
      ['Missing name'],
      ['Invalid e-mail address: not-an-address'],
      ['Invalid URL in LinkedIn URL: linkedin dot com'],
      [],
    ]);
  });

  it('names each row by its number in the spreadsheet, counting the empty rows between', async () => {
    const plan = await planImport('name,email\n\nAda,ada@example.org\n,,\nBad Mail,not-an-address\n', []);
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.rows.map((row) => [row.row, row.reasons])).toEqual([
      [3, []],
      [5, ['Invalid e-mail address: not-an-address']],
    ]);
  });

  it('fails as a whole when the header lacks the name or e-mail column, or the text is not CSV', async () => {
    expect(await planImport('company\nAcme\n', [])).toEqual({
      ok: false,
      error: 'The first row must name the columns, including "name" and "email".',
    });
    expect(await planImport('', [])).toEqual({ ok: false, error: 'The file is empty.' });
    const broken = await planImport('name,email\n"Ada,ada@example.org\n', []);
    expect(broken.ok).toBe(false);
  });

  it('reads a semicolon-separated file with a byte-order mark and CRLF line ends', async () => {
    const plan = await planImport(
      '\uFEFFName;E-mail;Company;Job Title\r\n' +
        'Ayşe Ağaoğlu;ayse@example.com.tr;"Koç Holding; Data";CDO\r\n' +
        'Zoë Lefèvre;ADA@engines.example;Société Générale, SA;\r\n' +
        ';;;\r\n',
      existing,
    );
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.rows.map((row) => [row.row, row.action])).toEqual([
      [2, 'create'],
      [3, 'update'],
    ]);
    expect(plan.rows[0]?.values).toEqual({
      name: 'Ayşe Ağaoğlu',
      email: 'ayse@example.com.tr',
      company: 'Koç Holding; Data',
      job_title: 'CDO',
    });
    expect(plan.rows[1]?.values).toEqual({
      name: 'Zoë Lefèvre',
      email: 'ada@engines.example',
      company: 'Société Générale, SA',
    });
  });

  it('lists columns it does not know, and leaves registered_at out of that list', async () => {
    const plan = await planImport('name,email,shoe size,registered_at\nAda,ada@example.org,5,2026-01-01\n', []);
    expect(plan.ok && plan.ignoredColumns).toEqual(['shoe size']);
  });
});

describe('what an import writes', () => {
  it('stores blank columns of a new attendee as NULL', () => {
    expect(newAttendeeOf({ name: 'Grace', email: 'grace@navy.example' })).toMatchObject({
      name: 'Grace',
      email: 'grace@navy.example',
      company: null,
      bio: null,
    });
  });

  it('updates only the cells that are filled in and differ', () => {
    const current = buildAttendee();
    expect(changesOf({ name: 'Ada Lovelace', email: 'ada@engines.example', company: 'Engines plc' }, current)).toEqual({
      company: 'Engines plc',
    });
  });
});

describe('importing a planned file', () => {
  it('inserts new people, patches what differs, refuses updates of people deleted meanwhile, and reports in file order', async () => {
    const ada = buildAttendee();
    const grace = buildAttendee({
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Grace',
      email: 'grace@navy.example',
    });
    const gone = buildAttendee({
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Alan',
      email: 'alan@bletchley.example',
    });
    const plan = await planImport(
      'name,email,company\n' +
        'Katherine,kat@nasa.example,NASA\n' +
        'Ada Lovelace,ada@engines.example,Engines plc\n' +
        'Grace,grace@navy.example,\n' +
        'Alan,alan@bletchley.example,\n' +
        ',nobody@example.org,\n',
      [ada, grace, gone],
    );
    if (!plan.ok) throw new Error(plan.error);
    // Alan was deleted after the file was read.
    const writes = importWrites(plan.rows, [ada, grace]);
    expect(writes.map(({ subject, change }) => [subject.row, change])).toEqual([
      [2, { insert: newAttendeeOf({ name: 'Katherine', email: 'kat@nasa.example', company: 'NASA' }) }],
      [3, { id: ada.id, patch: { company: 'Engines plc' } }],
      [4, null],
    ]);
    const report = importReportOf(plan.rows, [
      { subject: writes[0]!.subject, outcome: 'inserted' },
      { subject: writes[1]!.subject, outcome: 'failed', message: DELETED_MEANWHILE },
      { subject: writes[2]!.subject, outcome: 'unchanged' },
    ]);
    expect(report).toEqual({
      created: 1,
      updated: 1,
      refused: [
        { row: 3, reason: DELETED_MEANWHILE },
        { row: 5, reason: DELETED_MEANWHILE },
        { row: 6, reason: 'Missing name' },
      ],
    });
  });
});
