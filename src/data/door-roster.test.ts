import { describe, expect, it } from 'vitest';
import {
  checkedInCount,
  guestOfKey,
  rosterGuest,
  rosterOf,
  walkInKey,
  type AttendeeRow,
  type CheckInRow,
  type RosterInput,
} from './door-roster.ts';

const EVENT = 'event-door';
const OTHER = 'event-other';

const ada: AttendeeRow = {
  id: 'att-ada',
  name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  company: 'Analytical Engines',
  job_title: 'Chief Data Officer',
  photo_url: 'https://example.com/ada.jpg',
  registered_at: '2026-01-01T00:00:00.000Z',
};
const grace: AttendeeRow = {
  id: 'att-grace',
  name: 'Grace Hopper',
  email: 'grace@navy.example',
  company: 'Navy',
  job_title: null,
  photo_url: null,
  registered_at: '2026-01-02T00:00:00.000Z',
};

let made = 0;
function checkIn(overrides: Partial<CheckInRow>): CheckInRow {
  made += 1;
  return {
    id: `ci-${String(made).padStart(3, '0')}`,
    event_id: EVENT,
    attendee_id: null,
    undoes: null,
    device_id: 'a1b2c3d4-0000-4000-8000-00000000000a',
    device_label: null,
    checked_in_at: '2026-11-27T09:00:00.000Z',
    walk_in_name: null,
    walk_in_email: null,
    walk_in_company: null,
    walk_in_job_title: null,
    ...overrides,
  };
}

function input(checkIns: CheckInRow[], extra: Partial<RosterInput> = {}): RosterInput {
  return {
    eventId: EVENT,
    eventAttendees: [
      { event_id: EVENT, attendee_id: ada.id, attendee_type: 'current' },
      { event_id: EVENT, attendee_id: grace.id, attendee_type: 'current' },
      { event_id: OTHER, attendee_id: 'att-elsewhere', attendee_type: 'current' },
    ],
    attendees: [ada, grace],
    requests: [
      { id: 'req-ada', event_id: EVENT, attendee_id: ada.id, status: 'approved', guest_token: 'a'.repeat(64) },
      { id: 'req-grace', event_id: EVENT, attendee_id: grace.id, status: 'declined', guest_token: 'b'.repeat(64) },
    ],
    checkIns,
    ...extra,
  };
}

describe('the roster at the door', () => {
  it("lists the event's current attendees by name, none in, with the token of an approved request", () => {
    const roster = rosterOf(input([]));
    expect(roster.map((guest) => guest.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(roster[0]).toMatchObject({
      key: ada.id,
      attendeeId: ada.id,
      company: 'Analytical Engines',
      photoUrl: 'https://example.com/ada.jpg',
      requestId: 'req-ada',
      token: 'a'.repeat(64),
      walkIn: false,
      checkedInAt: null,
      liveCheckInIds: [],
    });
    // A declined request is no code for the door.
    expect(roster[1]).toMatchObject({ requestId: null, token: null });
    expect(checkedInCount(roster)).toBe(0);
  });

  it('shows the earliest live check-in of any device, and an undo on one device of a check-in made on another', () => {
    const onA = checkIn({
      attendee_id: ada.id,
      device_id: 'a1b2c3d4-0000-4000-8000-00000000000a',
      device_label: 'Door phone 1',
      checked_in_at: '2026-11-27T09:05:00.000Z',
    });
    const onB = checkIn({
      attendee_id: ada.id,
      device_id: 'b1c2d3e4-0000-4000-8000-00000000000b',
      checked_in_at: '2026-11-27T09:02:00.000Z',
    });
    const otherEvent = checkIn({ event_id: OTHER, attendee_id: grace.id });

    let [first] = rosterOf(input([onA, onB, otherEvent]));
    expect(first).toMatchObject({ checkedInAt: '2026-11-27T09:02:00.000Z', checkedInOn: 'Device B1C2' });
    expect(first!.liveCheckInIds).toEqual([onA.id, onB.id].sort());

    // Device C undoes B's check-in only: A's still counts, so Ada stays in, at A's time.
    const undoB = checkIn({ undoes: onB.id, attendee_id: ada.id, device_id: 'c1d2e3f4-0000-4000-8000-00000000000c' });
    [first] = rosterOf(input([onA, onB, undoB]));
    expect(first).toMatchObject({
      checkedInAt: '2026-11-27T09:05:00.000Z',
      checkedInOn: 'Door phone 1',
      liveCheckInIds: [onA.id],
    });

    // Undoing A's too: out; checking in again later: in at the new time.
    const undoA = checkIn({ undoes: onA.id, device_id: 'b1c2d3e4-0000-4000-8000-00000000000b' });
    let roster = rosterOf(input([onA, onB, undoB, undoA]));
    expect(roster[0]).toMatchObject({ checkedInAt: null, checkedInOn: null, liveCheckInIds: [] });
    expect(checkedInCount(roster)).toBe(0);
    const again = checkIn({ attendee_id: ada.id, checked_in_at: '2026-11-27T10:00:00.000Z' });
    roster = rosterOf(input([onA, onB, undoB, undoA, again]));
    expect(roster[0]).toMatchObject({ checkedInAt: '2026-11-27T10:00:00.000Z', liveCheckInIds: [again.id] });
    expect(checkedInCount(roster)).toBe(1);
  });

  it('counts a walk-in taken on two devices by the same e-mail once, before and after the server linked them', () => {
    const onA = checkIn({
      walk_in_name: 'Katherine Johnson',
      walk_in_email: 'Kat@NASA.example',
      walk_in_company: 'NASA',
      device_id: 'a1b2c3d4-0000-4000-8000-00000000000a',
      checked_in_at: '2026-11-27T09:10:00.000Z',
    });
    const onB = checkIn({
      walk_in_name: 'K. Johnson',
      walk_in_email: 'kat@nasa.example',
      device_id: 'b1c2d3e4-0000-4000-8000-00000000000b',
      checked_in_at: '2026-11-27T09:11:00.000Z',
    });
    let roster = rosterOf(input([onA, onB]));
    expect(roster).toHaveLength(3);
    const before = roster.find((guest) => guest.walkIn)!;
    expect(before).toMatchObject({
      key: 'walk-in:kat@nasa.example',
      attendeeId: null,
      name: 'Katherine Johnson',
      email: 'kat@nasa.example',
      company: 'NASA',
      checkedInAt: '2026-11-27T09:10:00.000Z',
      checkedInOn: 'Device A1B2',
    });
    expect(before.liveCheckInIds).toEqual([onA.id, onB.id]);
    expect(checkedInCount(roster)).toBe(1);

    // The server linked A's row (pulled back with the attendee and the event link); B's is still local.
    const katherine: AttendeeRow = {
      id: 'att-kat',
      name: 'Katherine Johnson',
      email: 'kat@nasa.example',
      company: 'NASA',
      job_title: null,
      photo_url: null,
    };
    const linked = { ...input([{ ...onA, attendee_id: katherine.id }, onB]) };
    linked.attendees = [ada, grace, katherine];
    linked.eventAttendees = [
      ...linked.eventAttendees,
      { event_id: EVENT, attendee_id: katherine.id, attendee_type: 'current' },
    ];
    roster = rosterOf(linked);
    expect(roster).toHaveLength(3);
    const after = roster.find((guest) => guest.walkIn)!;
    expect(after).toMatchObject({
      key: katherine.id,
      attendeeId: katherine.id,
      checkedInAt: '2026-11-27T09:10:00.000Z',
    });
    expect(after.liveCheckInIds).toEqual([onA.id, onB.id]);

    // Both linked: still one guest.
    linked.checkIns = [
      { ...onA, attendee_id: katherine.id },
      { ...onB, attendee_id: katherine.id },
    ];
    expect(rosterOf(linked).filter((guest) => guest.walkIn)).toHaveLength(1);
  });

  it('takes a walk-in whose e-mail is an attendee already as that attendee', () => {
    const walkIn = checkIn({ walk_in_name: 'Grace', walk_in_email: 'GRACE@navy.example' });
    const roster = rosterOf(input([walkIn]));
    expect(roster).toHaveLength(2);
    expect(roster[1]).toMatchObject({ key: grace.id, name: 'Grace Hopper', walkIn: true, liveCheckInIds: [walkIn.id] });
  });

  it('lists no one for a walk-in whose check-in was undone, and lists them again when taken again', () => {
    // A mistyped address, undone on this phone before the server linked it, then the right one.
    const typo = checkIn({ walk_in_name: 'Katherine Johnson', walk_in_email: 'kat@nasa.exmaple' });
    const undoTypo = checkIn({ undoes: typo.id });
    const right = checkIn({ walk_in_name: 'Katherine Johnson', walk_in_email: 'kat@nasa.example' });
    let roster = rosterOf(input([typo, undoTypo, right]));
    expect(roster.map((guest) => guest.key)).toEqual([ada.id, grace.id, walkInKey('kat@nasa.example')]);
    expect(checkedInCount(roster)).toBe(1);

    // Linked by the server, which then took the undone one's link off the list: still not listed.
    roster = rosterOf(
      input([
        { ...typo, attendee_id: 'att-typo' },
        { ...undoTypo, attendee_id: 'att-typo' },
      ]),
    );
    expect(roster.map((guest) => guest.key)).toEqual([ada.id, grace.id]);

    // Taken again later: listed, in, and a walk-in.
    const again = checkIn({ walk_in_name: 'Katherine Johnson', walk_in_email: 'kat@nasa.exmaple' });
    roster = rosterOf(input([typo, undoTypo, again]));
    expect(roster.find((guest) => guest.key === walkInKey('kat@nasa.exmaple'))).toMatchObject({
      walkIn: true,
      liveCheckInIds: [again.id],
    });
  });

  it('keeps the walk-in mark of a guest something else keeps on the list after their walk-in was undone', () => {
    const walkIn = checkIn({ attendee_id: grace.id, walk_in_name: 'Grace', walk_in_email: 'grace@navy.example' });
    const roster = rosterOf(input([walkIn, checkIn({ undoes: walkIn.id, attendee_id: grace.id })]));
    expect(roster[1]).toMatchObject({ key: grace.id, walkIn: true, checkedInAt: null, liveCheckInIds: [] });
  });

  it('keeps a guest in when one of two live check-ins is undone, and out once both are', () => {
    const first = checkIn({ attendee_id: grace.id, checked_in_at: '2026-11-27T09:00:00.000Z' });
    const second = checkIn({
      attendee_id: grace.id,
      device_id: 'b1c2d3e4-0000-4000-8000-00000000000b',
      checked_in_at: '2026-11-27T09:01:00.000Z',
    });
    const undoFirst = checkIn({ undoes: first.id, device_id: 'b1c2d3e4-0000-4000-8000-00000000000b' });
    let grace1 = rosterOf(input([first, second, undoFirst]))[1]!;
    expect(grace1).toMatchObject({
      checkedInAt: '2026-11-27T09:01:00.000Z',
      checkedInOn: 'Device B1C2',
      liveCheckInIds: [second.id],
    });
    const undoSecond = checkIn({ undoes: second.id });
    grace1 = rosterOf(input([first, second, undoFirst, undoSecond]))[1]!;
    expect(grace1.checkedInAt).toBeNull();
  });

  it("names a guest whose attendee row has not arrived yet as their request does, not 'Unknown guest'", () => {
    // Approved on the server a moment ago: the link and the request are here, the attendee row not yet.
    const roster = rosterOf(
      input([checkIn({ attendee_id: 'att-new' })], {
        eventAttendees: [{ event_id: EVENT, attendee_id: 'att-new', attendee_type: 'current' }],
        requests: [
          {
            id: 'req-new',
            event_id: EVENT,
            attendee_id: 'att-new',
            status: 'approved',
            name: 'Katherine Johnson ',
            email: 'Katherine@NASA.example',
            company: 'NASA',
            job_title: 'Chief Analytics Officer',
            guest_token: 'c'.repeat(64),
          },
        ],
      }),
    );
    expect(roster).toEqual([
      expect.objectContaining({
        key: 'att-new',
        attendeeId: 'att-new',
        name: 'Katherine Johnson',
        email: 'katherine@nasa.example',
        company: 'NASA',
        jobTitle: 'Chief Analytics Officer',
        requestId: 'req-new',
        checkedInAt: '2026-11-27T09:00:00.000Z',
      }),
    ]);
  });

  it('leaves out past attendees and rows of other events', () => {
    const roster = rosterOf(
      input([checkIn({ event_id: OTHER, attendee_id: 'att-elsewhere' })], {
        eventAttendees: [
          { event_id: EVENT, attendee_id: ada.id, attendee_type: 'past' },
          { event_id: EVENT, attendee_id: grace.id, attendee_type: 'current' },
        ],
      }),
    );
    expect(roster.map((guest) => guest.key)).toEqual([grace.id]);
  });

  it('starts a guest known by key and name alone with no details, no code and not in', () => {
    const guest = rosterGuest({ key: walkInKey('kat@nasa.example'), name: 'Katherine Johnson', walkIn: true });
    const { key, name, walkIn, ...unknown } = guest;
    expect({ key, name, walkIn }).toEqual({ key: 'walk-in:kat@nasa.example', name: 'Katherine Johnson', walkIn: true });
    // Every other field: null, or no check-ins.
    expect(Object.entries(unknown).filter(([field, value]) => value !== null && field !== 'liveCheckInIds')).toEqual(
      [],
    );
    expect(unknown.liveCheckInIds).toEqual([]);
  });

  it('finds a guest by the key taken for them, a walk-in by e-mail once the server has linked them', () => {
    const taken = walkInKey('kat@nasa.example');
    const walkIn = checkIn({ walk_in_name: 'Katherine Johnson', walk_in_email: 'Kat@NASA.example' });
    const before = rosterOf(input([walkIn]));
    expect(guestOfKey(before, taken)?.name).toBe('Katherine Johnson');
    expect(guestOfKey(before, ada.id)?.name).toBe(ada.name);
    // Linked: the server made her attendee, and her pulled check-in names it.
    const kat: AttendeeRow = { ...grace, id: 'att-kat', name: 'Katherine Johnson', email: 'Kat@NASA.example' };
    const after = rosterOf(input([{ ...walkIn, attendee_id: kat.id }], { attendees: [ada, grace, kat] }));
    expect(guestOfKey(after, taken)?.key).toBe(kat.id);
    expect(guestOfKey(after, walkInKey('nobody@nasa.example'))).toBeUndefined();
    expect(guestOfKey(after, 'att-unknown')).toBeUndefined();
  });
});
