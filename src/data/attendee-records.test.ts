import { describe, expect, it } from 'vitest';
import {
  isImageUrl,
  isValidEmail,
  isWebUrl,
  needsBio,
  needsLogo,
  newestFirst,
  type Attendee,
} from './attendee-records.ts';

function buildAttendee(overrides: Partial<Attendee> = {}): Attendee {
  return {
    id: crypto.randomUUID(),
    name: 'Ada Lovelace',
    email: 'ada@engines.example',
    company: null,
    job_title: null,
    photo_url: null,
    company_logo_url: null,
    bio: null,
    linkedin_url: null,
    priorities: null,
    current_focus: null,
    future_focus: null,
    ...overrides,
  };
}

describe('which attendees the bulk jobs pick', () => {
  it('fetches logos for attendees with a company and no logo', () => {
    expect(needsLogo(buildAttendee({ company: 'Acme' }))).toBe(true);
    expect(needsLogo(buildAttendee({ company: 'Acme', company_logo_url: '' }))).toBe(true);
    expect(needsLogo(buildAttendee({ company: 'Acme', company_logo_url: 'https://logo.example/acme.com' }))).toBe(
      false,
    );
    expect(needsLogo(buildAttendee({ company: '  ' }))).toBe(false);
  });

  it('scrapes attendees with a LinkedIn URL and a blank or null bio', () => {
    const linkedin_url = 'https://www.linkedin.com/in/ada';
    expect(needsBio(buildAttendee({ linkedin_url }))).toBe(true);
    expect(needsBio(buildAttendee({ linkedin_url, bio: '  ' }))).toBe(true);
    expect(needsBio(buildAttendee({ linkedin_url, bio: 'Leads data.' }))).toBe(false);
    expect(needsBio(buildAttendee({ linkedin_url: '' }))).toBe(false);
  });
});

describe('the admin list order', () => {
  it('puts the latest registration first, and a record not yet back from the server before all', () => {
    const older = buildAttendee({ name: 'Older', registered_at: '2026-01-01T09:00:00+00:00' });
    const newer = buildAttendee({ name: 'Newer', registered_at: '2026-06-01T09:00:00.5+00:00' });
    const unsynced = buildAttendee({ name: 'Just added' });
    expect([older, unsynced, newer].sort(newestFirst).map((a) => a.name)).toEqual(['Just added', 'Newer', 'Older']);
  });
});

describe('field checks shared with the database', () => {
  it('accepts the addresses the table accepts, once lower-cased', () => {
    expect(isValidEmail(' Ada@Engines.Example ')).toBe(true);
    expect(isValidEmail('ada@localhost')).toBe(false);
    expect(isValidEmail('not an address')).toBe(false);
  });

  it('tells web URLs and site paths apart', () => {
    expect(isWebUrl('https://www.linkedin.com/in/ada')).toBe(true);
    expect(isWebUrl('linkedin.com/in/ada')).toBe(false);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    // Forms the browser's parser takes and the table refuses (private.is_safe_url).
    for (const typo of [
      'https:/www.linkedin.com/in/ada',
      'https:www.linkedin.com/in/ada',
      'https:///www.linkedin.com/in/ada',
      'https://www.linkedin.com\\in\\ada',
    ]) {
      expect(isWebUrl(typo), typo).toBe(false);
    }
    expect(isImageUrl('/demo/people/ada.webp')).toBe(true);
    expect(isImageUrl('//evil.example/x.png')).toBe(false);
  });
});
