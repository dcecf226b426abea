import type { PlanEstado } from '@delego/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { EventBus } from '../../lib/bus.js';
import { PlansRepository, type SuscripcionRow } from './plans.repository.js';

/** How long a company's plan state is served from memory when nothing announces a change. */
const CACHE_TTL_MS = 5_000;

export class PlansService {
  /**
   * The plan state per company, read on every menu open and after every login. Any change of
   * quota publishes `plan.cambiado` (across instances through the bus), which drops the entry.
   */
  private readonly cache = new Map<number, { estado: PlanEstado | null; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    bus?: EventBus,
  ) {
    bus?.subscribe((e) => {
      if (e.type === 'plan.cambiado') this.cache.delete(e.entidadId);
    });
  }

  /** The plan state remembered for the company, when still current; undefined when it must be read. */
  enMemoria(entidadId: number): PlanEstado | null | undefined {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(entidadId);
    if (hit && hit.until > now && (hit.estado?.fechaProximoVencimiento ?? Infinity) > now) return hit.estado;
    return undefined;
  }

  /** GET /api/v2/plan/estado: the company's plan and quota, renewing the period if it is due. */
  async estado(actor: Pick<Actor, 'entidadId'>): Promise<PlanEstado | null> {
    const hit = this.enMemoria(actor.entidadId);
    if (hit !== undefined) return hit;
    const now = this.clock.now().getTime();
    const estado = await this.estadoDeEntidad(actor.entidadId);
    this.cache.set(actor.entidadId, { estado, until: now + CACHE_TTL_MS });
    return estado;
  }

  async estadoDeEntidad(entidadId: number, tx: DbOrTx = this.db): Promise<PlanEstado | null> {
    const repo = new PlansRepository(tx);
    let row = await repo.estado(entidadId);
    if (!row) return null;
    if (row.fechaProximoVencimiento <= this.clock.now()) {
      for (let i = 0; i < 240 && (await repo.renewIfDue(entidadId, this.clock.now())); i++) {
        // Each pass moves the renewal one month on; a company idle for years catches up here.
      }
      row = (await repo.estado(entidadId)) ?? row;
    }
    return toEstado(row);
  }

  /**
   * Starts the company's next period (or periods, after a long idle time) when its renewal date has
   * passed. True when a period was started. Each step is one atomic statement.
   */
  async renovarSiVencio(entidadId: number): Promise<boolean> {
    const repo = new PlansRepository(this.db);
    let renewed = false;
    for (let i = 0; i < 240 && (await repo.renewIfDue(entidadId, this.clock.now())); i++) renewed = true;
    return renewed;
  }
}

function toEstado(row: SuscripcionRow): PlanEstado {
  return {
    nombre: row.nombre,
    quota: row.quota,
    quotaDisponible: row.quotaDisponible,
    fechaProximoVencimiento: row.fechaProximoVencimiento.getTime(),
  };
}
