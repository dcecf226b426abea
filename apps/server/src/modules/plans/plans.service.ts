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

  /** GET /api/v2/plan/estado: the company's plan and quota, renewing the period if it is due. */
  async estado(actor: Pick<Actor, 'entidadId'>): Promise<PlanEstado | null> {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(actor.entidadId);
    if (hit && hit.until > now && (hit.estado?.fechaProximoVencimiento ?? Infinity) > now) return hit.estado;
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
   * Takes one order from the company's quota inside the caller's transaction, starting a new
   * period first if one is due. False when the period's quota is used up.
   */
  async tomarUna(tx: DbOrTx, entidadId: number): Promise<boolean> {
    const repo = new PlansRepository(tx);
    const now = this.clock.now();
    if ((await repo.take(entidadId, now)).ok) return true;
    // Nothing taken: either the quota is used up, or the period ended and must be renewed first.
    let renewed = false;
    for (let i = 0; i < 240 && (await repo.renewIfDue(entidadId, now)); i++) renewed = true;
    return renewed ? (await repo.take(entidadId, now)).ok : false;
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
