import { describe, expect, it } from 'vitest';
import type { TableName } from '../schema/types.ts';
import { FIRST_PULL_ORDER, scheduleFirstPulls } from './first-pulls.ts';
import { TABLE_NAMES } from '../schema/types.ts';

/** A first pull that the test finishes by hand. */
function controlledPulls() {
  const started: TableName[] = [];
  const resumed: TableName[] = [];
  const finishers = new Map<TableName, () => void>();
  return {
    started,
    resumed,
    pull: (table: TableName) =>
      new Promise<void>((resolve) => {
        started.push(table);
        finishers.set(table, resolve);
      }),
    resume: (table: TableName) => void resumed.push(table),
    finish: async (table: TableName) => {
      finishers.get(table)?.();
      // Let the queue start what comes next.
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a replica's first full pulls", () => {
  it('cover every replicated table once', () => {
    expect([...FIRST_PULL_ORDER].sort()).toEqual([...TABLE_NAMES].sort());
  });

  it('start with events, a few tables at a time, the next one as soon as one is done', async () => {
    const pulls = controlledPulls();
    const queue = scheduleFirstPulls({ order: FIRST_PULL_ORDER, first: ['events'], concurrency: 2, ...pulls });
    queue.start(new Set());
    await settle();
    expect(pulls.started).toEqual(['events', 'testimonials']);
    await pulls.finish('testimonials');
    expect(pulls.started).toEqual(['events', 'testimonials', 'videos']);
    expect(queue.waiting()).toEqual(FIRST_PULL_ORDER.slice(3));
  });

  it('the tables the page on screen reads go next, after events', async () => {
    const pulls = controlledPulls();
    const queue = scheduleFirstPulls({ order: FIRST_PULL_ORDER, first: ['events'], concurrency: 1, ...pulls });
    // The event page asked before the leading tab started pulling: events still come first.
    queue.prioritize(['sessions', 'session_speakers', 'events']);
    queue.start(new Set());
    await settle();
    expect(pulls.started).toEqual(['events']);
    expect(queue.waiting().slice(0, 2)).toEqual(['sessions', 'session_speakers']);
    // A later page's tables move ahead of what has not started yet.
    queue.prioritize(['event_gallery']);
    await pulls.finish('events');
    expect(pulls.started).toEqual(['events', 'event_gallery']);
  });

  it('a returning visitor resumes the tables it has pulled before at once, and queues only the others', async () => {
    const pulls = controlledPulls();
    const queue = scheduleFirstPulls({ order: FIRST_PULL_ORDER, first: ['events'], concurrency: 1, ...pulls });
    queue.start(new Set<TableName>(FIRST_PULL_ORDER.filter((table) => table !== 'attendees')));
    await settle();
    expect(pulls.resumed).toHaveLength(FIRST_PULL_ORDER.length - 1);
    expect(pulls.started).toEqual(['attendees']);
  });

  it('a table whose pull fails does not hold back the others', async () => {
    const started: TableName[] = [];
    const queue = scheduleFirstPulls({
      order: ['events', 'videos', 'attendees'],
      first: ['events'],
      concurrency: 1,
      resume: () => undefined,
      pull: async (table) => {
        started.push(table);
        if (table === 'events') throw new Error('network');
      },
    });
    queue.start(new Set());
    await settle();
    await settle();
    expect(started).toEqual(['events', 'videos', 'attendees']);
  });

  it('settles once every table has pulled or failed once, so that realtime can start', async () => {
    const pulls = controlledPulls();
    const queue = scheduleFirstPulls({
      order: ['events', 'videos'],
      first: ['events'],
      concurrency: 2,
      ...pulls,
    });
    let settled = false;
    void queue.settled().then(() => (settled = true));
    queue.start(new Set());
    await settle();
    await pulls.finish('events');
    expect(settled).toBe(false);
    await pulls.finish('videos');
    expect(settled).toBe(true);
  });

  it('a returning visitor with every table pulled before is settled at once', async () => {
    const pulls = controlledPulls();
    const queue = scheduleFirstPulls({ order: FIRST_PULL_ORDER, first: ['events'], concurrency: 4, ...pulls });
    queue.start(new Set(FIRST_PULL_ORDER));
    await expect(queue.settled()).resolves.toBeUndefined();
    expect(pulls.started).toEqual([]);
  });

  it('starts nothing more once stopped', async () => {
    const pulls = controlledPulls();
    const queue = scheduleFirstPulls({ order: FIRST_PULL_ORDER, first: ['events'], concurrency: 1, ...pulls });
    queue.start(new Set());
    queue.stop();
    await pulls.finish('events');
    expect(pulls.started).toEqual(['events']);
  });
});
