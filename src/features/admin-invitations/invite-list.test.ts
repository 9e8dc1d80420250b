import { describe, expect, it } from 'vitest';
import { writeSchemaOf } from '../../data/admin-data.ts';
import {
  countsOf,
  invitationWrites,
  inviteReportOf,
  newInvitationOf,
  outcomeOf,
  planInvitations,
  readInviteList,
  type InviteRequest,
  type PlannedInvite,
} from './invite-list.ts';

const EVENT = '00000000-0000-4000-8000-0000000000e1';
const OTHER_EVENT = '00000000-0000-4000-8000-0000000000e2';

let nextId = 1;
function buildRequest(overrides: Partial<InviteRequest> = {}): InviteRequest {
  return {
    id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
    event_id: EVENT,
    name: 'Grace Hopper',
    email: 'grace@navy.example',
    company: null,
    job_title: null,
    linkedin_url: null,
    reason: null,
    consent: true,
    status: 'pending',
    attendee_id: null,
    ...overrides,
  } as InviteRequest;
}

/** Reads `text` and plans it for EVENT, failing the test when the text is refused as a whole. */
async function plan(text: string, requests: readonly InviteRequest[] = []): Promise<PlannedInvite[]> {
  const list = await readInviteList(text);
  if (!list.ok) throw new Error(list.error);
  return planInvitations(list.rows, EVENT, requests);
}

describe('reading a list to invite', () => {
  it('matches headings loosely, as the attendee import does, and names the columns it does not use', async () => {
    const list = await readInviteList(
      ' Full Name ;E-MAIL;Organisation;Job-Title;LinkedIn;Bio\r\nAda Lovelace;Ada@Engines.Example;"Engines; Ltd";CDO;https://www.linkedin.com/in/ada;Poet\r\n',
    );
    expect(list).toEqual({
      ok: true,
      ignoredColumns: ['Bio'],
      rows: [
        {
          row: 2,
          values: {
            name: 'Ada Lovelace',
            email: 'Ada@Engines.Example',
            company: 'Engines; Ltd',
            job_title: 'CDO',
            linkedin_url: 'https://www.linkedin.com/in/ada',
          },
        },
      ],
    });
  });

  it('refuses a list without a name or e-mail column, an empty one and one that is not CSV, saying why', async () => {
    expect(await readInviteList('company,job_title\r\nAcme,CDO\r\n')).toEqual({
      ok: false,
      error: 'The first row must name the columns, including "name" and "email".',
    });
    expect(await readInviteList('')).toEqual({ ok: false, error: 'The list is empty.' });
    expect(await readInviteList('name,email\r\n"Ada,ada@example.org\r\n')).toEqual({
      ok: false,
      error: expect.stringMatching(/^This list is not valid CSV: A quoted field is never closed \(line 2\)$/) as string,
    });
  });
});

describe('planning the invitations of a list for one event', () => {
  it('invites new addresses, with the e-mail lower-cased and blank cells left out', async () => {
    const [row] = await plan('name,email,company\r\nAda Lovelace, ADA@Engines.Example ,\r\n');
    expect(row).toEqual({
      row: 2,
      values: { name: 'Ada Lovelace', email: 'ada@engines.example' },
      action: 'invite',
      reasons: [],
    });
    expect(outcomeOf(row!)).toBe('Will be invited');
  });

  it('turns a pending, waitlisted or declined request of the same address (any case) into an invitation, and leaves approved and invited ones', async () => {
    const requests = [
      buildRequest({ email: 'pending@example.org', status: 'pending' }),
      buildRequest({ email: 'waitlisted@example.org', status: 'waitlisted' }),
      buildRequest({ email: 'declined@example.org', status: 'declined' }),
      buildRequest({ email: 'approved@example.org', status: 'approved' }),
      buildRequest({ email: 'invited@example.org', status: 'invited' }),
      // Another event's request does not count for this one.
      buildRequest({ email: 'elsewhere@example.org', status: 'approved', event_id: OTHER_EVENT }),
    ];
    const rows = await plan(
      [
        'name,email',
        'P,Pending@Example.org',
        'W,waitlisted@example.org',
        'D,DECLINED@example.org',
        'A,approved@example.org',
        'I,invited@example.org',
        'E,elsewhere@example.org',
      ].join('\n'),
      requests,
    );
    expect(rows.map((row) => [row.action, 'existing' in row ? row.existing.status : undefined])).toEqual([
      ['reinvite', 'pending'],
      ['reinvite', 'waitlisted'],
      ['reinvite', 'declined'],
      ['keep', 'approved'],
      ['keep', 'invited'],
      ['invite', undefined],
    ]);
    expect(rows[0]).toMatchObject({ existing: { id: requests[0]?.id } });
    expect(rows.map(outcomeOf)).toEqual([
      'Already on the list (pending): will be invited',
      'Already on the list (waitlisted): will be invited',
      'Already on the list (declined): will be invited',
      'Already on the list (approved): left as is',
      'Already on the list (invited): left as is',
      'Will be invited',
    ]);
  });

  it('marks a later row with the address of an earlier one (any case) as a duplicate of it', async () => {
    const rows = await plan('name,email\nAda,ada@example.org\nBad,not-an-address\nAda again,ADA@example.org\n');
    expect(rows.map((row) => row.action)).toEqual(['invite', 'invalid', 'duplicate']);
    expect(outcomeOf(rows[2]!)).toBe('Duplicate of row 2 in this list');
  });

  it('says what the table would refuse in each invalid row', async () => {
    const rows = await plan(
      [
        'name,email,company,linkedin_url',
        ',nameless@example.org,,',
        'No Mail,,,',
        'Bad Mail,not-an-address,,',
        // The table accepts a domain without a dot; nobody can be mailed there.
        'Local Mail,someone@localhost,,',
        `Long Company,long@example.org,${'x'.repeat(301)},`,
        'Bad Link,link@example.org,,linkedin dot com',
        'Path Link,path@example.org,,/in/someone',
      ].join('\n'),
    );
    expect(rows.map(outcomeOf)).toEqual([
      'Invalid: Missing name',
      'Invalid: Missing e-mail',
      'Invalid: Invalid e-mail address: not-an-address',
      'Invalid: Invalid e-mail address: someone@localhost',
      'Invalid: Company is longer than 300 characters',
      'Invalid: Invalid URL in LinkedIn URL: linkedin dot com',
      'Invalid: Invalid URL in LinkedIn URL: /in/someone',
    ]);
    expect(countsOf(rows)).toEqual({ invite: 0, reinvite: 0, keep: 0, invalid: 7, duplicate: 0 });
  });

  it('counts what each row will do', async () => {
    const rows = await plan(
      'name,email\nA,a@example.org\nB,b@example.org\nB,b@example.org\nC,c@example.org\n,x@example.org\n',
      [
        buildRequest({ email: 'b@example.org', status: 'declined' }),
        buildRequest({ email: 'c@example.org', status: 'approved' }),
      ],
    );
    expect(countsOf(rows)).toEqual({ invite: 1, reinvite: 1, keep: 1, invalid: 1, duplicate: 1 });
  });
});

describe('the request an invited row makes', () => {
  it('is an invitation to the event that the table accepts, blank columns NULL', () => {
    const invitation = newInvitationOf(EVENT, { name: 'Ada Lovelace', email: 'ada@example.org', job_title: 'CDO' });
    expect(invitation).toEqual({
      event_id: EVENT,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      company: null,
      job_title: 'CDO',
      linkedin_url: null,
      status: 'invited',
    });
    expect(writeSchemaOf('invite_requests').safeParse(invitation).success).toBe(true);
  });
});

describe('inviting a planned list', () => {
  it('writes invitations and re-invitations only, and reports every row in the order of the list', async () => {
    // A request someone else made under B's address, with their own name, company and link.
    const declined = buildRequest({
      email: 'b@example.org',
      status: 'declined',
      name: 'Not B',
      company: 'Impostors Ltd',
      job_title: 'Chief Pretender',
      linkedin_url: 'https://impostor.example/b',
    });
    const rows = await plan(
      'name,email,company\nA,a@example.org,\nB,b@example.org,Bee Corp\nB,b@example.org,\nC,c@example.org,\n',
      [declined, buildRequest({ email: 'c@example.org', status: 'approved' })],
    );
    const writes = invitationWrites(rows, EVENT);
    expect(writes.map(({ subject, change }) => [subject.row, change])).toEqual([
      [2, { insert: newInvitationOf(EVENT, { name: 'A', email: 'a@example.org' }) }],
      // The list's details replace the request's, blanks included.
      [
        3,
        {
          id: declined.id,
          patch: { status: 'invited', name: 'B', company: 'Bee Corp', job_title: null, linkedin_url: null },
        },
      ],
    ]);
    const report = inviteReportOf(rows, [
      { subject: writes[0]!.subject, outcome: 'failed', message: 'Quota exceeded' },
      { subject: writes[1]!.subject, outcome: 'patched' },
    ]);
    expect(report).toEqual({
      invited: 0,
      updated: 1,
      skipped: [
        { row: 4, reason: 'Duplicate of row 3 in this list' },
        { row: 5, reason: 'Already on the list (approved): left as is' },
      ],
      failed: [{ row: 2, reason: 'Quota exceeded' }],
    });
  });
});
