import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { filaInsertada, firstRow, hasRow } from '../../lib/queries.js';
import { pagos, pagosEventos, planes, suscripciones } from './plans.tables.js';

export type PlanRow = typeof planes.$inferSelect;
export type PagoRow = typeof pagos.$inferSelect;
export type SuscripcionRow = typeof suscripciones.$inferSelect;
export type PagoNuevo = typeof pagos.$inferInsert;

/** Payments, provider subscriptions and webhook events of a company (docs/PLANES.md). */
export class SuscripcionesRepository {
  constructor(private readonly db: DbOrTx) {}

  planesActivos(): Promise<PlanRow[]> {
    return this.db
      .select()
      .from(planes)
      .where(eq(planes.activo, true))
      .orderBy(asc(sql`${planes.precioMensual}::numeric`), asc(planes.id));
  }

  plan(id: number): Promise<PlanRow | undefined> {
    return firstRow(this.db.select().from(planes).where(eq(planes.id, id)));
  }

  /** The free plan companies fall back to: the first active plan of price 0. */
  planGratuito(): Promise<PlanRow | undefined> {
    return firstRow(
      this.db
        .select()
        .from(planes)
        .where(and(eq(planes.activo, true), sql`${planes.precioMensual} = 0`))
        .orderBy(asc(planes.id)),
    );
  }

  suscripcion(entidadId: number): Promise<SuscripcionRow | undefined> {
    return firstRow(this.db.select().from(suscripciones).where(eq(suscripciones.entidadId, entidadId)));
  }

  /** The company's subscription, locked until the transaction ends: one change at a time. */
  suscripcionBloqueada(entidadId: number): Promise<SuscripcionRow | undefined> {
    return firstRow(this.db.select().from(suscripciones).where(eq(suscripciones.entidadId, entidadId)).for('update'));
  }

  suscripcionPorProveedor(suscripcionId: string): Promise<SuscripcionRow | undefined> {
    return firstRow(
      this.db.select().from(suscripciones).where(eq(suscripciones.proveedorSuscripcionId, suscripcionId)),
    );
  }

  async actualizarSuscripcion(entidadId: number, v: Partial<Omit<SuscripcionRow, 'entidadId'>>): Promise<void> {
    await this.db.update(suscripciones).set(v).where(eq(suscripciones.entidadId, entidadId));
  }

  /** Starts the next monthly period: the quota refilled, the renewal one month on. */
  async renovarPeriodo(entidadId: number, v: Partial<Omit<SuscripcionRow, 'entidadId'>> = {}): Promise<void> {
    await this.db
      .update(suscripciones)
      .set({
        quotaDisponible: sql`${suscripciones.quota}`,
        periodoInicio: sql`${suscripciones.fechaProximoVencimiento}`,
        fechaProximoVencimiento: sql`${suscripciones.fechaProximoVencimiento} + interval '1 month'`,
        ...v,
      })
      .where(eq(suscripciones.entidadId, entidadId));
  }

  async insertPago(v: PagoNuevo): Promise<PagoRow> {
    return filaInsertada(this.db.insert(pagos).values(v).returning(), 'pago no creado');
  }

  async actualizarPago(id: number, v: Partial<Omit<PagoRow, 'id' | 'entidadId'>>): Promise<PagoRow | undefined> {
    const [row] = await this.db.update(pagos).set(v).where(eq(pagos.id, id)).returning();
    return row;
  }

  /**
   * The oldest payment that matches `donde`, locked for update (the webhook, the renewal and the
   * plan change read and then write it in one transaction) unless `bloquear` is false.
   */
  private primerPago(donde: SQL | undefined, { bloquear = true } = {}): Promise<PagoRow | undefined> {
    const q = this.db.select().from(pagos).where(donde).orderBy(asc(pagos.id)).$dynamic();
    return firstRow(bloquear ? q.for('update') : q);
  }

  pagoPorId(id: number): Promise<PagoRow | undefined> {
    return this.primerPago(eq(pagos.id, id));
  }

  pagoPorReferencia(proveedor: string, referencia: string): Promise<PagoRow | undefined> {
    return this.primerPago(and(eq(pagos.proveedor, proveedor), eq(pagos.referencia, referencia)));
  }

  /** The first charge of a subscription, before the provider named its payment. */
  pagoSinReferencia(proveedor: string, suscripcionRef: string): Promise<PagoRow | undefined> {
    return this.primerPago(
      and(eq(pagos.proveedor, proveedor), eq(pagos.suscripcionRef, suscripcionRef), isNull(pagos.referencia)),
    );
  }

  /** The oldest approved renewal charge not yet used for a period. */
  pagoSinAplicar(entidadId: number): Promise<PagoRow | undefined> {
    return this.primerPago(
      and(
        eq(pagos.entidadId, entidadId),
        eq(pagos.estado, 'aprobado'),
        eq(pagos.proposito, 'renovacion'),
        eq(pagos.aplicado, false),
      ),
    );
  }

  /** The plan change waiting for the provider, if any (at most one: pagos_cambio_en_curso_uq). */
  cambioEnCurso(entidadId: number): Promise<PagoRow | undefined> {
    return this.primerPago(
      and(eq(pagos.entidadId, entidadId), eq(pagos.estado, 'pendiente'), eq(pagos.proposito, 'cambio')),
      { bloquear: false },
    );
  }

  listarPagos(entidadId: number, limite = 200): Promise<(PagoRow & { planNombre: string })[]> {
    return this.db
      .select({
        id: pagos.id,
        entidadId: pagos.entidadId,
        planId: pagos.planId,
        monto: pagos.monto,
        moneda: pagos.moneda,
        estado: pagos.estado,
        proposito: pagos.proposito,
        proveedor: pagos.proveedor,
        referencia: pagos.referencia,
        suscripcionRef: pagos.suscripcionRef,
        detalle: pagos.detalle,
        tarjeta: pagos.tarjeta,
        aplicado: pagos.aplicado,
        creado: pagos.creado,
        actualizado: pagos.actualizado,
        planNombre: planes.nombre,
      })
      .from(pagos)
      .innerJoin(planes, eq(planes.id, pagos.planId))
      .where(eq(pagos.entidadId, entidadId))
      .orderBy(desc(pagos.creado), desc(pagos.id))
      .limit(limite);
  }

  async eventoRegistrado(proveedor: string, eventoId: string): Promise<boolean> {
    return hasRow(
      this.db
        .select({ eventoId: pagosEventos.eventoId })
        .from(pagosEventos)
        .where(and(eq(pagosEventos.proveedor, proveedor), eq(pagosEventos.eventoId, eventoId))),
    );
  }

  /** Records a webhook event; false when it was already recorded (a replay). */
  async registrarEvento(proveedor: string, eventoId: string, ahora: Date): Promise<boolean> {
    const r = await this.db
      .insert(pagosEventos)
      .values({ proveedor, eventoId, recibido: ahora })
      .onConflictDoNothing()
      .returning({ eventoId: pagosEventos.eventoId });
    return r.length > 0;
  }

  /**
   * The addresses the payment mails go to: the company's active owners, or its admins when it has
   * no owner with an email. Reads the users' tables in one query (like the names of reports).
   */
  async correosDeDuenos(entidadId: number): Promise<string[]> {
    const r = await this.db.execute<{ email: string; rol: string }>(sql`
      select distinct u.email, r.nombre as rol
        from usuarios u
        join usuario_roles ur on ur.usuario_id = u.id
        join roles r on r.id = ur.rol_id
       where u.entidad_id = ${entidadId} and u.activo and u.email is not null and u.email <> ''
         and r.nombre in ('PROPIETARIO', 'ADMIN')`);
    const filas = r.rows;
    const duenos = filas.filter((f) => f.rol === 'PROPIETARIO').map((f) => f.email);
    return [...new Set(duenos.length ? duenos : filas.map((f) => f.email))];
  }
}
