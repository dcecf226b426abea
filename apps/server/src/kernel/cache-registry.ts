import type { BusLog, DomainEvent, DomainEventType, EventBus, EventOf } from './bus.js';
import type { LimitesCache } from './tenant-cache.js';

/**
 * What an event drops from a cache: a company's entries, or only some keys of it (`K` is the
 * cache's own key: a string for TenantCache, a user id for the credential cache).
 */
export interface Invalidacion<K> {
  entidadId: number;
  keys?: readonly K[];
}

/**
 * The domain events that invalidate a cache, each with what it drops. Keyed by the closed set of
 * event names: a misspelt name does not compile, and each function receives its own event's fields.
 */
export type InvalidadaPor<K> = { [T in DomainEventType]?: (e: EventOf<T>) => Invalidacion<K> };

/**
 * A cache's name, its invalidating events and its bounds: time (`ttlMs`, an entry is read again
 * after this long whatever happens, a guard against a missed event) and size (`maxEntradas`, and
 * `maxBytes` where values vary in size), past which the least recently used entries go.
 */
export interface CacheDeclaration<K> extends LimitesCache {
  /** For logs and the list of caches (docs/ARCHITECTURE.md). */
  nombre: string;
  invalidadaPor: InvalidadaPor<K>;
}

/** What the registry needs of a cache. */
export interface ManagedCache<K> {
  /** Drops a company's entries, or only `keys` of it. */
  invalidate(entidadId: number, keys?: readonly K[]): void;
  /** Drops everything: after a bus resync this instance may have missed any change. */
  clearAll(): void;
}

/** The usual invalidation: the event's company, all of it. */
export const empresa = (e: { entidadId: number }): Invalidacion<never> => ({ entidadId: e.entidadId });

/**
 * A module's yes/no per company (`nombre`), one entry each, dropped for the company on every
 * instance by `evento` and read again after a minute at most (the usual guard): for a probe most
 * companies answer «no» until they start using a feature (SLA policies, WhatsApp consents, issue 37).
 */
export function banderaPorEmpresa(nombre: string, evento: DomainEventType): CacheDeclaration<string> {
  return {
    nombre,
    ttlMs: 60_000,
    maxEntradas: 10_000,
    maxPorEntidad: 1,
    invalidadaPor: { [evento]: empresa } as InvalidadaPor<string>,
  };
}

type Regla = (e: DomainEvent) => void;

/**
 * Every in-memory cache of the server, with its invalidation wired in one place: one subscription
 * to the bus drops what each event names in each cache, and a bus resync (the PostgreSQL listener
 * came back; events of other instances may have been lost) clears every cache.
 */
export class CacheRegistry {
  private readonly caches: { declaracion: CacheDeclaration<unknown>; cache: ManagedCache<unknown> }[] = [];
  private readonly reglas = new Map<DomainEventType, { nombre: string; regla: Regla }[]>();

  constructor(
    bus: EventBus,
    private readonly log: BusLog,
  ) {
    bus.subscribe((e) => this.alEvento(e));
    bus.onResync(() => this.clearAll());
  }

  /** Registers a cache under its declaration and returns it. */
  register<K, C extends ManagedCache<K>>(declaracion: CacheDeclaration<K>, cache: C): C {
    if (!(Number.isFinite(declaracion.ttlMs) && declaracion.ttlMs >= 0)) {
      throw new Error(`la caché ${declaracion.nombre} necesita un TTL finito`);
    }
    const { maxEntradas, maxPorEntidad, maxBytes } = declaracion;
    const limiteValido = (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n >= 1);
    if (!(
      Number.isSafeInteger(maxEntradas) &&
      maxEntradas >= 1 &&
      limiteValido(maxPorEntidad) &&
      limiteValido(maxBytes)
    )) {
      throw new Error(`la caché ${declaracion.nombre} necesita un tamaño máximo finito`);
    }
    this.caches.push({ declaracion, cache: cache as ManagedCache<unknown> });
    for (const [tipo, fn] of Object.entries(declaracion.invalidadaPor) as [
      DomainEventType,
      (e: DomainEvent) => Invalidacion<K>,
    ][]) {
      const regla: Regla = (e) => {
        const inv = fn(e);
        cache.invalidate(inv.entidadId, inv.keys);
      };
      let lista = this.reglas.get(tipo);
      if (!lista) this.reglas.set(tipo, (lista = []));
      lista.push({ nombre: declaracion.nombre, regla });
    }
    return cache;
  }

  private alEvento(e: DomainEvent): void {
    const lista = this.reglas.get(e.type);
    if (!lista) return;
    // One cache failing must not keep the others stale.
    for (const { nombre, regla } of lista) {
      try {
        regla(e);
      } catch (err) {
        this.log.error({ err, cache: nombre, evento: e.type }, 'cache.invalidacionFallo');
      }
    }
  }

  /** Empties every cache (bus resync). */
  clearAll(): void {
    for (const { declaracion, cache } of this.caches) {
      try {
        cache.clearAll();
      } catch (err) {
        this.log.error({ err, cache: declaracion.nombre }, 'cache.vaciadoFallo');
      }
    }
  }

  /** Each registered cache: its name, bounds and the events that invalidate it. */
  declaraciones(): (LimitesCache & { nombre: string; eventos: DomainEventType[] })[] {
    return this.caches.map(({ declaracion }) => ({
      nombre: declaracion.nombre,
      ttlMs: declaracion.ttlMs,
      maxEntradas: declaracion.maxEntradas,
      maxPorEntidad: declaracion.maxPorEntidad,
      maxBytes: declaracion.maxBytes,
      eventos: Object.keys(declaracion.invalidadaPor) as DomainEventType[],
    }));
  }
}
