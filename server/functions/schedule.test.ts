import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendJson, startFakeServer, type FakeServer } from '../../tests/support/fake-http.ts';
import { startSchedule } from './schedule.ts';

let server: FakeServer | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the local backend's schedule", () => {
  it('calls the function with the service-role key, one run at a time, and stop waits for the run in progress', async () => {
    let inFlight = 0;
    let most = 0;
    let answered = 0;
    server = await startFakeServer((_, response) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        answered += 1;
        sendJson(response, 200, { success: true, sent: 0, failed: 0 });
      }, 60);
    });
    const schedule = startSchedule({
      apiUrl: server.url,
      serviceRoleKey: 'service-key',
      functionName: 'send-guest-messages',
      intervalMs: 5,
    });
    await sleep(300);
    await schedule.stop();
    const calls = server.requests.length;
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(answered).toBe(calls);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/functions/v1/send-guest-messages' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer service-key');
    await sleep(50);
    expect(server.requests.length).toBe(calls);
  });

  it('logs a failing run once, throws nothing, and keeps trying', async () => {
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    server = await startFakeServer((_, response) =>
      sendJson(response, 500, { success: false, error: 'Failed to send guest messages' }),
    );
    const schedule = startSchedule({
      apiUrl: server.url,
      serviceRoleKey: 'k',
      functionName: 'send-guest-messages',
      intervalMs: 5,
    });
    await sleep(150);
    await schedule.stop();
    expect(server.requests.length).toBeGreaterThanOrEqual(3);
    const lines = written.mock.calls.map(([line]) => String(line));
    expect(lines).toEqual([
      'schedule: send-guest-messages answered 500: {"success":false,"error":"Failed to send guest messages"}\n',
    ]);
  });
});
