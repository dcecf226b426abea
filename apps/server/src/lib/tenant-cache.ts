import type { ManagedCache } from './cache-registry.js';

/**
 * Values cached per company (and a key within it), emptied as a whole for one company when its
 * data changes or a client asks (GET /api/v2/clientes/cache/clean).
 *
 * A load that started before the company's data changed must not store what it read: every
 * `clear` moves the company to a new generation, and a load keeps its result only when the
 * generation is still the one it started in.
 */
export class TenantCache<T> implements ManagedCache<string> {
  private readonly byEntidad = new Map<number, Map<string, { value: T; at: number }>>();
  private readonly generations = new Map<number, number>();
  /** Moved on by clearAll: a load that started before it keeps nothing either. */
  private epoch = 0;

  /**
   * @param maxPerEntidad a company's entries beyond this many start its map afresh.
   * @param maxEntidades companies beyond this many push out the one cached longest ago.
   * @param ttlMs an entry older than this is read again (a guard; changes are announced by events).
   */
  constructor(
    private readonly maxPerEntidad = 1000,
    private readonly maxEntidades = 5000,
    private readonly ttlMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  get(entidadId: number, key: string): T | undefined {
    const e = this.byEntidad.get(entidadId)?.get(key);
    if (!e) return undefined;
    if (this.now() - e.at >= this.ttlMs) return undefined;
    return e.value;
  }

  set(entidadId: number, key: string, value: T): void {
    let m = this.byEntidad.get(entidadId);
    if (!m) {
      if (this.byEntidad.size >= this.maxEntidades) {
        const oldest = this.byEntidad.keys().next().value;
        if (oldest !== undefined) this.byEntidad.delete(oldest);
      }
      this.byEntidad.set(entidadId, (m = new Map()));
    }
    if (m.size >= this.maxPerEntidad && !m.has(key)) m.clear();
    m.set(key, { value, at: this.now() });
  }

  async getOrLoad(entidadId: number, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get(entidadId, key);
    if (hit !== undefined) return hit;
    return this.load(entidadId, key, load);
  }

  /** Loads the value and keeps it, unless the company was invalidated while it loaded. */
  async load(entidadId: number, key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generations.get(entidadId) ?? 0;
    const epoch = this.epoch;
    const value = await load();
    if ((this.generations.get(entidadId) ?? 0) === generation && this.epoch === epoch) this.set(entidadId, key, value);
    return value;
  }

  clear(entidadId: number): void {
    this.byEntidad.delete(entidadId);
    this.generations.set(entidadId, (this.generations.get(entidadId) ?? 0) + 1);
  }

  /** Drops the given keys of a company, or all of it (a later load of the company keeps nothing stale). */
  invalidate(entidadId: number, keys?: readonly string[]): void {
    if (!keys) {
      this.clear(entidadId);
      return;
    }
    const m = this.byEntidad.get(entidadId);
    for (const k of keys) m?.delete(k);
    this.generations.set(entidadId, (this.generations.get(entidadId) ?? 0) + 1);
  }

  clearAll(): void {
    this.byEntidad.clear();
    this.generations.clear();
    this.epoch++;
  }
}
