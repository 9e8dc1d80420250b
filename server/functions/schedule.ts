/**
 * The local twin of a hosted project's scheduled function (pg_cron + pg_net calling it with the
 * service-role key; supabase/functions/README.md): while the backend runs, it calls one of its own
 * functions over HTTP every `intervalMs`, exactly as the schedule would. Runs never overlap: the
 * next waits until the last has answered. A failed run is logged (once for a run of identical
 * failures, so a backend whose database is gone does not fill the terminal) and never thrown; the
 * next run tries again. `stop()` waits for a run in progress, so the backend can close after it.
 */
import { logError } from '../log.ts';

export interface ScheduleOptions {
  /** The backend's base URL, e.g. http://localhost:54321. */
  apiUrl: string;
  serviceRoleKey: string;
  /** The function's name, e.g. send-guest-messages. */
  functionName: string;
  intervalMs: number;
}

export interface Schedule {
  stop(): Promise<void>;
}

/**
 * Why a call failed, in words: fetch's own error says only 'fetch failed', its cause says why (the
 * connection refused, reset or timed out).
 */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const why = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return why ? `${error.message} (${why})` : error.message;
}

export function startSchedule(options: ScheduleOptions): Schedule {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastFailure: string | null = null;

  const call = async () => {
    let failure: string | null = null;
    try {
      const response = await fetch(`${options.apiUrl}/functions/v1/${options.functionName}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      if (!response.ok) failure = `answered ${response.status}: ${(await response.text()).slice(0, 500)}`;
      else await response.body?.cancel();
    } catch (error) {
      failure = reasonOf(error);
    }
    if (failure && failure !== lastFailure) logError(`schedule: ${options.functionName} ${failure}`);
    lastFailure = failure;
  };

  const tick = () => {
    running = call().finally(() => {
      if (!stopped) timer = setTimeout(tick, options.intervalMs);
    });
  };
  timer = setTimeout(tick, options.intervalMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
