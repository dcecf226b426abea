import type { Persona } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { empresa, type CacheDeclaration, type ManagedCache } from '../../kernel/cache-registry.js';
import { TenantCache, type LimitesCache } from '../../kernel/tenant-cache.js';

export interface PrioridadNombre {
  id: number;
  nombre: string;
  color: string;
  nivel: number;
}

/** What an order refers to by id, by name: one company's catalogue, kept in memory. */
export interface Nombres {
  entidad: string;
  clientes: Map<number, string>;
  tipos: Map<number, string>;
  areas: Map<number, string>;
  prioridades: Map<number, PrioridadNombre>;
  usuarios: Map<number, Persona>;
}

/** The ids an order (or a page of orders) needs names for. */
export interface Referencias {
  clientes?: (number | null)[];
  tipos?: (number | null)[];
  areas?: (number | null)[];
  prioridades?: (number | null)[];
  usuarios?: (number | null)[];
}

/**
 * The names cache's bounds and the events that drop a company's entry (ADR 0005): anything renamed,
 * in the clients, users or catalogue. Listed with every other cache in src/caches.ts; the orders
 * module builds and registers it (modules/orders/index.ts), its loader being the order reads.
 */
export const DECLARACION_NOMBRES = {
  nombre: 'nombres',
  ttlMs: 5 * 60_000,
  maxEntradas: 2_000,
  maxPorEntidad: 1,
  maxBytes: 16 * 1024 * 1024,
  invalidadaPor: {
    'clientes.cambiados': empresa,
    'clientes.cacheLimpiada': empresa,
    'usuarios.cambiados': empresa,
    'usuarios.cacheLimpiada': empresa,
    'catalogo.cambiado': empresa,
  },
} satisfies CacheDeclaration<never>;

/**
 * The names of a company's clients, types, areas, priorities and users, so that the order list
 * and detail read only the orders themselves: the names are joined here, not in every query.
 * The cache registry drops a company's entry on the events that rename anything
 * (also from other instances, through the bus); an id not found (created a moment ago, before its
 * event arrived) reloads the entry once.
 *
 * Inside a transaction the caller passes its `tx`: a miss is then read through the transaction and
 * not kept (it may see the transaction's uncommitted rows), and a load that another request has in
 * flight is not awaited (on PGlite it waits for the connection this transaction holds).
 */
export class NombresCache implements ManagedCache<never> {
  private readonly cache: TenantCache<Nombres>;
  private readonly cargando = new Map<number, Promise<Nombres>>();

  constructor(
    private readonly cargar: (entidadId: number, tx?: DbOrTx) => Promise<Nombres>,
    limites: LimitesCache,
    now: () => number = Date.now,
  ) {
    this.cache = new TenantCache<Nombres>({ ...limites, maxPorEntidad: 1, now });
  }

  olvidar(entidadId: number): void {
    this.cache.clear(entidadId);
    this.cargando.delete(entidadId);
  }

  invalidate(entidadId: number): void {
    this.olvidar(entidadId);
  }

  clearAll(): void {
    this.cache.clearAll();
    this.cargando.clear();
  }

  /**
   * The company's names, with every id of `refs` present (reloaded once when one is missing).
   * `tx`: the caller's transaction, through which a miss is read.
   */
  async de(entidadId: number, refs: Referencias = {}, tx?: DbOrTx): Promise<Nombres> {
    if (tx) {
      const hit = this.cache.get(entidadId, '');
      return hit && cubre(hit, refs) ? hit : this.cargar(entidadId, tx);
    }
    const n = await this.obtener(entidadId);
    if (cubre(n, refs)) return n;
    this.olvidar(entidadId);
    return this.obtener(entidadId);
  }

  private obtener(entidadId: number): Promise<Nombres> {
    const hit = this.cache.get(entidadId, '');
    if (hit) return Promise.resolve(hit);
    // Concurrent requests of one company share one load.
    let p = this.cargando.get(entidadId);
    if (!p) {
      p = this.cache.getOrLoad(entidadId, '', () => this.cargar(entidadId));
      this.cargando.set(entidadId, p);
      const quitar = () => {
        if (this.cargando.get(entidadId) === p) this.cargando.delete(entidadId);
      };
      p.then(quitar, quitar);
    }
    return p;
  }
}

function cubre(n: Nombres, refs: Referencias): boolean {
  const todos = (ids: (number | null)[] | undefined, m: Map<number, unknown>) =>
    !ids || ids.every((id) => id == null || m.has(id));
  return (
    todos(refs.clientes, n.clientes) &&
    todos(refs.tipos, n.tipos) &&
    todos(refs.areas, n.areas) &&
    todos(refs.prioridades, n.prioridades) &&
    todos(refs.usuarios, n.usuarios)
  );
}
