interface Window {
  failures: number;
  startedAt: number;
}

export interface ThrottleLimits {
  perUser: number;
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perUser: 5, perAddress: 30, windowMs: 15 * 60_000 };

/**
 * Counts failed logins per user name and per address. Once either reaches its limit within the
 * window, further attempts are refused without checking the password until the window ends.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait, or 0 when the attempt may proceed. */
  retryAfterS(usuario: string, address: string): number {
    const t = this.now();
    const wait = (key: string, limit: number): number => {
      const w = this.windows.get(key);
      if (!w) return 0;
      const ends = w.startedAt + this.limits.windowMs;
      if (ends <= t) {
        this.windows.delete(key);
        return 0;
      }
      return w.failures >= limit ? Math.ceil((ends - t) / 1000) : 0;
    };
    return Math.max(
      wait(`u:${usuario.toLowerCase()}`, this.limits.perUser),
      wait(`a:${address}`, this.limits.perAddress),
    );
  }

  recordFailure(usuario: string, address: string): void {
    const t = this.now();
    for (const key of [`u:${usuario.toLowerCase()}`, `a:${address}`]) {
      const w = this.windows.get(key);
      if (!w || w.startedAt + this.limits.windowMs <= t) {
        this.windows.set(key, { failures: 1, startedAt: t });
      } else {
        w.failures += 1;
      }
    }
    if (this.windows.size > 100_000) this.sweep(t);
  }

  recordSuccess(usuario: string): void {
    this.windows.delete(`u:${usuario.toLowerCase()}`);
  }

  private sweep(t: number): void {
    for (const [k, w] of this.windows) {
      if (w.startedAt + this.limits.windowMs <= t) this.windows.delete(k);
    }
  }
}
