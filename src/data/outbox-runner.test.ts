import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutboxRunner, type OutboxRunnerHost } from './outbox-runner.ts';

/** An outbox of items each due at a time, and a page to run it in, with every send recorded. */
function setUp(options: { locks?: LockManager } = {}) {
  const due = new Map<string, number>();
  const sent: string[] = [];
  let changedElsewhere = 0;
  let visibilityState: DocumentVisibilityState = 'visible';
  const page = new EventTarget();
  const view = Object.defineProperty(new EventTarget(), 'visibilityState', {
    get: () => visibilityState,
  }) as EventTarget & {
    readonly visibilityState: DocumentVisibilityState;
  };
  const host: OutboxRunnerHost = { window: page, document: view, locks: options.locks };
  const runner = createOutboxRunner(
    {
      key: 'outbox',
      nextAttemptAt: () => (due.size ? Math.min(...due.values()) : null),
      async sendDue() {
        for (const [item, at] of [...due]) {
          if (at > Date.now()) continue;
          sent.push(item);
          due.delete(item);
        }
      },
      allDueNow() {
        for (const item of due.keys()) due.set(item, Date.now());
      },
      changedElsewhere: () => (changedElsewhere += 1),
    },
    () => host,
  );
  return {
    runner,
    due,
    sent,
    page,
    changedElsewhere: () => changedElsewhere,
    show(state: DocumentVisibilityState) {
      visibilityState = state;
      view.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

/** A StorageEvent as another tab's write fires it (Node has no StorageEvent). */
function storageEvent(key: string): Event {
  return Object.assign(new Event('storage'), { key });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-08T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createOutboxRunner', () => {
  it('sends everything waiting at start, even what was not due yet, and starts once', async () => {
    const outbox = setUp();
    outbox.due.set('a', Date.now() + 60_000);
    outbox.due.set('b', Date.now() - 1);
    expect(outbox.runner.start()).toBe(true);
    await vi.runAllTimersAsync();
    expect(outbox.sent).toEqual(['a', 'b']);
    expect(outbox.runner.start()).toBe(false);
  });

  it('sends an item when its time comes, not before', async () => {
    const outbox = setUp();
    outbox.runner.start();
    await vi.advanceTimersByTimeAsync(0);
    outbox.due.set('later', Date.now() + 5_000);
    outbox.runner.schedule();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(outbox.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(outbox.sent).toEqual(['later']);
  });

  it('sends everything waiting when the browser comes online', async () => {
    const outbox = setUp();
    outbox.runner.start();
    await vi.advanceTimersByTimeAsync(0);
    outbox.due.set('held', Date.now() + 60_000);
    outbox.page.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.sent).toEqual(['held']);
  });

  it('sends again at once when the browser comes online during a send that then fails, not after the retry wait', async () => {
    const outbox = setUp();
    outbox.runner.start();
    await vi.advanceTimersByTimeAsync(0);
    let failSend: () => void = () => undefined;
    const failing = outbox.runner.exclusive(async () => {
      await new Promise<void>((resolve) => (failSend = resolve));
      // The send went out offline and failed: its item waits for a retry.
      outbox.due.set('answer', Date.now() + 5_000);
    });
    outbox.page.dispatchEvent(new Event('online'));
    failSend();
    await failing;
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.sent).toEqual(['answer']);
  });

  it('sends again at once when the browser comes online during a flush that leaves an item waiting', async () => {
    const outbox = setUp();
    outbox.runner.start();
    await vi.advanceTimersByTimeAsync(0);
    outbox.due.set('answer', Date.now() + 5_000);
    const flushing = outbox.runner.flush();
    outbox.page.dispatchEvent(new Event('online'));
    // The flush under way had already passed the item: due again only by the connection that came back.
    outbox.due.set('answer', Date.now() + 5_000);
    await flushing;
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.sent).toEqual(['answer']);
  });

  it('sends what is due when the page comes back into view, and nothing when it is hidden', async () => {
    const outbox = setUp();
    outbox.runner.start();
    await vi.advanceTimersByTimeAsync(0);
    // Due, but its timer has not been set: only the page coming into view sends it.
    outbox.due.set('due', Date.now());
    outbox.show('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.sent).toEqual([]);
    outbox.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.sent).toEqual(['due']);
  });

  it("follows another tab's change to its own key, and only to it", async () => {
    const outbox = setUp();
    outbox.runner.start();
    await vi.advanceTimersByTimeAsync(0);
    outbox.page.dispatchEvent(storageEvent('another-key'));
    expect(outbox.changedElsewhere()).toBe(0);
    outbox.due.set('from-the-other-tab', Date.now() + 1_000);
    outbox.page.dispatchEvent(storageEvent('outbox'));
    expect(outbox.changedElsewhere()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outbox.sent).toEqual(['from-the-other-tab']);
  });

  it('sends under the lock named after the outbox, and one flush at a time', async () => {
    const names: string[] = [];
    const locks = {
      request: (name: string, work: () => Promise<unknown>) => {
        names.push(name);
        return work();
      },
    } as unknown as LockManager;
    const outbox = setUp({ locks });
    const first = outbox.runner.flush();
    expect(outbox.runner.flush()).toBe(first);
    await first;
    expect(names).toEqual(['outbox']);
    await outbox.runner.exclusive(async () => undefined);
    expect(names).toEqual(['outbox', 'outbox']);
  });
});
