/**
 * Brute-force protection for password sign-in, in memory (one backend process). Only failures
 * count, per e-mail address and per client IP, within a fixed window; once either is over its
 * limit, sign-ins for it are refused with 429 until the window ends. Tests and benchmarks that sign
 * in many times with the right password are therefore never blocked.
 */

interface Window {
  failures: number;
  endsAt: number;
}

class FailureCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  isBlocked(key: string): boolean {
    const window = this.current(key);
    return window !== undefined && window.failures >= this.limit;
  }

  recordFailure(key: string): void {
    const window = this.current(key);
    if (window) window.failures += 1;
    else {
      this.sweep();
      this.windows.set(key, { failures: 1, endsAt: this.now() + this.windowMs });
    }
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Drops ended windows now and then, so the map cannot grow without bound. */
  private sweep(): void {
    if (this.windows.size < 10_000) return;
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

export interface SignInLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export class SignInLimiter {
  private readonly byEmail: FailureCounter;
  private readonly byIp: FailureCounter;

  constructor(limits: SignInLimits, now: () => number = Date.now) {
    this.byEmail = new FailureCounter(limits.maxFailuresPerEmail, limits.windowSeconds * 1000, now);
    this.byIp = new FailureCounter(limits.maxFailuresPerIp, limits.windowSeconds * 1000, now);
  }

  isBlocked(email: string, ip: string): boolean {
    return this.byEmail.isBlocked(email) || this.byIp.isBlocked(ip);
  }

  recordFailure(email: string, ip: string): void {
    this.byEmail.recordFailure(email);
    this.byIp.recordFailure(ip);
  }

  /** A correct password resets the count of its e-mail address (not of the IP, which an attacker could reset). */
  recordSuccess(email: string): void {
    this.byEmail.clear(email);
  }
}
