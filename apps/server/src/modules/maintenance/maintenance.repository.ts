import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../kernel/db/client.js';
import { filaInsertada } from '../../lib/queries.js';
import { clientes } from '../clients/clients.tables.js';
import { mantenimientoAvisos, mantenimientoOcurrencias, mantenimientos } from './maintenance.tables.js';

export type PlanFila = typeof mantenimientos.$inferSelect;
export type PlanNuevo = typeof mantenimientos.$inferInsert;
export type OcurrenciaFila = typeof mantenimientoOcurrencias.$inferSelect;

/** What the scheduler reads of a plan to write its due days. */
export type PlanAGenerar = Pick<PlanFila, 'id' | 'entidadId' | 'regla' | 'inicio' | 'fin' | 'anticipacion' | 'proxima'>;

/** An open occurrence with its plan's template, as the scheduler creates its order. */
export type OcurrenciaAbierta = Pick<OcurrenciaFila, 'id' | 'entidadId' | 'fecha' | 'estado'> & {
  plan: Pick<
    PlanFila,
    | 'id'
    | 'clienteId'
    | 'titulo'
    | 'detalle'
    | 'tipoOrdenId'
    | 'areaId'
    | 'prioridadId'
    | 'responsables'
    | 'creadoPor'
    | 'ubicacionId'
    | 'equipoId'
  >;
};

const ABIERTAS = ['pendiente', 'esperando_cupo'];

/** Which of a plan's references are the company's and usable (each false one is a 400 on its field). */
type ReferenciasValidas = Record<
  'cliente' | 'tipo' | 'area' | 'prioridad' | 'usuarios' | 'ubicacion' | 'equipo',
  boolean
>;

/** SQL of the maintenance plans and their occurrences, always filtered by company. */
export class MaintenanceRepository {
  constructor(private readonly db: DbOrTx) {}

  async planes(
    entidadId: number,
    clientesVisibles: readonly number[] | null,
  ): Promise<(PlanFila & { clienteNombre: string })[]> {
    const filtro = clientesVisibles === null ? undefined : inArray(mantenimientos.clienteId, [...clientesVisibles]);
    return this.db
      .select({ plan: mantenimientos, clienteNombre: clientes.nombre })
      .from(mantenimientos)
      .innerJoin(clientes, eq(clientes.id, mantenimientos.clienteId))
      .where(and(eq(mantenimientos.entidadId, entidadId), filtro))
      .orderBy(asc(mantenimientos.id))
      .then((r) => r.map((f) => ({ ...f.plan, clienteNombre: f.clienteNombre })));
  }

  async plan(entidadId: number, id: number): Promise<(PlanFila & { clienteNombre: string }) | undefined> {
    const [f] = await this.db
      .select({ plan: mantenimientos, clienteNombre: clientes.nombre })
      .from(mantenimientos)
      .innerJoin(clientes, eq(clientes.id, mantenimientos.clienteId))
      .where(and(eq(mantenimientos.entidadId, entidadId), eq(mantenimientos.id, id)));
    return f && { ...f.plan, clienteNombre: f.clienteNombre };
  }

  /** The open, failed and latest created occurrences of some plans (the list shows them). */
  async ocurrenciasDe(entidadId: number, planes: readonly number[]): Promise<OcurrenciaFila[]> {
    if (!planes.length) return [];
    const r = await this.db.execute<OcurrenciaFila>(sql`
      select id, entidad_id as "entidadId", mantenimiento_id as "mantenimientoId", fecha, estado,
             orden_id as "ordenId", motivo, creada, actualizada
        from (select o.*, row_number() over (partition by mantenimiento_id, estado = 'creada' order by fecha desc) as n
                from mantenimiento_ocurrencias o
               where o.entidad_id = ${entidadId} and o.mantenimiento_id = any(${sql.param([...planes])}::int[])) x
       where estado <> 'creada' or n <= 5
       order by fecha`);
    return r.rows;
  }

  /** Whether the client is the company's and active, and how many of the template's references are. */
  async referencias(
    entidadId: number,
    r: {
      cliente: number;
      tipoOrden: number | null;
      area: number | null;
      prioridad: number | null;
      responsables: number[];
      ubicacion: number | null;
      equipo: number | null;
    },
  ): Promise<ReferenciasValidas> {
    const [f] = (
      await this.db.execute<ReferenciasValidas>(sql`
      select exists(select 1 from clientes where id = ${r.cliente} and entidad_id = ${entidadId} and activo) as cliente,
             (${r.tipoOrden}::int is null or exists(select 1 from tipos_orden where id = ${r.tipoOrden} and entidad_id = ${entidadId} and not archivado)) as tipo,
             (${r.area}::int is null or exists(select 1 from areas where id = ${r.area} and entidad_id = ${entidadId} and not archivada)) as area,
             (${r.prioridad}::int is null or exists(select 1 from prioridades where id = ${r.prioridad} and entidad_id = ${entidadId})) as prioridad,
             (select count(*) from usuarios where id = any(${sql.param(r.responsables)}::int[]) and entidad_id = ${entidadId} and activo)
               = cardinality(${sql.param(r.responsables)}::int[]) as usuarios,
             (${r.ubicacion}::int is null or exists(select 1 from ubicaciones where id = ${r.ubicacion} and entidad_id = ${entidadId} and cliente_id = ${r.cliente})) as ubicacion,
             (${r.equipo}::int is null or exists(select 1 from equipos where id = ${r.equipo} and entidad_id = ${entidadId} and cliente_id = ${r.cliente}
                and (ubicacion_id is null or ${r.ubicacion}::int is null or ubicacion_id = ${r.ubicacion}::int))) as equipo`)
    ).rows;
    return f!;
  }

  async insertar(p: PlanNuevo): Promise<number> {
    const f = await filaInsertada(
      this.db.insert(mantenimientos).values(p).returning({ id: mantenimientos.id }),
      'plan no creado',
    );
    return f.id;
  }

  async actualizar(entidadId: number, id: number, p: Partial<PlanNuevo>): Promise<boolean> {
    const r = await this.db
      .update(mantenimientos)
      .set(p)
      .where(and(eq(mantenimientos.entidadId, entidadId), eq(mantenimientos.id, id)))
      .returning({ id: mantenimientos.id });
    return r.length > 0;
  }

  async borrar(entidadId: number, id: number): Promise<boolean> {
    const r = await this.db
      .delete(mantenimientos)
      .where(and(eq(mantenimientos.entidadId, entidadId), eq(mantenimientos.id, id)))
      .returning({ id: mantenimientos.id });
    return r.length > 0;
  }

  /** Drops the occurrences of a plan that have no order yet (its rule changed). */
  async borrarAbiertas(entidadId: number, planId: number): Promise<void> {
    await this.db
      .delete(mantenimientoOcurrencias)
      .where(
        and(
          eq(mantenimientoOcurrencias.entidadId, entidadId),
          eq(mantenimientoOcurrencias.mantenimientoId, planId),
          inArray(mantenimientoOcurrencias.estado, [...ABIERTAS, 'fallida']),
        ),
      );
  }

  // ---------------------------------------------------------------------------------------------
  // The scheduler (every company: it runs for all of them, each row keeps its own entidad_id)

  /** Active plans whose next due day must be written by `hoy`, locked; other instances skip them. */
  async planesAGenerar(tx: Tx, hoy: string, limite: number): Promise<PlanAGenerar[]> {
    const r = await tx.execute<PlanAGenerar>(sql`
      select id, entidad_id as "entidadId", regla, inicio, fin, anticipacion, proxima
        from mantenimientos
       where activo and generar_desde is not null and generar_desde <= ${hoy}
       order by id
       limit ${limite}
       for update skip locked`);
    return r.rows;
  }

  /** Writes due days (once: the unique key ignores a day already written). */
  async insertarOcurrencias(
    tx: Tx,
    filas: { entidadId: number; mantenimientoId: number; fecha: string }[],
  ): Promise<void> {
    if (!filas.length) return;
    await tx
      .insert(mantenimientoOcurrencias)
      .values(filas.map((f) => ({ ...f, estado: 'pendiente' })))
      .onConflictDoNothing();
  }

  /** Moves each plan's cursor: its next unwritten due day and the day to write it. */
  async moverCursores(tx: Tx, c: { id: number; proxima: string | null; generarDesde: string | null }[]): Promise<void> {
    if (!c.length) return;
    await tx.execute(sql`
      update mantenimientos m set proxima = v.p, generar_desde = v.g
        from unnest(${sql.param(c.map((x) => x.id))}::int[], ${sql.param(c.map((x) => x.proxima))}::text[],
                    ${sql.param(c.map((x) => x.generarDesde))}::text[]) as v(id, p, g)
       where m.id = v.id`);
  }

  /**
   * `tras_finalizar` plans waiting for their last order to be finished, whose order now is: the day
   * it was finished in `zona`.
   */
  async trasFinalizarListos(
    zona: string,
  ): Promise<
    { id: number; entidadId: number; finalizada: string; dias: number; fin: string | null; anticipacion: number }[]
  > {
    const r = await this.db.execute<{
      id: number;
      entidadId: number;
      finalizada: string;
      dias: number;
      fin: string | null;
      anticipacion: number;
    }>(sql`
      select m.id, m.entidad_id as "entidadId", m.fin, m.anticipacion, (m.regla->>'dias')::int as dias,
             to_char((o.finalizada at time zone ${zona})::date, 'YYYY-MM-DD') as finalizada
        from mantenimientos m
        join lateral (select orden_id from mantenimiento_ocurrencias oc
                       where oc.mantenimiento_id = m.id order by oc.fecha desc limit 1) u on true
        join ordenes o on o.id = u.orden_id and o.entidad_id = m.entidad_id
       where m.activo and m.regla->>'tipo' = 'tras_finalizar' and m.proxima is null
         and o.finalizada is not null and o.eliminada is null`);
    return r.rows;
  }

  /** Companies with occurrences still without an order (their quota may need renewing first). */
  async entidadesConAbiertas(): Promise<number[]> {
    const r = await this.db.execute<{ entidadId: number }>(sql`
      select distinct entidad_id as "entidadId" from mantenimiento_ocurrencias where estado in ('pendiente', 'esperando_cupo')`);
    return r.rows.map((f) => f.entidadId);
  }

  /** A batch of open occurrences after `desdeId`, locked; other instances skip them. */
  async abiertas(tx: Tx, desdeId: number, limite: number, entidadId?: number): Promise<OcurrenciaAbierta[]> {
    const r = await tx.execute<OcurrenciaAbierta>(sql`
      select oc.id, oc.entidad_id as "entidadId", oc.fecha, oc.estado,
             json_build_object('id', m.id, 'clienteId', m.cliente_id, 'titulo', m.titulo, 'detalle', m.detalle,
               'tipoOrdenId', m.tipo_orden_id, 'areaId', m.area_id, 'prioridadId', m.prioridad_id,
               'responsables', m.responsables, 'creadoPor', m.creado_por,
               'ubicacionId', m.ubicacion_id, 'equipoId', m.equipo_id) as plan
        from mantenimiento_ocurrencias oc
        join mantenimientos m on m.id = oc.mantenimiento_id
       where oc.estado in ('pendiente', 'esperando_cupo') and oc.id > ${desdeId}
         ${entidadId === undefined ? sql`` : sql`and oc.entidad_id = ${entidadId}`}
       order by oc.id
       limit ${limite}
       for update of oc skip locked`);
    return r.rows;
  }

  /** The occurrences whose order was just created, in one statement. */
  async marcarCreadas(tx: Tx, creadas: { id: number; ordenId: number }[], ahora: Date): Promise<void> {
    if (!creadas.length) return;
    await tx.execute(sql`
      update mantenimiento_ocurrencias o set estado = 'creada', orden_id = v.orden, motivo = null, actualizada = ${ahora}
        from unnest(${sql.param(creadas.map((c) => c.id))}::int[], ${sql.param(creadas.map((c) => c.ordenId))}::int[]) as v(id, orden)
       where o.id = v.id`);
  }

  /** The occurrences whose order was refused (not for quota), each with its reason, in one statement. */
  async marcarFallidas(tx: Tx, fallidas: { id: number; motivo: string }[], ahora: Date): Promise<void> {
    if (!fallidas.length) return;
    await tx.execute(sql`
      update mantenimiento_ocurrencias o set estado = 'fallida', orden_id = null, motivo = v.motivo, actualizada = ${ahora}
        from unnest(${sql.param(fallidas.map((f) => f.id))}::int[], ${sql.param(fallidas.map((f) => f.motivo))}::text[]) as v(id, motivo)
       where o.id = v.id`);
  }

  /**
   * Pauses the active plans among `ids` whose order was refused (like «Pausar»: the cursor stays, so
   * resuming starts from that day); gives the ones it paused.
   */
  async pausarPorRechazo(
    tx: Tx,
    entidadId: number,
    ids: number[],
  ): Promise<{ id: number; titulo: string; creadoPor: number }[]> {
    if (!ids.length) return [];
    return tx
      .update(mantenimientos)
      .set({ activo: false, generarDesde: null })
      .where(
        and(eq(mantenimientos.entidadId, entidadId), inArray(mantenimientos.id, ids), eq(mantenimientos.activo, true)),
      )
      .returning({ id: mantenimientos.id, titulo: mantenimientos.titulo, creadoPor: mantenimientos.creadoPor });
  }

  async marcarEsperando(tx: Tx, ids: number[], ahora: Date): Promise<void> {
    if (!ids.length) return;
    await tx
      .update(mantenimientoOcurrencias)
      .set({ estado: 'esperando_cupo', actualizada: ahora })
      .where(inArray(mantenimientoOcurrencias.id, ids));
  }

  /** Every active plan (the quota's projection and the next period's warning compute their days). */
  async activos(entidadId?: number): Promise<PlanAGenerar[]> {
    return this.db
      .select({
        id: mantenimientos.id,
        entidadId: mantenimientos.entidadId,
        regla: mantenimientos.regla,
        inicio: mantenimientos.inicio,
        fin: mantenimientos.fin,
        anticipacion: mantenimientos.anticipacion,
        proxima: mantenimientos.proxima,
      })
      .from(mantenimientos)
      .where(
        and(
          eq(mantenimientos.activo, true),
          entidadId === undefined ? undefined : eq(mantenimientos.entidadId, entidadId),
        ),
      );
  }

  async contarAbiertas(entidadId: number): Promise<{ pendientes: number; esperando: number }> {
    const r = await this.db.execute<{ pendientes: number; esperando: number }>(sql`
      select count(*) filter (where estado = 'pendiente')::int as pendientes,
             count(*) filter (where estado = 'esperando_cupo')::int as esperando
        from mantenimiento_ocurrencias where entidad_id = ${entidadId} and estado in ('pendiente', 'esperando_cupo')`);
    return r.rows[0] ?? { pendientes: 0, esperando: 0 };
  }

  /** Materialised occurrences of a company in a range of days, with their plan's template. */
  async enRango(entidadId: number, desde: string, hasta: string): Promise<(OcurrenciaFila & { planId: number })[]> {
    return this.db
      .select()
      .from(mantenimientoOcurrencias)
      .where(
        and(
          eq(mantenimientoOcurrencias.entidadId, entidadId),
          inArray(mantenimientoOcurrencias.estado, ABIERTAS),
          sql`${mantenimientoOcurrencias.fecha} between ${desde} and ${hasta}`,
        ),
      )
      .orderBy(asc(mantenimientoOcurrencias.fecha))
      .then((r) => r.map((o) => ({ ...o, planId: o.mantenimientoId })));
  }

  /** Records the warning of a period; false when it was already recorded (it is sent once). */
  async registrarAviso(tx: DbOrTx, entidadId: number, periodo: string): Promise<boolean> {
    const r = await tx
      .insert(mantenimientoAvisos)
      .values({ entidadId, periodo })
      .onConflictDoNothing()
      .returning({ e: mantenimientoAvisos.entidadId });
    return r.length > 0;
  }

  async avisoRegistrado(entidadId: number, periodo: string): Promise<boolean> {
    const r = await this.db
      .select({ e: mantenimientoAvisos.entidadId })
      .from(mantenimientoAvisos)
      .where(and(eq(mantenimientoAvisos.entidadId, entidadId), eq(mantenimientoAvisos.periodo, periodo)));
    return r.length > 0;
  }

  /** The owners (or, without one, the admins) of a company: who is warned about the quota. */
  async duenos(tx: DbOrTx, entidadId: number): Promise<{ id: number; email: string | null }[]> {
    const r = await tx.execute<{ id: number; email: string | null; rol: string }>(sql`
      select distinct u.id, u.email, r.nombre as rol
        from usuarios u
        join usuario_roles ur on ur.usuario_id = u.id
        join roles r on r.id = ur.rol_id
       where u.entidad_id = ${entidadId} and u.activo and r.nombre in ('PROPIETARIO', 'ADMIN')
       order by u.id`);
    const duenos = r.rows.filter((f) => f.rol === 'PROPIETARIO');
    const elegidos = duenos.length ? duenos : r.rows;
    return [...new Map(elegidos.map((f) => [f.id, { id: f.id, email: f.email }])).values()];
  }
}
