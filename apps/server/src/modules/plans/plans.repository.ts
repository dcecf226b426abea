import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { planes, suscripciones } from './plans.tables.js';

export interface SuscripcionRow {
  nombre: string;
  quota: number | null;
  quotaDisponible: number | null;
  fechaProximoVencimiento: Date;
}

export class PlansRepository {
  constructor(private readonly db: DbOrTx) {}

  async estado(entidadId: number): Promise<SuscripcionRow | undefined> {
    const rows = await this.db
      .select({
        nombre: planes.nombre,
        quota: suscripciones.quota,
        quotaDisponible: suscripciones.quotaDisponible,
        fechaProximoVencimiento: suscripciones.fechaProximoVencimiento,
      })
      .from(suscripciones)
      .innerJoin(planes, eq(planes.id, suscripciones.planId))
      .where(eq(suscripciones.entidadId, entidadId))
      .limit(1);
    return rows[0];
  }

  /**
   * Starts the next monthly period when the renewal date has passed: the quota is refilled and
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
      .where(
        and(
          eq(suscripciones.entidadId, entidadId),
          lte(suscripciones.fechaProximoVencimiento, now),
        ),
      )
      .returning({ entidadId: suscripciones.entidadId });
    return r.length > 0;
  }
}
