import { describe, expect, it } from 'vitest';
import {
  countByStatus,
  matchesSearch,
  requestsNewestFirst,
  seatsLine,
  seatsTaken,
  type InviteRequest,
} from './invite-queue.ts';

function request(overrides: Partial<InviteRequest>): InviteRequest {
  return {
    id: crypto.randomUUID(),
    event_id: 'event-a',
    name: 'Ada Lovelace',
    email: 'ada@analytical.example',
    company: 'Analytical Engines',
    job_title: 'Chief Data Officer',
    linkedin_url: null,
    reason: null,
    consent: true,
    status: 'pending',
    created_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  } as InviteRequest;
}

describe('the approval queue', () => {
  it('counts the requests of each status, every status present even at zero', () => {
    const counts = countByStatus([
      request({ status: 'pending' }),
      request({ status: 'pending' }),
      request({ status: 'approved' }),
      request({ status: 'invited' }),
    ]);
    expect(counts).toEqual({ pending: 2, approved: 1, declined: 0, waitlisted: 0, invited: 1 });
  });

  it('finds a request by part of its name, e-mail or company, in any case, and everything for a blank search', () => {
    const ada = request({});
    expect(matchesSearch(ada, 'lovel')).toBe(true);
    expect(matchesSearch(ada, ' ANALYTICAL.EXAMPLE ')).toBe(true);
    expect(matchesSearch(ada, 'engines')).toBe(true);
    expect(matchesSearch(ada, 'chief')).toBe(false);
    expect(matchesSearch(request({ company: null }), 'engines')).toBe(false);
    expect(matchesSearch(ada, '   ')).toBe(true);
  });

  it('lists the newest requests first, then by name', () => {
    const older = request({ name: 'Older', created_at: '2026-11-01T09:00:00Z' });
    const newer = request({ name: 'Newer', created_at: '2026-11-02T09:00:00.000000+00:00' });
    const same = request({ name: 'Another', created_at: '2026-11-02T09:00:00.000Z' });
    expect([older, newer, same].sort(requestsNewestFirst).map((r) => r.name)).toEqual(['Another', 'Newer', 'Older']);
  });

  it("counts an event's seats as its current attendees and guests approved or invited, each once, and says '32 of 40 seats'", () => {
    const rows = [
      // Linked by the server to attendee 'ada', who is also on the event's list.
      request({ status: 'approved', attendee_id: 'ada' }),
      // Decided offline: not linked yet.
      request({ status: 'invited', attendee_id: null }),
      request({ status: 'pending' }),
      request({ status: 'declined', attendee_id: 'dan' }),
      request({ status: 'waitlisted' }),
      request({ status: 'approved', event_id: 'event-b' }),
    ];
    const links = [
      { event_id: 'event-a', attendee_id: 'ada', attendee_type: 'current' },
      // Added by an admin, no request.
      { event_id: 'event-a', attendee_id: 'bo', attendee_type: 'current' },
      { event_id: 'event-a', attendee_id: 'cy', attendee_type: 'past' },
      { event_id: 'event-b', attendee_id: 'eve', attendee_type: 'current' },
    ];
    expect(seatsTaken(rows, links, 'event-a')).toBe(3);
    expect(seatsTaken([], links, 'event-b')).toBe(1);
    expect(seatsLine(32, 40)).toBe('32 of 40 seats');
    expect(seatsLine(0, 1)).toBe('0 of 1 seat');
    expect(seatsLine(5, null)).toBeNull();
  });
});
