import { mensajeDemasiadosPedidos } from '@delego/contract';
import type { Clock } from '../kernel/clock.js';
import { AppError } from '../kernel/errors.js';

/** At most `max` calls in each window of `ventanaMs`. */
export interface Limite {
  max: number;
  ventanaMs: number;
}

/** The public limits count in windows of a quarter of an hour, or of an hour for the rarest acts. */
export const cadaCuartoDeHora = (max: number): Limite => ({ max, ventanaMs: 15 * 60_000 });
export const cadaHora = (max: number): Limite => ({ max, ventanaMs: 60 * 60_000 });

/** A key's fixed window: `usadas` counted until `hasta` (ms since the epoch, the server's clock). */
export interface Ventana {
  usadas: number;
  hasta: number;
}

/**
 * Where the limits count (docs/DESPLIEGUE.md «Límites compartidos»): in this process's memory
 * (`ContadorEnMemoria`, PGlite: one instance) or in PostgreSQL (`ContadorPostgres`, lib/limites-pg.ts:
 * every instance on one database counts together, so N instances give nobody N times the limit).
 * Keys name what they count (`registro:d:<address group>`, `recuperar:c:<login>`, the login
 * throttle's `p:`, `a:`, `u:` and `s:` keys); windows are fixed and start at a key's first count.
 */
export interface ContadorLimites {
  /**
   * One call that counts against every key given, all or nothing: refused (seconds to wait, nothing
   * counted) when any of them is used up, otherwise counted against all of them and 0. Concurrent
   * calls, from any instance, never let more than `max` through in a window.
   */
  take(claves: readonly (readonly [string, Limite])[]): Promise<number>;
  /** The live windows of these keys (an ended or absent key is not in the map). */
  leer(claves: readonly string[]): Promise<Map<string, Ventana>>;
  /**
   * Adds `delta` to each key whose window is live (never below 0); with `delta` > 0 a key without
   * a live window starts one of `ventanaMs` at `delta`.
   */
  sumar(claves: readonly string[], ventanaMs: number, delta?: number): Promise<void>;
  /** Starts the key's window anew: `usadas` until now + `ventanaMs`. */
  fijar(clave: string, usadas: number, ventanaMs: number): Promise<void>;
  borrar(claves: readonly string[]): Promise<void>;
}

/** Seconds left of a window, at least 1. */
export const segundosHasta = (hasta: number, t: number): number => Math.max(1, Math.ceil((hasta - t) / 1000));

/**
 * The counters in this process's memory: PGlite's (one instance) and the tests'. Memory is
 * bounded: past `maxEntries` the ended windows go, then the oldest.
 */
export class ContadorEnMemoria implements ContadorLimites {
  private readonly ventanas = new Map<string, Ventana>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 100_000,
  ) {}

  /** Synchronous under the hood: nothing else runs between the check and the count. */
  take(claves: readonly (readonly [string, Limite])[]): Promise<number> {
    const t = this.now();
    let espera = 0;
    for (const [clave, limite] of claves) {
      const v = this.vigente(clave, t);
      if (v && v.usadas >= limite.max) espera = Math.max(espera, segundosHasta(v.hasta, t));
    }
    if (espera > 0) return Promise.resolve(espera);
    for (const [clave, limite] of claves) this.agregar(clave, 1, limite.ventanaMs, t);
    return Promise.resolve(0);
  }

  leer(claves: readonly string[]): Promise<Map<string, Ventana>> {
    return Promise.resolve(this.leerYa(claves));
  }

  /** `leer` without a promise (the login throttle's cached-header path). */
  leerYa(claves: readonly string[]): Map<string, Ventana> {
    const t = this.now();
    const m = new Map<string, Ventana>();
    for (const clave of claves) {
      const v = this.vigente(clave, t);
      if (v) m.set(clave, { ...v });
    }
    return m;
  }

  sumar(claves: readonly string[], ventanaMs: number, delta = 1): Promise<void> {
    const t = this.now();
    for (const clave of claves) this.agregar(clave, delta, ventanaMs, t);
    return Promise.resolve();
  }

  fijar(clave: string, usadas: number, ventanaMs: number): Promise<void> {
    // Deleted first, so the Map's order stays the order of the last write (the oldest go first).
    this.ventanas.delete(clave);
    this.ventanas.set(clave, { usadas, hasta: this.now() + ventanaMs });
    this.acotar(this.now());
    return Promise.resolve();
  }

  borrar(claves: readonly string[]): Promise<void> {
    for (const clave of claves) this.ventanas.delete(clave);
    return Promise.resolve();
  }

  /** Whether nothing is counted at all (the login throttle's cheap path). */
  get vacio(): boolean {
    return this.ventanas.size === 0;
  }

  private agregar(clave: string, delta: number, ventanaMs: number, t: number): void {
    const v = this.vigente(clave, t);
    if (v) v.usadas = Math.max(0, v.usadas + delta);
    else if (delta > 0) this.ventanas.set(clave, { usadas: delta, hasta: t + ventanaMs });
    this.acotar(t);
  }

  private vigente(clave: string, t: number): Ventana | undefined {
    const v = this.ventanas.get(clave);
    if (v && v.hasta <= t) {
      this.ventanas.delete(clave);
      return undefined;
    }
    return v;
  }

  private acotar(t: number): void {
    if (this.ventanas.size <= this.maxEntries) return;
    for (const [clave, v] of this.ventanas) if (v.hasta <= t) this.ventanas.delete(clave);
    let sobran = this.ventanas.size - Math.floor(this.maxEntries * 0.9);
    for (const clave of this.ventanas.keys()) {
      if (sobran-- <= 0) break;
      this.ventanas.delete(clave);
    }
  }
}

/**
 * What a module's public calls count against: the counter given (the kernel's: PostgreSQL's table
 * with several instances) or, without one, this process's memory on the module's clock.
 */
export class Limitador {
  private readonly contador: ContadorLimites;

  constructor(contador: ContadorLimites | undefined, clock: Clock) {
    this.contador = contador ?? new ContadorEnMemoria(() => clock.now().getTime());
  }

  /** Counts one call against every key: 429 with Retry-After (nothing counted, nothing done) past any. */
  async exigir(claves: readonly (readonly [string, Limite])[]): Promise<void> {
    const espera = await this.contador.take(claves);
    if (espera > 0) {
      throw new AppError('DEMASIADOS_INTENTOS', mensajeDemasiadosPedidos(espera), { retryAfterS: espera });
    }
  }
}
