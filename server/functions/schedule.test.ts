import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, type FakeServer } from '../../tests/support/fake-http.ts';
import { startSchedule } from './schedule.ts';

let server: FakeServer | undefined;

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await server?.close();
});

const INTERVAL_MS = 1000;

/**
 * A function whose answers the test gives, one at a time: `next()` resolves with the response of the
 * next call when it arrives. The schedule's clock is Vitest's (only setTimeout is faked, so the
 * HTTP calls themselves run for real), and the test moves it.
 */
async function heldFunction() {
  const waiting: ServerResponse[] = [];
  let arrived: (() => void) | undefined;
  server = await startFakeServer((_, response) => {
    waiting.push(response);
    arrived?.();
  });
  return {
    async next(): Promise<ServerResponse> {
      if (waiting.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
      return waiting.shift()!;
    },
  };
}

/** Lets real I/O and the promises after it run until the schedule has set its next timer. */
async function untilTimerSet(): Promise<void> {
  while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
}

describe("the local backend's schedule", () => {
  it('calls the function with the service-role key, one run at a time, and stop waits for the run in progress', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fn = await heldFunction();
    const schedule = startSchedule({
      apiUrl: server!.url,
      serviceRoleKey: 'service-key',
      functionName: 'send-guest-messages',
      intervalMs: INTERVAL_MS,
    });
    expect(server!.requests).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    const first = await fn.next();
    expect(server!.requests[0]).toMatchObject({ method: 'POST', url: '/functions/v1/send-guest-messages' });
    expect(server!.requests[0]!.headers.authorization).toBe('Bearer service-key');
    // While a run waits for its answer, time passes and no second run starts.
    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(server!.requests).toHaveLength(1);

    sendJson(first, 200, { success: true, sent: 0, failed: 0 });
    await untilTimerSet();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    const second = await fn.next();
    expect(server!.requests).toHaveLength(2);

    // Stopping waits for the run in progress, and no run follows.
    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    sendJson(second, 200, { success: true, sent: 0, failed: 0 });
    await stopping;
    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(server!.requests).toHaveLength(2);
  });

  it('logs a failing run once, throws nothing, and keeps trying', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const fn = await heldFunction();
    const schedule = startSchedule({
      apiUrl: server!.url,
      serviceRoleKey: 'k',
      functionName: 'send-guest-messages',
      intervalMs: INTERVAL_MS,
    });
    for (let run = 0; run < 3; run += 1) {
      await vi.advanceTimersByTimeAsync(INTERVAL_MS);
      sendJson(await fn.next(), 500, { success: false, error: 'Failed to send guest messages' });
      await untilTimerSet();
    }
    await schedule.stop();
    expect(server!.requests).toHaveLength(3);
    const lines = written.mock.calls.map(([line]) => String(line));
    expect(lines).toEqual([
      'schedule: send-guest-messages answered 500: {"success":false,"error":"Failed to send guest messages"}\n',
    ]);
  });

  it('says why a call could not reach the function, not only that fetch failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // A backend that is gone: its port no longer listens.
    const gone = await startFakeServer(() => undefined);
    await gone.close();
    const schedule = startSchedule({
      apiUrl: gone.url,
      serviceRoleKey: 'k',
      functionName: 'send-guest-messages',
      intervalMs: INTERVAL_MS,
    });
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    await untilTimerSet();
    await schedule.stop();
    expect(written.mock.calls.map(([line]) => String(line))).toEqual([
      'schedule: send-guest-messages fetch failed (ECONNREFUSED)\n',
    ]);
  });
});
