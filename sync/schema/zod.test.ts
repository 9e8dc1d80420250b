/** The zod schemas refuse what the database's constraints refuse, so forms catch it first. */
import { describe, expect, it } from 'vitest';
import { rowSchemaOf, writeSchemaOf } from './zod.ts';

describe('zod schemas derived from the migrations', () => {
  it('accepts a testimonial as a form writes it and refuses what the checks refuse', () => {
    const schema = writeSchemaOf('testimonials');
    const valid = { name: 'Grace', quote: 'Worth the trip.', rating: 5, event_id: null };
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, rating: 9 }).success).toBe(false);
    expect(schema.safeParse({ ...valid, name: '   ' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, photo_url: 'javascript:alert(1)' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, photo_url: '/demo/people/grace.webp' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, photo_url: 'https://cdn.example.com/g.png' }).success).toBe(true);
  });

  it('knows the value lists, colours and lists of points', () => {
    expect(
      writeSchemaOf('event_attendees').safeParse({
        event_id: crypto.randomUUID(),
        attendee_id: crypto.randomUUID(),
        attendee_type: 'vip',
      }).success,
    ).toBe(false);
    expect(writeSchemaOf('sponsor_tiers').safeParse({ name: 'Gold', color: 'hsl(45 90% 50%)' }).success).toBe(true);
    expect(writeSchemaOf('sponsor_tiers').safeParse({ name: 'Gold', color: 'url(x)' }).success).toBe(false);
    const event = { title: 'T', start_date: '2027-01-01T00:00:00Z', end_date: '2027-01-01T01:00:00Z' };
    expect(writeSchemaOf('events').safeParse({ ...event, why_attend: Array(51).fill('x') }).success).toBe(false);
    expect(writeSchemaOf('events').safeParse({ ...event, slug: 'Not A Slug' }).success).toBe(false);
  });

  it('lets a row read with the anon key come without an e-mail', () => {
    const row = {
      id: 'bf455865-27be-7670-451f-3faa73c5c10d',
      name: 'Ada',
      company: null,
      job_title: null,
      photo_url: null,
      company_logo_url: null,
      bio: null,
      linkedin_url: null,
      priorities: null,
      current_focus: null,
      future_focus: null,
      registered_at: '2026-11-22T02:33:07.397+00:00',
      _modified: '2026-11-22T02:33:07.397+00:00',
      _deleted: false,
    };
    expect(rowSchemaOf('attendees').safeParse(row).success).toBe(true);
    expect(rowSchemaOf('attendees').safeParse({ ...row, email: 'not an address' }).success).toBe(false);
  });
});
