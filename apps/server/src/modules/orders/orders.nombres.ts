import { sql } from 'drizzle-orm';
import type { Persona } from '@delego/contract';
import type { DbOrTx } from '../../db/client.js';
import type { EventBus } from '../../lib/bus.js';
import { TenantCache } from '../../lib/tenant-cache.js';

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

/** Events after which a company's names may have changed. */
const CAMBIAN_NOMBRES = new Set([
  'clientes.cambiados',
  'clientes.cacheLimpiada',
  'usuarios.cambiados',
  'usuarios.cacheLimpiada',
  'catalogo.cambiado',
]);

type Fila<T extends unknown[]> = T[];
const asJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * The names of a company's clients, types, areas, priorities and users, so that the order list
 * and detail read only the orders themselves: the names are joined here, not in every query.
 * A change of any of them publishes an event (also from other instances, through the bus) that
 * drops the company's entry; an id not found (created a moment ago, before its event arrived)
 * reloads the entry once.
 */
export class NombresCache {
  private readonly cache = new TenantCache<Nombres>(1);
  private readonly cargando = new Map<number, Promise<Nombres>>();

  constructor(
    private readonly db: DbOrTx,
    bus: EventBus,
  ) {
    bus.subscribe((e) => {
      if (CAMBIAN_NOMBRES.has(e.type)) this.olvidar(e.entidadId);
    });
  }

  olvidar(entidadId: number): void {
    this.cache.clear(entidadId);
    this.cargando.delete(entidadId);
  }

  /** The company's names, with every id of `refs` present (reloaded once when one is missing). */
  async de(entidadId: number, refs: Referencias = {}): Promise<Nombres> {
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

  private async cargar(entidadId: number): Promise<Nombres> {
    const r = await this.db.execute(sql`
      select (select nombre from entidades where id = ${entidadId}) as entidad,
             coalesce((select json_agg(json_build_array(id, nombre)) from clientes where entidad_id = ${entidadId}), '[]'::json) as clientes,
             coalesce((select json_agg(json_build_array(id, nombre)) from tipos_orden where entidad_id = ${entidadId}), '[]'::json) as tipos,
             coalesce((select json_agg(json_build_array(id, nombre)) from areas where entidad_id = ${entidadId}), '[]'::json) as areas,
             coalesce((select json_agg(json_build_array(id, nombre, color, nivel)) from prioridades where entidad_id = ${entidadId}), '[]'::json) as prioridades,
             coalesce((select json_agg(json_build_array(id, usuario, nombre, apellido)) from usuarios where entidad_id = ${entidadId}), '[]'::json) as usuarios`);
    const row = r.rows[0] as Record<string, unknown>;
    const pares = (v: unknown) => new Map(asJson<Fila<[number, string]>>(v).map(([id, nombre]) => [id, nombre]));
    return {
      entidad: String(row.entidad ?? ''),
      clientes: pares(row.clientes),
      tipos: pares(row.tipos),
      areas: pares(row.areas),
      prioridades: new Map(
        asJson<Fila<[number, string, string, number]>>(row.prioridades).map(([id, nombre, color, nivel]) => [
          id,
          { id, nombre, color, nivel },
        ]),
      ),
      usuarios: new Map(
        asJson<Fila<[number, string, string, string]>>(row.usuarios).map(([id, usuario, nombre, apellido]) => [
          id,
          { id, usuario, nombre, apellido },
        ]),
      ),
    };
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
