interface Window {
  failures: number;
  startedAt: number;
}

export interface ThrottleLimits {
  /** Failures of one user name from one address before that pair must wait for its window to end. */
  perPair: number;
  /** Failures from one address, whatever the user names, before the whole address must wait. */
  perAddress: number;
  windowMs: number;
  /** Failures of one user name from every address together before its checks are slowed down. */
  userSlowAfter: number;
  /** Delay added before checking the password for each failure past `userSlowAfter`... */
  userDelayStepMs: number;
  /** ...never longer than this. */
  userMaxDelayMs: number;
  /** Counters kept at most; past it the expired ones go, then the oldest (bounded memory). */
  maxEntries: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perPair: 5,
  perAddress: 30,
  windowMs: 15 * 60_000,
  userSlowAfter: 10,
  userDelayStepMs: 250,
  userMaxDelayMs: 3000,
  maxEntries: 100_000,
};

/** What to do with a login attempt: refuse it for `retryAfterS` seconds, or check it after `delayMs`. */
export interface ThrottleVerdict {
  retryAfterS: number;
  delayMs: number;
}

/**
 * Brakes password guessing without letting anyone lock a user out (HTTP and the live socket's
 * CONNECT both come through here, with the client address as Fastify sees it, see TRUST_PROXY).
 * Failures are counted in fixed windows (15 minutes) under three keys:
 *
 * - (user, address): after `perPair` failures that pair is refused (429) until its window ends.
 *   A correct password from that address clears the pair.
 * - address: after `perAddress` failures, whatever the user names, the address is refused. This
 *   stops one address from walking through many users.
 * - user, from every address together: never refuses. Past `userSlowAfter` failures each password
 *   check of that user waits a little longer first (`userDelayStepMs` per failure, at most
 *   `userMaxDelayMs`), which slows a guessing run spread over many addresses while the real user,
 *   from an address that has not failed, still gets in (a few seconds later at worst, and only
 *   when the header is not already in the credential cache).
 *
 * Refused attempts are not counted: they never reach the password check.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();
  private readonly limits: ThrottleLimits;

  constructor(
    limits: Partial<ThrottleLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  check(usuario: string, address: string): ThrottleVerdict {
    const t = this.now();
    const user = this.live(userKey(usuario), t);
    const wait = (key: string, limit: number): number => {
      const w = this.live(key, t);
      return w && w.failures >= limit ? Math.ceil((w.startedAt + this.limits.windowMs - t) / 1000) : 0;
    };
    const retryAfterS = Math.max(
      wait(pairKey(usuario, address), this.limits.perPair),
      wait(addressKey(address), this.limits.perAddress),
    );
    const past = (user?.failures ?? 0) - this.limits.userSlowAfter;
    const delayMs = past >= 0 ? Math.min(this.limits.userMaxDelayMs, (past + 1) * this.limits.userDelayStepMs) : 0;
    return { retryAfterS, delayMs };
  }

  /** True when `check` would refuse; cheap when nothing failed lately (the cached-header path). */
  refuses(usuario: string, address: string): boolean {
    return this.windows.size > 0 && this.check(usuario, address).retryAfterS > 0;
  }

  recordFailure(usuario: string, address: string): void {
    const t = this.now();
    for (const key of [pairKey(usuario, address), addressKey(address), userKey(usuario)]) {
      const w = this.live(key, t);
      if (w) w.failures += 1;
      else this.windows.set(key, { failures: 1, startedAt: t });
    }
    if (this.windows.size > this.limits.maxEntries) this.trim(t);
  }

  /** A correct password clears its (user, address) pair; the address and user counts stay. */
  recordSuccess(usuario: string, address: string): void {
    this.windows.delete(pairKey(usuario, address));
  }

  /** The window of a key if it has not ended (an ended one is dropped). */
  private live(key: string, t: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.startedAt + this.limits.windowMs <= t) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private trim(t: number): void {
    for (const [k, w] of this.windows) {
      if (w.startedAt + this.limits.windowMs <= t) this.windows.delete(k);
    }
    // Still too many (a flood from very many addresses): the oldest windows go first.
    const excess = this.windows.size - Math.floor(this.limits.maxEntries * 0.9);
    if (excess <= 0) return;
    let n = 0;
    for (const k of this.windows.keys()) {
      if (n++ >= excess) break;
      this.windows.delete(k);
    }
  }
}

const userKey = (usuario: string) => `u:${usuario.toLowerCase()}`;
const addressKey = (address: string) => `a:${address}`;
// An address never holds a line break, so the pair key cannot be read two ways.
const pairKey = (usuario: string, address: string) => `p:${address}\n${usuario.toLowerCase()}`;
