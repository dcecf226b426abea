import type { ManagedCache } from './cache-registry.js';

/** How much a TenantCache keeps (declared with each cache in src/caches.ts). */
export interface LimitesCache {
  /** An entry older than this is read again (a guard; changes are announced by events). */
  ttlMs: number;
  /** Entries kept at most, all companies together. */
  maxEntradas: number;
  /** Entries of one company at most, so that one company does not push out all the others. */
  maxPorEntidad?: number | undefined;
  /** Bytes kept at most, as `estimarBytes` counts them (keys included). */
  maxBytes?: number | undefined;
}

interface Entrada<T> {
  entidadId: number;
  key: string;
  value: T;
  /** When it stops being answered: its TTL, or earlier when the value itself said so. */
  vence: number;
  bytes: number;
  /** Read since it was stored or last spared: the eviction spares it once (second chance). */
  usada: boolean;
}

/**
 * Values cached per company (and a key within it), emptied as a whole for one company when its
 * data changes or a client asks (GET /api/v2/clientes/cache/clean).
 *
 * A load that started before the company's data changed must not store what it read: every
 * `clear` moves the company to a new generation, and a load keeps its result only when the
 * generation is still the one it started in.
 *
 * Bounded by entries and bytes (issue 18): past a limit the least recently used entries go. A
 * read only marks its entry; the eviction walks from the oldest and spares a marked entry once
 * (the "second chance" approximation of LRU), so a hit costs no reordering.
 */
export class TenantCache<T> implements ManagedCache<string> {
  private readonly byEntidad = new Map<number, Map<string, Entrada<T>>>();
  /** Every entry, oldest (or longest unspared) first. */
  private readonly orden = new Set<Entrada<T>>();
  private readonly generations = new Map<number, number>();
  /** Moved on by clearAll: a load that started before it keeps nothing either. */
  private epoch = 0;
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxEntradas: number;
  private readonly maxPorEntidad: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly bytesDe: (value: T) => number;

  constructor(
    limites: LimitesCache & {
      now?: (() => number) | undefined;
      /** The size of a value; `estimarBytes` unless the cache knows better. */
      bytesDe?: ((value: T) => number) | undefined;
    },
  ) {
    this.ttlMs = limites.ttlMs;
    this.maxEntradas = limites.maxEntradas;
    this.maxPorEntidad = limites.maxPorEntidad ?? limites.maxEntradas;
    this.maxBytes = limites.maxBytes ?? Infinity;
    this.now = limites.now ?? Date.now;
    this.bytesDe = limites.bytesDe ?? estimarBytes;
  }

  /** Whether it keeps anything: a TTL of 0 turns it off (LIST_CACHE_MS=0). */
  get guarda(): boolean {
    return this.ttlMs > 0;
  }

  get(entidadId: number, key: string): T | undefined {
    const e = this.byEntidad.get(entidadId)?.get(key);
    if (!e) return undefined;
    if (this.now() >= e.vence) {
      this.quitar(e);
      return undefined;
    }
    e.usada = true;
    return e.value;
  }

  /**
   * @param hasta when the value stops being true by itself, earlier than the TTL (an order's
   * "vencida" flag on a stored list answer turns at its due time): it is not answered from then on.
   */
  set(entidadId: number, key: string, value: T, hasta = Infinity): void {
    // A TTL of 0 turns the cache off (LIST_CACHE_MS=0): nothing to keep, nothing to measure.
    if (this.ttlMs <= 0) return;
    const at = this.now();
    const vence = Math.min(at + this.ttlMs, hasta);
    if (vence <= at) return;
    const bytes = ENTRADA_BYTES + key.length + this.bytesDe(value);
    const previa = this.byEntidad.get(entidadId)?.get(key);
    if (previa) this.quitar(previa);
    // A value larger than the whole budget is not kept (it would push out everything else).
    if (bytes > this.maxBytes) return;
    let m = this.byEntidad.get(entidadId);
    if (!m) this.byEntidad.set(entidadId, (m = new Map()));
    const e: Entrada<T> = { entidadId, key, value, vence, bytes, usada: false };
    m.set(key, e);
    this.orden.add(e);
    this.bytes += bytes;
    if (m.size > this.maxPorEntidad) this.desalojar(m.values(), e);
    while (this.orden.size > this.maxEntradas || this.bytes > this.maxBytes) {
      if (!this.desalojar(this.orden.values(), e)) break;
    }
  }

  async getOrLoad(entidadId: number, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get(entidadId, key);
    if (hit !== undefined) return hit;
    return this.load(entidadId, key, load);
  }

  /** Loads the value and keeps it, unless the company was invalidated while it loaded. */
  async load(entidadId: number, key: string, load: () => Promise<T>): Promise<T> {
    return (await this.cargar(entidadId, key, async () => ({ valor: await load(), hasta: Infinity }))).valor;
  }

  /**
   * `getOrLoad` for values that stop being true by themselves: the load tells until when (see
   * `set`), an order list answer until one of its orders becomes overdue.
   */
  async getOrLoadHasta(entidadId: number, key: string, load: () => Promise<{ valor: T; hasta: number }>): Promise<T> {
    const hit = this.get(entidadId, key);
    if (hit !== undefined) return hit;
    return (await this.cargar(entidadId, key, load)).valor;
  }

  private async cargar(
    entidadId: number,
    key: string,
    load: () => Promise<{ valor: T; hasta: number }>,
  ): Promise<{ valor: T; hasta: number }> {
    const generation = this.generations.get(entidadId) ?? 0;
    const epoch = this.epoch;
    const cargado = await load();
    if ((this.generations.get(entidadId) ?? 0) === generation && this.epoch === epoch) {
      this.set(entidadId, key, cargado.valor, cargado.hasta);
    }
    return cargado;
  }

  clear(entidadId: number): void {
    const m = this.byEntidad.get(entidadId);
    if (m) for (const e of m.values()) this.quitar(e);
    this.generations.set(entidadId, (this.generations.get(entidadId) ?? 0) + 1);
  }

  /** Drops the given keys of a company, or all of it (a later load of the company keeps nothing stale). */
  invalidate(entidadId: number, keys?: readonly string[]): void {
    if (!keys) {
      this.clear(entidadId);
      return;
    }
    const m = this.byEntidad.get(entidadId);
    for (const k of keys) {
      const e = m?.get(k);
      if (e) this.quitar(e);
    }
    this.generations.set(entidadId, (this.generations.get(entidadId) ?? 0) + 1);
  }

  clearAll(): void {
    this.byEntidad.clear();
    this.orden.clear();
    this.bytes = 0;
    this.generations.clear();
    this.epoch++;
  }

  /** What the cache holds now: entries and their estimated bytes. */
  get tamano(): { entradas: number; bytes: number } {
    return { entradas: this.orden.size, bytes: this.bytes };
  }

  private quitar(e: Entrada<T>): void {
    if (!this.orden.delete(e)) return;
    this.bytes -= e.bytes;
    const m = this.byEntidad.get(e.entidadId);
    m?.delete(e.key);
    if (m?.size === 0) this.byEntidad.delete(e.entidadId);
  }

  /**
   * Pushes out the least recently used entry of `entradas` (all of them, or one company's), never
   * `nueva`, the one being stored. A marked entry is spared once: unmarked, to the young end.
   */
  private desalojar(entradas: Iterable<Entrada<T>>, nueva: Entrada<T>): boolean {
    for (const e of entradas) {
      if (e === nueva) continue;
      if (e.usada) {
        e.usada = false;
        this.orden.delete(e);
        this.orden.add(e);
        const m = this.byEntidad.get(e.entidadId);
        m?.delete(e.key);
        m?.set(e.key, e);
        continue;
      }
      this.quitar(e);
      return true;
    }
    return false;
  }
}

/** The bookkeeping of one entry (its record, its place in two maps), roughly. */
const ENTRADA_BYTES = 120;

/**
 * The heap a value takes, roughly (V8's sizes on 64 bits, one-byte strings): enough to bound a
 * cache, not to account for it exactly. Walks plain objects, arrays, Maps, Sets and Dates.
 */
export function estimarBytes(v: unknown, profundidad = 0): number {
  if (typeof v === 'string') return 16 + v.length;
  if (v === null || typeof v !== 'object') return 8;
  // Deeper than any cached value goes: a cycle, not data.
  if (profundidad > 12) return 0;
  const p = profundidad + 1;
  let n: number;
  if (Array.isArray(v)) {
    n = 16 + 8 * v.length;
    for (const x of v) n += estimarBytes(x, p);
  } else if (v instanceof Map) {
    n = 32 + 24 * v.size;
    for (const [k, x] of v) n += estimarBytes(k, p) + estimarBytes(x, p);
  } else if (v instanceof Set) {
    n = 32 + 16 * v.size;
    for (const x of v) n += estimarBytes(x, p);
  } else if (v instanceof Date) {
    n = 32;
  } else {
    n = 24;
    for (const k in v) n += 8 + estimarBytes((v as Record<string, unknown>)[k], p);
  }
  return n;
}
