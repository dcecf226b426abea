import { grupoDeDireccion } from '../../lib/direccion.js';

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
  /**
   * Failures of one user name from every address together past which the account is under
   * attack: an address that already failed for it (or has an attempt in flight) is refused until
   * the user's window ends, unless it logged in to that account lately (`trustMs`).
   */
  userLockAfter: number;
  /** How long a correct password makes its address trusted for that user. */
  trustMs: number;
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
  userLockAfter: 20,
  trustMs: 30 * 24 * 3_600_000,
  maxEntries: 100_000,
};

/**
 * What to do with a login attempt: refuse it for `retryAfterS` seconds, or check it after
 * `delayMs`; `prioritaria` when nothing about it looks like guessing (its password check goes
 * before those of addresses and accounts that failed lately, see AuthService).
 */
export interface ThrottleVerdict {
  retryAfterS: number;
  delayMs: number;
  prioritaria: boolean;
}

/** An attempt let through and counted as in flight until `fin` says how it ended. */
export interface ThrottleAttempt extends ThrottleVerdict {
  /** true: right password; false: wrong; undefined: not checked (an error): only the flight ends. */
  fin(ok: boolean | undefined): void;
}

/**
 * Brakes password guessing without letting anyone lock a user out (HTTP and the live socket's
 * CONNECT both come through here, with the client address as Fastify sees it, see TRUST_PROXY).
 * An address counts as its group (`grupoDeDireccion`: an IPv6 address by its /64). Failures are
 * counted in fixed windows (15 minutes) under three keys, and so are the attempts still in
 * flight (a burst sent at once is counted before its passwords are checked):
 *
 * - (user, address): after `perPair` failures that pair is refused (429) until its window ends.
 *   A correct password from that address clears the pair and trusts it for that user (`trustMs`).
 * - address: after `perAddress` failures, whatever the user names, the address is refused. This
 *   stops one address from walking through many users.
 * - user, from every address together: past `userSlowAfter` failures each password check of that
 *   user from an untrusted address waits a little longer first (`userDelayStepMs` per failure, at
 *   most `userMaxDelayMs`); past `userLockAfter` the account is under attack and each untrusted
 *   address gets one try at it: one that failed for it is refused. A guessing run spread over
 *   many addresses gets `userLockAfter` plus one guess per address group in a window. The real
 *   user still gets in from an address that has not failed for the account, or that logged in
 *   to it lately: nobody can lock a user out everywhere.
 *
 * Refused attempts are not counted: they never reach the password check.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();
  /** Attempts let through whose password is still being checked, per key. */
  private readonly inFlight = new Map<string, number>();
  /** When each (user, address) pair last logged in. */
  private readonly successes = new Map<string, number>();
  private readonly limits: ThrottleLimits;

  constructor(
    limits: Partial<ThrottleLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  check(usuario: string, address: string): ThrottleVerdict {
    const t = this.now();
    const grupo = grupoDeDireccion(address);
    const par = pairKey(usuario, grupo);
    const user = this.live(userKey(usuario), t);
    const remaining = (w: Window | undefined) => Math.ceil(((w?.startedAt ?? t) + this.limits.windowMs - t) / 1000);
    const wait = (key: string, limit: number): number => {
      const w = this.live(key, t);
      return this.count(key, w) >= limit ? remaining(w) : 0;
    };
    const trusted = this.trusted(par, t);
    const userCount = this.count(userKey(usuario), user);
    const addressCount = this.count(addressKey(grupo), this.live(addressKey(grupo), t));
    let retryAfterS = Math.max(wait(par, this.limits.perPair), wait(addressKey(grupo), this.limits.perAddress));
    // Under attack, an untrusted address has one try at the account.
    if (!trusted && userCount >= this.limits.userLockAfter && this.count(par, this.live(par, t)) > 0) {
      retryAfterS = Math.max(retryAfterS, remaining(user));
    }
    const past = (user?.failures ?? 0) - this.limits.userSlowAfter;
    const delayMs =
      past >= 0 && !trusted ? Math.min(this.limits.userMaxDelayMs, (past + 1) * this.limits.userDelayStepMs) : 0;
    const prioritaria = trusted || (addressCount === 0 && userCount < this.limits.userSlowAfter);
    return { retryAfterS, delayMs, prioritaria };
  }

  /**
   * `check`, and when the attempt may go on it is counted as in flight (against its pair, address
   * and user) until its `fin`: a burst of attempts sent at once meets the limits as it would one
   * by one.
   */
  begin(usuario: string, address: string): ThrottleAttempt {
    const verdict = this.check(usuario, address);
    if (verdict.retryAfterS > 0) return { ...verdict, fin: () => undefined };
    const grupo = grupoDeDireccion(address);
    const keys = [pairKey(usuario, grupo), addressKey(grupo), userKey(usuario)];
    for (const key of keys) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    let done = false;
    return {
      ...verdict,
      fin: (ok) => {
        if (done) return;
        done = true;
        for (const key of keys) {
          const n = (this.inFlight.get(key) ?? 1) - 1;
          if (n > 0) this.inFlight.set(key, n);
          else this.inFlight.delete(key);
        }
        if (ok === true) this.recordSuccess(usuario, address);
        else if (ok === false) this.recordFailure(usuario, address);
      },
    };
  }

  /** True when `check` would refuse; cheap when nothing failed lately (the cached-header path). */
  refuses(usuario: string, address: string): boolean {
    return (this.windows.size > 0 || this.inFlight.size > 0) && this.check(usuario, address).retryAfterS > 0;
  }

  recordFailure(usuario: string, address: string): void {
    const t = this.now();
    const grupo = grupoDeDireccion(address);
    for (const key of [pairKey(usuario, grupo), addressKey(grupo), userKey(usuario)]) {
      const w = this.live(key, t);
      if (w) w.failures += 1;
      else this.windows.set(key, { failures: 1, startedAt: t });
    }
    if (this.windows.size > this.limits.maxEntries) this.trim(t);
  }

  /**
   * A correct password clears its (user, address) pair and trusts that address for the user; the
   * address and user counts stay.
   */
  recordSuccess(usuario: string, address: string): void {
    const par = pairKey(usuario, grupoDeDireccion(address));
    this.windows.delete(par);
    // Deleted first, so the Map's order stays the order of the last success (the oldest go first).
    this.successes.delete(par);
    this.successes.set(par, this.now());
    if (this.successes.size > this.limits.maxEntries) {
      let excess = this.successes.size - Math.floor(this.limits.maxEntries * 0.9);
      for (const k of this.successes.keys()) {
        if (excess-- <= 0) break;
        this.successes.delete(k);
      }
    }
  }

  private trusted(par: string, t: number): boolean {
    const at = this.successes.get(par);
    if (at === undefined) return false;
    if (at + this.limits.trustMs > t) return true;
    this.successes.delete(par);
    return false;
  }

  /** Failures in the window plus attempts in flight. */
  private count(key: string, w: Window | undefined): number {
    return (w?.failures ?? 0) + (this.inFlight.get(key) ?? 0);
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
