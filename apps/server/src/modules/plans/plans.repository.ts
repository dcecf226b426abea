import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../kernel/db/client.js';
import { firstRow } from '../../lib/queries.js';
import { planes, suscripciones } from './plans.tables.js';

export interface SuscripcionRow {
  nombre: string;
  quota: number | null;
  quotaDisponible: number | null;
  fechaProximoVencimiento: Date;
  graciaHasta: Date | null;
  pendienteNombre: string | null;
}

const planPendiente = alias(planes, 'plan_pendiente');

/**
 * The statement that takes one order from the company's quota of the current period, as a
 * fragment for a CTE of another module's write (the order create: quota, number and order in one
 * atomic statement; docs/ARCHITECTURE.md). It returns one row when it took one: the period has not
 * ended at `ahora`, the quota is unlimited or not used up, and `si` holds. Being one UPDATE with
 * the check in its WHERE, concurrent creates never take more than there is.
 *
 * @param ahora a timestamptz expression.
 * @param si a boolean expression: nothing is taken unless it is true.
 */
export function tomarCupoSql(entidadId: number, ahora: SQL, si: SQL): SQL {
  return sql`update suscripciones set quota_disponible = quota_disponible - 1
        where entidad_id = ${entidadId} and fecha_proximo_vencimiento > ${ahora}
          and (quota_disponible is null or quota_disponible > 0)
          and ${si}
        returning 1`;
}

/**
 * Like `tomarCupoSql`, for several orders of one company at once (the maintenance scheduler's
 * batch): takes up to `cuantos` from the quota of the current period, as many as are left (all of
 * them when the quota is unlimited), and returns one row `tomadas` (how many it took, at least 1);
 * none when the period has ended at `ahora`, nothing is left, or `cuantos` is not above 0.
 *
 * The row is read `for update` in the statement's own subquery: under READ COMMITTED that read
 * waits for a concurrent create and gives the row as it committed, and the UPDATE then writes over
 * that same version (PostgreSQL rechecks it with the subquery's row), so what is taken is never
 * more than what is left, however many creates run at once.
 *
 * @param ahora a timestamptz expression.
 * @param cuantos an integer expression: how many orders want quota.
 */
export function tomarCuposSql(entidadId: number, ahora: SQL, cuantos: SQL): SQL {
  return sql`update suscripciones s set quota_disponible = s.quota_disponible - t.tomadas
          from (select entidad_id,
                       case when quota_disponible is null then ${cuantos} else least(quota_disponible, ${cuantos}) end as tomadas
                  from suscripciones
                 where entidad_id = ${entidadId} and fecha_proximo_vencimiento > ${ahora}
                 for update) t
         where s.entidad_id = t.entidad_id and t.tomadas > 0
        returning t.tomadas`;
}

export class PlansRepository {
  constructor(private readonly db: DbOrTx) {}

  estado(entidadId: number): Promise<SuscripcionRow | undefined> {
    return firstRow(
      this.db
        .select({
          nombre: planes.nombre,
          quota: suscripciones.quota,
          quotaDisponible: suscripciones.quotaDisponible,
          fechaProximoVencimiento: suscripciones.fechaProximoVencimiento,
          graciaHasta: suscripciones.graciaHasta,
          pendienteNombre: planPendiente.nombre,
        })
        .from(suscripciones)
        .innerJoin(planes, eq(planes.id, suscripciones.planId))
        .leftJoin(planPendiente, eq(planPendiente.id, suscripciones.planPendienteId))
        .where(eq(suscripciones.entidadId, entidadId)),
    );
  }

  /**
   * Without payments (no `Renovador`): starts the next monthly period when the renewal date has passed: the quota is refilled and
   * the renewal moves one month on. One statement, so concurrent callers renew once.
   */
  async renewIfDue(entidadId: number, now: Date): Promise<boolean> {
    const r = await this.db
      .update(suscripciones)
      .set({
        quotaDisponible: sql`${suscripciones.quota}`,
        periodoInicio: sql`${suscripciones.fechaProximoVencimiento}`,
        fechaProximoVencimiento: sql`${suscripciones.fechaProximoVencimiento} + interval '1 month'`,
      })
      .where(and(eq(suscripciones.entidadId, entidadId), lte(suscripciones.fechaProximoVencimiento, now)))
      .returning({ entidadId: suscripciones.entidadId });
    return r.length > 0;
  }
}
