import { describe, expect, it } from 'vitest';
import { sameContent } from './same-content.ts';

const guest = (id: string, name: string, created_at = '2026-11-28T19:44:47.051+00:00') => ({
  id,
  created_at,
  attendee: { id: `a-${id}`, name, company: null, priorities: 'Talent, Data quality' },
});

describe('whether two answers of a read hold the same content', () => {
  it('takes the replica’s answer for the server’s when only the order of rows and the form of timestamps differ', () => {
    const server = {
      event: { id: 'e1', title: 'London', start_date: '2027-01-05T09:00:00+00:00' },
      attendees: [guest('1', 'Ada'), guest('2', 'Bram')],
    };
    const replica = {
      attendees: [guest('2', 'Bram', '2026-11-28T19:44:47.051Z'), guest('1', 'Ada', '2026-11-28T19:44:47.051Z')],
      event: { title: 'London', id: 'e1', start_date: '2027-01-05T09:00:00.000Z', subheading: undefined },
    };
    expect(sameContent(server, replica)).toBe(true);
    expect(sameContent(replica, server)).toBe(true);
  });

  it('tells any change a visitor could see', () => {
    const page = {
      event: { id: 'e1', title: 'London', start_date: '2027-01-05T09:00:00Z' },
      attendees: [guest('1', 'Ada'), guest('2', 'Bram')],
    };
    const changed = (change: (copy: typeof page) => void) => {
      const copy = structuredClone(page);
      change(copy);
      return sameContent(page, copy);
    };
    expect(changed(() => undefined)).toBe(true);
    expect(changed((copy) => (copy.event.title = 'London 2027'))).toBe(false);
    expect(changed((copy) => (copy.event.start_date = '2027-01-05T10:00:00Z'))).toBe(false);
    expect(changed((copy) => (copy.attendees[1]!.attendee.name = 'Bram V.'))).toBe(false);
    expect(changed((copy) => copy.attendees.pop())).toBe(false);
    expect(changed((copy) => (copy.attendees[1] = guest('3', 'Bram')))).toBe(false);
    expect(changed((copy) => ((copy.event as Record<string, unknown>).location = 'Hall 2'))).toBe(false);
    expect(changed((copy) => ((copy.attendees[0]!.attendee as Record<string, unknown>).company = 'Acme'))).toBe(false);
  });

  it('keeps the order of lists that are not rows, and never takes a text for an instant', () => {
    expect(sameContent(['Talent', 'Data quality'], ['Data quality', 'Talent'])).toBe(false);
    expect(sameContent(['Talent', 'Data quality'], ['Talent', 'Data quality'])).toBe(true);
    expect(sameContent('2027-01-05T09:00:00Z', '2027-01-05 09:00:00+00')).toBe(true);
    expect(sameContent('2027-01-05', '2027-01-05T00:00:00Z')).toBe(false);
    expect(sameContent('Monday 9:00', 'Monday 09:00')).toBe(false);
    expect(sameContent([guest('1', 'Ada'), guest('1', 'Ada')], [guest('1', 'Ada'), guest('2', 'Ada')])).toBe(false);
    expect(sameContent(null, {})).toBe(false);
    expect(sameContent(0, false)).toBe(false);
  });
});
