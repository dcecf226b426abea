import type { PlanEstado } from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { PlansRepository, tomarCupoSql, tomarCuposSql, type SuscripcionRow } from './plans.repository.js';

/** Who renews a due period (the payments, suscripciones.service.ts); true when something changed. */
export interface Renovador {
  renovar(entidadId: number): Promise<boolean>;
}

export class PlansService {
  /** The quota's statement that an order's creation composes (the allowed cross-module SQL). */
  readonly tomarCupoSql = tomarCupoSql;
  /** The same for a batch of orders (the maintenance scheduler's). */
  readonly tomarCuposSql = tomarCuposSql;

  /**
   * @param cache the plan state per company (key ''), read on every menu open and after every
   * login; `plan.cambiado` drops it (src/caches.ts).
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache: TenantCache<PlanEstado | null>,
    /** The payment-aware renewal (docs/PLANES.md); without it a due period renews for free. */
    private readonly renovador?: Renovador,
  ) {}

  /** The plan state remembered for the company, when still current; undefined when it must be read. */
  enMemoria(entidadId: number): PlanEstado | null | undefined {
    const hit = this.cache.get(entidadId, '');
    if (hit === undefined) return undefined;
    // A period (or a grace period) that ended is renewed on the next read, not served from memory.
    const ahora = this.clock.now().getTime();
    if ((hit?.fechaProximoVencimiento ?? Infinity) <= ahora) return undefined;
    if ((hit?.gracia?.hasta ?? Infinity) <= ahora) return undefined;
    return hit;
  }

  /** GET /api/v2/plan/estado: the company's plan and quota, renewing the period if it is due. */
  async estado(actor: Pick<Actor, 'entidadId'>): Promise<PlanEstado | null> {
    const hit = this.enMemoria(actor.entidadId);
    if (hit !== undefined) return hit;
    return this.cache.load(actor.entidadId, '', () => this.estadoDeEntidad(actor.entidadId));
  }

  estadoDeEntidad(entidadId: number, tx: DbOrTx = this.db): Promise<PlanEstado | null> {
    return leerEstadoDelPlan(tx, this.clock, entidadId, this.renovador);
  }

  /**
   * Starts the company's next period (or periods, after a long idle time) when its renewal date has
   * passed. True when a period was started. Each step is one atomic statement.
   */
  async renovarSiVencio(entidadId: number): Promise<boolean> {
    if (this.renovador) return this.renovador.renovar(entidadId);
    const repo = new PlansRepository(this.db);
    let renewed = false;
    for (let i = 0; i < 240 && (await repo.renewIfDue(entidadId, this.clock.now())); i++) renewed = true;
    return renewed;
  }
}

/**
 * The company's plan state right now, renewing its period first when it is due: through the
 * payment-aware renewal when there is one (the subscriptions'), otherwise for free.
 */
export async function leerEstadoDelPlan(
  tx: DbOrTx,
  clock: Clock,
  entidadId: number,
  renovador?: Renovador,
): Promise<PlanEstado | null> {
  const repo = new PlansRepository(tx);
  let row = await repo.estado(entidadId);
  if (!row) return null;
  const ahora = clock.now();
  if (row.fechaProximoVencimiento <= ahora || (row.graciaHasta && row.graciaHasta <= ahora)) {
    if (renovador) await renovador.renovar(entidadId);
    else {
      for (let i = 0; i < 240 && (await repo.renewIfDue(entidadId, clock.now())); i++) {
        // Each pass moves the renewal one month on; a company idle for years catches up here.
      }
    }
    row = (await repo.estado(entidadId)) ?? row;
  }
  return toEstado(row);
}

function toEstado(row: SuscripcionRow): PlanEstado {
  return {
    nombre: row.nombre,
    quota: row.quota,
    quotaDisponible: row.quotaDisponible,
    fechaProximoVencimiento: row.fechaProximoVencimiento.getTime(),
    gracia: row.graciaHasta ? { hasta: row.graciaHasta.getTime() } : null,
    pendiente: row.pendienteNombre
      ? { planNombre: row.pendienteNombre, desde: row.fechaProximoVencimiento.getTime() }
      : null,
  };
}
