import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { lectorDe, type Leer } from '../../kernel/db/leer.js';
import { intArray, joinIds, whereId } from '../../lib/queries.js';
import { hechoEnDelCambio } from '../../lib/idempotencia.js';
import { ordenEventos, ordenes, ordenResponsables } from './orders.tables.js';

/** What a create needs; the references travel as ids. */
export interface NuevaOrden {
  entidadId: number;
  titulo: string;
  detalle: string;
  tipoOrdenId: number | null;
  areaId: number | null;
  prioridadId: number | null;
  estadoId: number;
  clienteId: number | null;
  fechaInicio: Date | null;
  fechaFin: Date | null;
  registroResponsableId: number;
  e5sAreaKey: string | null;
  e5sAreaName: string | null;
  /** The client's site and equipo (issue 32); a site left null takes the equipo's. */
  ubicacionId: number | null;
  equipoId: number | null;
  creada: Date;
  responsables: readonly number[];
}

/**
 * Other modules' statements composed into the create (docs/ARCHITECTURE.md, the allowed
 * exceptions): named members of the plans' and entidades' ports, passed in by the composition root.
 */
export interface SentenciasAjenas {
  /** plans: takes one from the company's quota of the period at `ahora` when `si` holds; a row when taken. */
  tomarCupoSql(entidadId: number, ahora: SQL, si: SQL): SQL;
  /** entidades: draws the company's next order number (a row `numero`) when `si` holds. */
  siguienteNumeroSql(entidadId: number, si: SQL): SQL;
}

/** The batch variants of those statements (the maintenance scheduler creates its orders in batches). */
export interface SentenciasAjenasEnLote {
  /** plans: takes up to `cuantos` from the period's quota at `ahora`; a row `tomadas` when it took any. */
  tomarCuposSql(entidadId: number, ahora: SQL, cuantos: SQL): SQL;
  /** entidades: draws `cuantos` consecutive numbers; a row `ultimo`, the last of them. */
  siguientesNumerosSql(entidadId: number, cuantos: SQL): SQL;
}

/** The outcome of a create: each reference check, whether the quota gave one, and the order. */
export type ResultadoAlta = {
  cliente: boolean;
  tipo: boolean;
  area: boolean;
  prioridad: boolean;
  usuarios: boolean;
  /** The site is the client's; the equipo is the client's and at that site (or at none). */
  ubicacion: boolean;
  equipo: boolean;
  cupo: boolean;
  id: number | null;
  numero: number | null;
};

/**
 * The writes of orders: the create statement, changes, responsables, history events and deletion,
 * and the locks and reference checks they need.
 */
export class OrdersRepository {
  /**
   * @param consultar the prepared reader, for the create statement; absent inside a transaction.
   */
  private readonly lector: Leer;

  constructor(
    private readonly db: DbOrTx,
    consultar?: Consultar,
  ) {
    this.lector = lectorDe(db, consultar);
  }

  private leer<T>(query: SQL): Promise<T[]> {
    return this.lector<T>(query, { preparar: true });
  }

  /**
   * Creates an order in one statement, so one round trip and atomic by itself: checks that the
   * references exist in the company (and are active), takes one from the period's quota, draws the
   * company's next number, and stores the order, its responsables and the CREADA event. Nothing is
   * written unless every check passes; `cupo` false means the quota was used up or the period ended
   * (the caller renews and retries in a transaction).
   *
   * The quota and the number are the plans' and entidades' own statements (`ajenas`, members of
   * their ports), composed here: the one exception to "a module writes only its own tables"
   * (docs/ARCHITECTURE.md), for atomicity and one round trip.
   *
   * An order without responsables inserts none: an INSERT into `orden_responsables`, even of no
   * rows, fires that table's two statement triggers (statistics) with their transition tables,
   * about a tenth of a create's PostgreSQL time (issue 37, docs/BENCHMARKS.md).
   */
  async insert(o: NuevaOrden, ajenas: SentenciasAjenas): Promise<ResultadoAlta> {
    const e = o.entidadId;
    const ids = intArray(o.responsables);
    const conResponsables = o.responsables.length > 0;
    const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null::timestamptz`);
    const rows = await this.leer<
      Omit<ResultadoAlta, 'id' | 'numero'> & { id: number | null; numero: number | null }
    >(sql`
      with refs as (
        select
          ${o.clienteId == null ? sql`true` : sql`exists (select 1 from clientes where id = ${o.clienteId} and entidad_id = ${e} and activo)`} as cliente,
          ${o.tipoOrdenId == null ? sql`true` : sql`exists (select 1 from tipos_orden where id = ${o.tipoOrdenId} and entidad_id = ${e} and not archivado)`} as tipo,
          ${o.areaId == null ? sql`true` : sql`exists (select 1 from areas where id = ${o.areaId} and entidad_id = ${e} and not archivada)`} as area,
          ${o.prioridadId == null ? sql`true` : sql`exists (select 1 from prioridades where id = ${o.prioridadId} and entidad_id = ${e})`} as prioridad,
          ${conResponsables ? sql`(select count(*) from usuarios where id = any(${ids}) and entidad_id = ${e} and activo) = cardinality(${ids})` : sql`true`} as usuarios,
          ${o.ubicacionId == null ? sql`true` : sql`exists (select 1 from ubicaciones where id = ${o.ubicacionId} and entidad_id = ${e} and cliente_id = ${o.clienteId}::int)`} as ubicacion,
          ${o.equipoId == null ? sql`true` : sql`exists (select 1 from equipos where id = ${o.equipoId} and entidad_id = ${e} and cliente_id = ${o.clienteId}::int and (ubicacion_id is null or ${o.ubicacionId}::int is null or ubicacion_id = ${o.ubicacionId}::int))`} as equipo
      ),
      cupo as (
        ${ajenas.tomarCupoSql(e, ts(o.creada), sql`(select cliente and tipo and area and prioridad and usuarios and ubicacion and equipo from refs)`)}
      ),
      num as (
        ${ajenas.siguienteNumeroSql(e, sql`exists (select 1 from cupo)`)}
      ),
      orden as (
        insert into ordenes (entidad_id, numero, titulo, detalle, tipo_orden_id, area_id, prioridad_id, estado_id, cliente_id,
                             fecha_inicio, fecha_fin, registro_responsable_id, e5s_area_key, e5s_area_name, creada, actualizada${o.ubicacionId != null || o.equipoId != null ? sql`, ubicacion_id, equipo_id` : sql``})
        select ${e}::int, num.numero, ${o.titulo}::text, ${o.detalle}::text, ${o.tipoOrdenId}::int, ${o.areaId}::int, ${o.prioridadId}::int,
               ${o.estadoId}::smallint, ${o.clienteId}::int, ${ts(o.fechaInicio)}, ${ts(o.fechaFin)}, ${o.registroResponsableId}::int, ${o.e5sAreaKey}::text, ${o.e5sAreaName}::text, ${ts(o.creada)}, ${ts(o.creada)}${
                 o.ubicacionId != null || o.equipoId != null
                   ? sql`, coalesce(${o.ubicacionId}::int, (select ubicacion_id from equipos where id = ${o.equipoId}::int and entidad_id = ${e})), ${o.equipoId}::int`
                   : sql``
               }
        from num
        returning id, numero
      ),
      ${
        conResponsables
          ? sql`responsables as (
        insert into orden_responsables (orden_id, usuario_id)
        select orden.id, u.id from orden, unnest(${ids}) as u(id)
      ),`
          : sql``
      }
      evento as (
        insert into orden_eventos (entidad_id, orden_id, tipo, usuario_id, fecha, estado_nuevo_id, datos)
        select ${e}::int, orden.id, 'CREADA'::text, ${o.registroResponsableId}::int, ${ts(o.creada)}, ${o.estadoId}::smallint,
               ${
                 conResponsables
                   ? sql`jsonb_build_object('responsables', to_jsonb(${ids}), 'nombres',
                 coalesce((select jsonb_agg(trim(u.nombre || ' ' || u.apellido) order by x.i)
                           from unnest(${ids}) with ordinality as x(id, i) join usuarios u on u.id = x.id), '[]'::jsonb))`
                   : sql`'{"responsables": [], "nombres": []}'::jsonb`
               }
        from orden
      )
      select refs.cliente, refs.tipo, refs.area, refs.prioridad, refs.usuarios, refs.ubicacion, refs.equipo,
             exists (select 1 from cupo) as cupo, (select id from orden) as id, (select numero from orden) as numero
      from refs`);
    const row = rows[0];
    if (!row) throw new Error('el alta no devolvió resultado');
    return { ...row, id: row.id ?? null, numero: row.numero ?? null };
  }

  /**
   * Creates several orders of one company in one statement, as `insert` creates one: the same
   * reference checks for each, the same history event and responsables, numbers drawn in a row.
   * The orders whose references pass take quota in their given order, as many as the period has
   * left: the first ones get an order, the rest `cupo` false. An order whose references fail writes
   * nothing and takes nothing. One statement for the batch: the statistics triggers of `ordenes`
   * and `orden_responsables` run once for all of it, not once per order (most of a create's
   * PostgreSQL time when they are one by one; docs/BENCHMARKS.md, scheduled maintenance).
   *
   * The orders travel as one JSON parameter, so the statement's text is the same for any batch.
   * Every order must be of `entidadId` and created at `creada`. The result is in the given order.
   */
  async insertLote(
    entidadId: number,
    creada: Date,
    nuevas: readonly NuevaOrden[],
    ajenas: SentenciasAjenasEnLote,
  ): Promise<ResultadoAlta[]> {
    if (!nuevas.length) return [];
    if (nuevas.some((o) => o.entidadId !== entidadId || o.creada.getTime() !== creada.getTime())) {
      throw new Error('un lote de altas es de una empresa y un instante');
    }
    const e = entidadId;
    const ahora = sql`${creada.toISOString()}::timestamptz`;
    const filas = JSON.stringify(
      nuevas.map((o, i) => ({
        i,
        usuario: o.registroResponsableId,
        titulo: o.titulo,
        detalle: o.detalle,
        tipo: o.tipoOrdenId,
        area: o.areaId,
        prioridad: o.prioridadId,
        estado: o.estadoId,
        cliente: o.clienteId,
        inicio: o.fechaInicio?.toISOString() ?? null,
        fin: o.fechaFin?.toISOString() ?? null,
        e5s_key: o.e5sAreaKey,
        e5s_name: o.e5sAreaName,
        ubicacion: o.ubicacionId,
        equipo: o.equipoId,
        responsables: o.responsables,
      })),
    );
    const rows = await this.db.execute<ResultadoAlta & { i: number }>(sql`
      with pedidas as (
        select * from jsonb_to_recordset(${filas}::jsonb) as x(i int, usuario int, titulo text, detalle text, tipo int, area int,
          prioridad int, estado smallint, cliente int, inicio timestamptz, fin timestamptz, e5s_key text, e5s_name text,
          ubicacion int, equipo int, responsables int[])
      ),
      refs as (
        select p.*,
          (p.cliente is null or exists (select 1 from clientes where id = p.cliente and entidad_id = ${e} and activo)) as ok_cliente,
          (p.tipo is null or exists (select 1 from tipos_orden where id = p.tipo and entidad_id = ${e} and not archivado)) as ok_tipo,
          (p.area is null or exists (select 1 from areas where id = p.area and entidad_id = ${e} and not archivada)) as ok_area,
          (p.prioridad is null or exists (select 1 from prioridades where id = p.prioridad and entidad_id = ${e})) as ok_prioridad,
          (cardinality(p.responsables) = 0 or (select count(*) from usuarios where id = any(p.responsables) and entidad_id = ${e} and activo)
            = cardinality(p.responsables)) as ok_usuarios,
          (p.ubicacion is null or exists (select 1 from ubicaciones where id = p.ubicacion and entidad_id = ${e} and cliente_id = p.cliente)) as ok_ubicacion,
          (p.equipo is null or exists (select 1 from equipos q where q.id = p.equipo and q.entidad_id = ${e} and q.cliente_id = p.cliente
            and (q.ubicacion_id is null or p.ubicacion is null or q.ubicacion_id = p.ubicacion))) as ok_equipo
        from pedidas p
      ),
      validas as (
        select r.*, row_number() over (order by r.i)::int as k
        from refs r
        where ok_cliente and ok_tipo and ok_area and ok_prioridad and ok_usuarios and ok_ubicacion and ok_equipo
      ),
      cupo as (
        ${ajenas.tomarCuposSql(e, ahora, sql`(select count(*)::int from validas)`)}
      ),
      num as (
        ${ajenas.siguientesNumerosSql(e, sql`(select tomadas from cupo)`)}
      ),
      creadas as (
        select v.*, num.ultimo - cupo.tomadas + v.k as numero
        from validas v, cupo, num
        where v.k <= cupo.tomadas
      ),
      orden as (
        insert into ordenes (entidad_id, numero, titulo, detalle, tipo_orden_id, area_id, prioridad_id, estado_id, cliente_id,
                             fecha_inicio, fecha_fin, registro_responsable_id, e5s_area_key, e5s_area_name, creada, actualizada,
                             ubicacion_id, equipo_id)
        select ${e}::int, c.numero, c.titulo, c.detalle, c.tipo, c.area, c.prioridad, c.estado, c.cliente, c.inicio, c.fin,
               c.usuario, c.e5s_key, c.e5s_name, ${ahora}, ${ahora},
               coalesce(c.ubicacion, (select ubicacion_id from equipos where id = c.equipo and entidad_id = ${e})), c.equipo
        from creadas c
        order by c.k
        returning id, numero
      ),
      responsables as (
        insert into orden_responsables (orden_id, usuario_id)
        select o.id, u.id from orden o join creadas c on c.numero = o.numero cross join unnest(c.responsables) as u(id)
      ),
      evento as (
        insert into orden_eventos (entidad_id, orden_id, tipo, usuario_id, fecha, estado_nuevo_id, datos)
        select ${e}::int, o.id, 'CREADA'::text, c.usuario, ${ahora}, c.estado,
               jsonb_build_object('responsables', to_jsonb(c.responsables), 'nombres',
                 coalesce((select jsonb_agg(trim(u.nombre || ' ' || u.apellido) order by x.n)
                           from unnest(c.responsables) with ordinality as x(id, n) join usuarios u on u.id = x.id), '[]'::jsonb))
        from orden o join creadas c on c.numero = o.numero
      )
      select r.i, r.ok_cliente as cliente, r.ok_tipo as tipo, r.ok_area as area, r.ok_prioridad as prioridad,
             r.ok_usuarios as usuarios, r.ok_ubicacion as ubicacion, r.ok_equipo as equipo,
             o.id is not null as cupo, o.id, o.numero
      from refs r
      left join creadas c on c.i = r.i
      left join orden o on o.numero = c.numero
      order by r.i`);
    if (rows.rows.length !== nuevas.length) throw new Error('el alta en lote no devolvió una fila por orden');
    return rows.rows.map(({ i: _i, ...f }) => ({ ...f, id: f.id ?? null, numero: f.numero ?? null }));
  }

  /** Locks the order row for the rest of the transaction (state changes are serialised). */
  async lock(entidadId: number, id: number): Promise<boolean> {
    const r = await this.db.execute(
      sql`select id from ordenes where entidad_id = ${entidadId} and id = ${id} and eliminada is null for update`,
    );
    return r.rows.length > 0;
  }

  /** Locks the order row and gives its state (undefined when it does not exist). */
  async lockEstado(entidadId: number, id: number): Promise<number | undefined> {
    const r = await this.db.execute<{ estado_id: number }>(
      sql`select estado_id from ordenes where entidad_id = ${entidadId} and id = ${id} and eliminada is null for update`,
    );
    const fila = r.rows[0];
    return fila ? Number(fila.estado_id) : undefined;
  }

  async update(entidadId: number, id: number, set: Partial<typeof ordenes.$inferInsert>): Promise<void> {
    await this.db
      .update(ordenes)
      .set({ actualizada: sql`now()`, ...set })
      .where(and(eq(ordenes.entidadId, entidadId), eq(ordenes.id, id), isNull(ordenes.eliminada)));
  }

  async setResponsables(ordenId: number, ids: readonly number[]): Promise<void> {
    await this.db.delete(ordenResponsables).where(eq(ordenResponsables.ordenId, ordenId));
    if (ids.length) await this.db.insert(ordenResponsables).values(ids.map((usuarioId) => ({ ordenId, usuarioId })));
  }

  /**
   * Appends an event; for a change the outbox replayed, with when it was made on the device
   * (`hechoEnDelCambio`, against the event's own time).
   */
  async insertEvento(e: typeof ordenEventos.$inferInsert): Promise<void> {
    await this.insertEventos([e]);
  }

  /** Appends events in one statement, in the order given (their ids follow it). */
  async insertEventos(es: (typeof ordenEventos.$inferInsert)[]): Promise<void> {
    if (!es.length) return;
    await this.db
      .insert(ordenEventos)
      .values(
        es.map((e) => ({ ...e, hechoEn: e.hechoEn ?? (e.fecha instanceof Date ? hechoEnDelCambio(e.fecha) : null) })),
      );
  }

  /** Reference checks for a save, in one round trip: which of the given ids exist in the company. */
  async refs(
    entidadId: number,
    q: {
      cliente?: number | null;
      tipo?: number | null;
      area?: number | null;
      prioridad?: number | null;
      usuarios?: readonly number[];
    },
  ) {
    const users = q.usuarios ?? [];
    type Conteos = { cliente: number; tipo: number; area: number; prioridad: number; usuarios: number };
    const r = await this.db.execute<Conteos>(sql`
      select
        (select count(*)::int from clientes where id = ${q.cliente ?? 0} and entidad_id = ${entidadId} and activo) as cliente,
        (select count(*)::int from tipos_orden where id = ${q.tipo ?? 0} and entidad_id = ${entidadId} and not archivado) as tipo,
        (select count(*)::int from areas where id = ${q.area ?? 0} and entidad_id = ${entidadId} and not archivada) as area,
        (select count(*)::int from prioridades where id = ${q.prioridad ?? 0} and entidad_id = ${entidadId}) as prioridad,
        ${users.length ? sql`(select count(*)::int from usuarios where id in (${joinIds(users)}) and entidad_id = ${entidadId} and activo)` : sql`0`} as usuarios`);
    // A select without FROM gives exactly one row.
    return r.rows[0] as Conteos;
  }

  /**
   * For an edit that sets a site or an equipo (issue 32): whether the site is the client's, whether
   * the equipo is the client's and at that site (or at none), and the equipo's site.
   */
  async refsDeEquipo(
    entidadId: number,
    clienteId: number,
    ubicacionId: number | null,
    equipoId: number | null,
  ): Promise<{ ubicacion: boolean; equipo: boolean; ubicacionDelEquipo: number | null }> {
    const r = await this.db.execute<{ ubicacion: boolean; equipo: boolean; ubicacion_del_equipo: number | null }>(sql`
      select
        ${ubicacionId == null ? sql`true` : sql`exists (select 1 from ubicaciones where id = ${ubicacionId} and entidad_id = ${entidadId} and cliente_id = ${clienteId})`} as ubicacion,
        ${equipoId == null ? sql`true` : sql`exists (select 1 from equipos where id = ${equipoId} and entidad_id = ${entidadId} and cliente_id = ${clienteId} and (ubicacion_id is null or ${ubicacionId}::int is null or ubicacion_id = ${ubicacionId}::int))`} as equipo,
        (select ubicacion_id from equipos where id = ${equipoId ?? 0} and entidad_id = ${entidadId}) as ubicacion_del_equipo`);
    const f = r.rows[0];
    return {
      ubicacion: Boolean(f?.ubicacion),
      equipo: Boolean(f?.equipo),
      ubicacionDelEquipo: f?.ubicacion_del_equipo == null ? null : Number(f.ubicacion_del_equipo),
    };
  }

  async softDelete(entidadId: number, id: number): Promise<void> {
    await this.db
      .update(ordenes)
      .set({ eliminada: sql`now()`, actualizada: sql`now()` })
      .where(whereId(ordenes, entidadId, id));
  }
}
