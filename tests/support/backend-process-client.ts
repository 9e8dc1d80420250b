/**
 * Starts the local backend in a process of its own (./backend-process.ts) and talks to it over IPC:
 * SQL as the database owner, and the guest-message schedule started on demand. Used by the test that
 * kills the backend mid-send (tests/integration/mail-crash.test.ts) and by the bench that loads it
 * from another process (bench/crowd.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { BackendProcessMessage, BackendProcessRequest } from './backend-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface BackendProcess {
  process: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** What it wrote to stdout and stderr (the functions' log). */
  log(): string;
  sql<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  startSending(everyMs: number): Promise<void>;
}

/** Forks the backend with `env` added to this process's environment (API_PORT, DATA_DIR, ...), once it listens. */
export function startBackendProcess(env: Record<string, string>): Promise<BackendProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'tests/support/backend-process.ts'), {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let next = 0;
    const waiting = new Map<number, { resolve(rows: Record<string, unknown>[]): void; reject(error: Error): void }>();
    const ask = (request: Omit<BackendProcessRequest, 'id'>) =>
      new Promise<Record<string, unknown>[]>((resolveAnswer, rejectAnswer) => {
        next += 1;
        waiting.set(next, { resolve: resolveAnswer, reject: rejectAnswer });
        child.send({ ...request, id: next } as BackendProcessRequest);
      });
    const timer = setTimeout(() => reject(new Error(`backend did not start:\n${output}`)), 90_000);
    child.on('message', (message: BackendProcessMessage) => {
      if ('ready' in message) {
        clearTimeout(timer);
        resolve({
          process: child,
          ...message.ready,
          log: () => output,
          sql: async <R>(sql: string, params?: unknown[]) => (await ask({ sql, params })) as R[],
          startSending: async (everyMs) => void (await ask({ sendEveryMs: everyMs })),
        });
        return;
      }
      const answer = waiting.get(message.id);
      waiting.delete(message.id);
      if ('error' in message) answer?.reject(new Error(message.error));
      else answer?.resolve(message.rows);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      for (const answer of waiting.values()) answer.reject(new Error(`backend exited (${code ?? signal})`));
      reject(new Error(`backend exited with ${code ?? signal}:\n${output}`));
    });
  });
}
