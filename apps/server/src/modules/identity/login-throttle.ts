import { grupoDeDireccion } from '../../lib/direccion.js';
import { ContadorEnMemoria, segundosHasta, type ContadorLimites, type Ventana } from '../../lib/rate-limit.js';

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
  /** Counters kept at most in memory; past it the expired ones go, then the oldest (bounded memory). */
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
  fin(ok: boolean | undefined): Promise<void>;
}

/** Counted with `take` but never refused by it (the user key: its rules read the count). */
const SIN_TOPE = 2_147_483_647;

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
 *
 * The counters live in a `ContadorLimites` (docs/DESPLIEGUE.md «Límites compartidos»): this
 * process's memory by default, PostgreSQL's table when several instances share a database, so
 * that the limits hold for them all. An attempt let through is counted at once as a failure of
 * its three keys (`take`: all or nothing, never past `perPair` nor `perAddress` even when
 * instances race), and `fin` gives back what it did not fail: the attempts in flight are counted
 * by every instance, and one whose process died stays counted as the failure it may have been.
 */
export class LoginThrottle {
  private readonly limits: ThrottleLimits;
  private readonly contador: ContadorLimites;
  /**
   * With shared counters, the (user, address) pairs and the addresses this instance saw refused,
   * until when: what `refuses` answers on the cached-header path without a read (see there).
   */
  private readonly rechazos = new Map<string, number>();
  /** Counters shared with other instances (not this process's memory). */
  private readonly compartido: boolean;
  /** With shared counters, when each pair last logged in through this instance (see `refuses`). */
  private readonly entradas = new Map<string, number>();

  constructor(
    limits: Partial<ThrottleLimits> = {},
    private readonly now: () => number = Date.now,
    contador?: ContadorLimites,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.contador = contador ?? new ContadorEnMemoria(now, this.limits.maxEntries);
    this.compartido = !(this.contador instanceof ContadorEnMemoria);
  }

  async check(usuario: string, address: string): Promise<ThrottleVerdict> {
    const k = claves(usuario, address);
    return this.veredicto(k, await this.contador.leer([k.par, k.addr, k.user, k.trust]), 0);
  }

  /**
   * The verdict on the counts read, less `propio` from the pair, address and user counts (the
   * attempt's own count, when `begin` counted it first).
   */
  private veredicto(k: Claves, v: Map<string, Ventana>, propio: number): ThrottleVerdict {
    const t = this.now();
    const remaining = (w: Ventana | undefined) =>
      w ? segundosHasta(w.hasta, t) : Math.ceil(this.limits.windowMs / 1000);
    const count = (key: string) => Math.max(0, (v.get(key)?.usadas ?? 0) - (key === k.trust ? 0 : propio));
    const wait = (key: string, limit: number): number => (count(key) >= limit ? remaining(v.get(key)) : 0);
    const trusted = count(k.trust) > 0;
    const userCount = count(k.user);
    const porDireccion = wait(k.addr, this.limits.perAddress);
    let retryAfterS = Math.max(wait(k.par, this.limits.perPair), porDireccion);
    // Under attack, an untrusted address has one try at the account.
    if (!trusted && userCount >= this.limits.userLockAfter && count(k.par) > 0) {
      retryAfterS = Math.max(retryAfterS, remaining(v.get(k.user)));
    }
    const past = userCount - this.limits.userSlowAfter;
    const delayMs =
      past >= 0 && !trusted ? Math.min(this.limits.userMaxDelayMs, (past + 1) * this.limits.userDelayStepMs) : 0;
    const prioritaria = trusted || (count(k.addr) === 0 && userCount < this.limits.userSlowAfter);
    if (this.compartido) {
      this.recordar(k.par, retryAfterS, t);
      if (porDireccion > 0) this.recordar(k.addr, porDireccion, t);
    }
    return { retryAfterS, delayMs, prioritaria };
  }

  /**
   * Counts the attempt first (as a failure of its pair, address and user, until its `fin`), then
   * judges it on the counts as they are with it: a burst of attempts sent at once meets the
   * limits as it would one by one, on one instance or on several. The count is `take`, all or
   * nothing and never past `perPair` nor `perAddress`, even when instances race; an attempt the
   * other rules refuse gives its count back.
   */
  async begin(usuario: string, address: string): Promise<ThrottleAttempt> {
    const k = claves(usuario, address);
    const ventanaMs = this.limits.windowMs;
    const contadas = [k.par, k.addr, k.user];
    const espera = await this.contador.take([
      [k.par, { max: this.limits.perPair, ventanaMs }],
      [k.addr, { max: this.limits.perAddress, ventanaMs }],
      [k.user, { max: SIN_TOPE, ventanaMs }],
    ]);
    if (espera > 0) {
      if (this.compartido) this.recordar(k.par, espera, this.now());
      return { retryAfterS: espera, delayMs: 0, prioritaria: false, fin: () => Promise.resolve() };
    }
    const verdict = this.veredicto(k, await this.contador.leer([...contadas, k.trust]), 1);
    if (verdict.retryAfterS > 0) {
      await this.contador.sumar(contadas, ventanaMs, -1);
      return { ...verdict, fin: () => Promise.resolve() };
    }
    let done = false;
    return {
      ...verdict,
      fin: async (ok) => {
        if (done) return;
        done = true;
        // Counted already; with shared counters, checked again so that `refuses` knows when this
        // failure used the pair or the address up.
        if (ok === false) return void (this.compartido && (await this.check(usuario, address)));
        if (ok === undefined) return this.contador.sumar(contadas, ventanaMs, -1);
        await this.contador.sumar([k.addr, k.user], ventanaMs, -1);
        await this.recordSuccess(usuario, address);
      },
    };
  }

  /**
   * Whether a header verified lately may NOT be answered from the cache for this pair, without
   * waiting (AuthService.cached asks it on every call; true sends the call through `begin`).
   * In memory: exactly when `check` would refuse (cheap when nothing failed lately). With shared
   * counters, which would cost a read per call: when this instance saw the pair or its address
   * refused lately (by a `check`, or after a failure: `rechazos`), or has not seen the pair log in
   * lately. A failure counted by another instance is not in `rechazos`; the second rule keeps a
   * correct guess from a new address from being answered from this instance's cache among the
   * 429s of the others.
   */
  refuses(usuario: string, address: string): boolean {
    const k = claves(usuario, address);
    if (this.contador instanceof ContadorEnMemoria) {
      if (this.contador.vacio) return false;
      return this.veredicto(k, this.contador.leerYa([k.par, k.addr, k.user, k.trust]), 0).retryAfterS > 0;
    }
    const t = this.now();
    for (const clave of [k.par, k.addr]) {
      const hasta = this.rechazos.get(clave);
      if (hasta !== undefined && hasta > t) return true;
      if (hasta !== undefined) this.rechazos.delete(clave);
    }
    const entro = this.entradas.get(k.par);
    return entro === undefined || entro + this.limits.trustMs <= t;
  }

  async recordFailure(usuario: string, address: string): Promise<void> {
    const grupo = grupoDeDireccion(address);
    await this.contador.sumar([pairKey(usuario, grupo), addressKey(grupo), userKey(usuario)], this.limits.windowMs);
    if (this.compartido) await this.check(usuario, address);
  }

  /**
   * A correct password clears its (user, address) pair and trusts that address for the user; the
   * address and user counts stay.
   */
  async recordSuccess(usuario: string, address: string): Promise<void> {
    const par = pairKey(usuario, grupoDeDireccion(address));
    this.rechazos.delete(par);
    if (this.compartido) acotado(this.entradas, par, this.now(), this.limits.maxEntries);
    await this.contador.borrar([par]);
    await this.contador.fijar(trustKey(par), 1, this.limits.trustMs);
  }

  private recordar(par: string, retryAfterS: number, t: number): void {
    if (retryAfterS <= 0) {
      this.rechazos.delete(par);
      return;
    }
    acotado(this.rechazos, par, t + retryAfterS * 1000, this.limits.maxEntries);
  }
}

/** Sets the key last (the Map's order is the order of writes); past `max` the oldest go. */
function acotado(m: Map<string, number>, clave: string, valor: number, max: number): void {
  m.delete(clave);
  m.set(clave, valor);
  if (m.size <= max) return;
  let sobran = m.size - Math.floor(max * 0.9);
  for (const k of m.keys()) {
    if (sobran-- <= 0) break;
    m.delete(k);
  }
}

interface Claves {
  par: string;
  addr: string;
  user: string;
  trust: string;
}

function claves(usuario: string, address: string): Claves {
  const grupo = grupoDeDireccion(address);
  const par = pairKey(usuario, grupo);
  return { par, addr: addressKey(grupo), user: userKey(usuario), trust: trustKey(par) };
}

const userKey = (usuario: string) => `u:${usuario.toLowerCase()}`;
const addressKey = (address: string) => `a:${address}`;
// An address never holds a line break, so the pair key cannot be read two ways.
const pairKey = (usuario: string, address: string) => `p:${address}\n${usuario.toLowerCase()}`;
/** The pair logged in lately (`trustMs`). */
const trustKey = (par: string) => `s:${par.slice(2)}`;
