import type { PlanEstado } from '@delego/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { PlansRepository, type SuscripcionRow } from './plans.repository.js';

export class PlansService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** GET /api/v2/plan/estado: the company's plan and quota, renewing the period if it is due. */
  async estado(actor: Pick<Actor, 'entidadId'>): Promise<PlanEstado | null> {
    return this.estadoDeEntidad(actor.entidadId);
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
    const row = await repo.estado(entidadId);
    if (!row) return true;
    if (row.fechaProximoVencimiento <= this.clock.now()) {
      for (let i = 0; i < 240 && (await repo.renewIfDue(entidadId, this.clock.now())); i++) {
        // Catch up on missed periods.
      }
    }
    return (await repo.take(entidadId)).ok;
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
