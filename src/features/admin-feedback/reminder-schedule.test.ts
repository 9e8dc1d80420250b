import { describe, expect, it } from 'vitest';
import { feedbackRequestAt, formatScheduleTime, guestCount, reminderSchedule } from './reminder-schedule.ts';

describe('reminder schedule', () => {
  it('puts the reminders at 9:00 the day before and 7:00 on the day, on the venue clock', () => {
    // Tuesday 10 March 2026, 7:00 PM in Dubai.
    const [dayBefore, morning] = reminderSchedule({
      start_date: '2026-03-10T15:00:00Z',
      end_date: '2026-03-10T19:00:00Z',
      time_zone: 'Asia/Dubai',
    });
    expect(dayBefore!.at.toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(formatScheduleTime(dayBefore!.at, 'Asia/Dubai')).toBe('Mon 9 Mar 9:00 AM GST');
    expect(`Reminders: ${formatScheduleTime(dayBefore!.at, 'Asia/Dubai')} to ${guestCount(34)}`).toBe(
      'Reminders: Mon 9 Mar 9:00 AM GST to 34 guests',
    );
    expect(morning!.at.toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(dayBefore!.on && morning!.on && dayBefore!.beforeStart && morning!.beforeStart).toBe(true);
  });

  it('keeps the hour across a summer-time change, whatever zone the machine is in', () => {
    // London's clocks go forward on Sunday 29 March 2026; the event is on Monday 30 March.
    const [dayBefore, morning] = reminderSchedule({
      start_date: '2026-03-30T08:00:00Z',
      end_date: '2026-03-30T16:00:00Z',
      time_zone: 'Europe/London',
      reminder_morning: false,
    });
    expect(dayBefore!.at.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(formatScheduleTime(dayBefore!.at, 'Europe/London')).toBe('Sun 29 Mar 9:00 AM BST');
    expect(formatScheduleTime(morning!.at, 'Europe/London')).toBe('Mon 30 Mar 7:00 AM BST');
    expect(morning!.on).toBe(false);
    // A week earlier the same hour is 09:00 UTC.
    const [winter] = reminderSchedule({
      start_date: '2026-03-23T09:00:00Z',
      end_date: '2026-03-23T16:00:00Z',
      time_zone: 'Europe/London',
    });
    expect(winter!.at.toISOString()).toBe('2026-03-22T09:00:00.000Z');
  });

  it('says an early start has no morning reminder, and puts the feedback request after the end', () => {
    const event = { start_date: '2026-06-01T05:00:00Z', end_date: '2026-06-01T09:00:00Z', time_zone: 'UTC' };
    expect(reminderSchedule(event)[1]!.beforeStart).toBe(false);
    expect(feedbackRequestAt(event).toISOString()).toBe('2026-06-01T11:00:00.000Z');
    expect(feedbackRequestAt({ ...event, feedback_delay_minutes: 1440 }).toISOString()).toBe(
      '2026-06-02T09:00:00.000Z',
    );
    expect(formatScheduleTime(new Date('2026-06-01T11:00:00Z'), 'UTC')).toBe('Mon 1 Jun 11:00 AM UTC');
    expect(formatScheduleTime(new Date('2026-06-01T11:00:00Z'), 'Asia/Almaty')).toBe('Mon 1 Jun 4:00 PM UTC+5');
    expect(guestCount(1)).toBe('1 guest');
  });
});
