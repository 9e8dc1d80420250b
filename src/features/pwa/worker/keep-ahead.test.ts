import { describe, expect, it } from 'vitest';
import { keepAhead } from './keep-ahead.ts';

/** A service worker as its registration shows it: a state that changes, with 'statechange' events. */
class Worker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** The active worker's registration: a newer version shows up as installing, then waiting. */
class Registration extends EventTarget {
  installing: Worker | null = null;
  waiting: Worker | null = null;
  newVersionFound(): Worker {
    this.installing = new Worker('installing');
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
  installed(worker: Worker): void {
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
}

const asRegistration = (registration: Registration) => registration as unknown as ServiceWorkerRegistration;

/** A task that takes one file after another until its signal aborts, as the keeping loops do. */
function fileByFile(taken: number[]) {
  return async (signal: AbortSignal) => {
    for (let file = 1; file <= 200; file += 1) {
      if (signal.aborted) return;
      // One download: it ends with its file, or at once when the signal aborts.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, 1);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
      taken.push(file);
    }
  };
}

describe('keepAhead', () => {
  it('runs the task to its end while no newer version waits', async () => {
    const registration = new Registration();
    const taken: number[] = [];
    await keepAhead(asRegistration(registration), fileByFile(taken));
    expect(taken).toHaveLength(200);
  });

  it('stops the task, a download in flight included, once a newer version is installed', async () => {
    const registration = new Registration();
    const taken: number[] = [];
    const running = keepAhead(asRegistration(registration), fileByFile(taken));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = registration.newVersionFound();
    const atUpdateFound = taken.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Installing is not enough: an install can fail, and this version would then stay.
    expect(taken.length).toBeGreaterThan(atUpdateFound);
    registration.installed(newer);
    const atInstalled = taken.length;
    await expect(running).resolves.toBeUndefined();
    expect(taken.length).toBe(atInstalled);
  });

  it('watches a version that was already installing when the task started', async () => {
    const registration = new Registration();
    const newer = registration.newVersionFound();
    const taken: number[] = [];
    const running = keepAhead(asRegistration(registration), fileByFile(taken));
    await new Promise((resolve) => setTimeout(resolve, 20));
    registration.installed(newer);
    await running;
    expect(taken.length).toBeLessThan(200);
  });

  it('goes on when the newer version fails to install', async () => {
    const registration = new Registration();
    const taken: number[] = [];
    const running = keepAhead(asRegistration(registration), fileByFile(taken));
    registration.newVersionFound().become('redundant');
    registration.installing = null;
    await running;
    expect(taken).toHaveLength(200);
  });

  it('does not start when a newer version already waits', async () => {
    const registration = new Registration();
    registration.installed(registration.newVersionFound());
    const taken: number[] = [];
    await keepAhead(asRegistration(registration), fileByFile(taken));
    expect(taken).toEqual([]);
  });

  it('passes on a failure of its own', async () => {
    const registration = new Registration();
    await expect(
      keepAhead(asRegistration(registration), () => Promise.reject(new Error('the device is full'))),
    ).rejects.toThrow('the device is full');
  });
});
