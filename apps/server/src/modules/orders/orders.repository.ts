import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ESTADOS_ABIERTOS, type zFiltros } from '@delego/contract';
import type { z } from 'zod';
import type { Consultar, DbOrTx } from '../../db/client.js';
import { ordenEventos, ordenes, ordenResponsables } from './orders.tables.js';

type FiltrosParsed = z.output<typeof zFiltros>;

/** Who is asking, as the list query needs it. */
export interface Visibilidad {
  actorId: number;
  /** Sees every order of the company. */
  todo: boolean;
  /** Clients on which the actor holds a per-client permission. */
  clientes: number[];
}

/** A timestamp as whole milliseconds since the epoch (a number in both drivers). */
const ms = (col: SQL) => sql`round(extract(epoch from ${col}) * 1000)::float8`;

const joinIds = (ids: readonly number[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface OrdenFila {
  id: number;
  numero: number;
  titulo: string;
  detalle: string;
  estadoId: number;
  clienteId: number | null;
  tipoOrdenId: number | null;
  areaId: number | null;
  prioridadId: number | null;
  fechaInicio: number | null;
  fechaFin: number | null;
  creada: number;
  actualizada: number;
  finalizada: number | null;
  registroResponsableId: number;
  e5sAreaKey: string | null;
  e5sAreaName: string | null;
  responsables: number[];
}

/** One row of the list: the order's own columns; names come from memory (NombresCache). */
export interface ResumenFila {
  id: number;
  numero: number;
  titulo: string;
  estado_id: number;
  cliente_id: number | null;
  tipo_orden_id: number | null;
  area_id: number | null;
  prioridad_id: number | null;
  fecha_inicio: number | null;
  fecha_fin: number | null;
  creada: number;
  actualizada: number;
  responsables: number[];
}

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
  creada: Date;
  responsables: readonly number[];
}

/** The outcome of a create: each reference check, whether the quota gave one, and the order. */
export interface ResultadoAlta {
  cliente: boolean;
  tipo: boolean;
  area: boolean;
  prioridad: boolean;
  usuarios: boolean;
  cupo: boolean;
  id: number | null;
  numero: number | null;
}

/** Where the previous export page ended: the sort keys of its last row, as text. */
export type CursorExport = (string | null)[];

export interface ExportFila {
  id: number;
  numero: number;
  titulo: string;
  estado_id: number;
  fecha_inicio: number | null;
  fecha_fin: number | null;
  finalizada: number | null;
  creada: number;
  prioridad: string | null;
  cliente: string | null;
  tipo: string | null;
  area: string | null;
  responsables: string[];
  cursor: CursorExport;
}

interface Clave {
  expr: SQL;
  dir: 'asc' | 'desc';
  /** Sorted nulls last. */
  nullable: boolean;
  tipo: 'timestamptz' | 'int';
}

const C = {
  creada: (dir: 'asc' | 'desc'): Clave => ({ expr: sql`o.creada`, dir, nullable: false, tipo: 'timestamptz' }),
  id: (dir: 'asc' | 'desc'): Clave => ({ expr: sql`o.id`, dir, nullable: false, tipo: 'int' }),
};

/** The sort keys of each order of the list (same as ordenSql), for keyset pagination. */
const CLAVES_ORDEN: Record<FiltrosParsed['orden'], Clave[]> = {
  recientes: [C.creada('desc'), C.id('desc')],
  antiguas: [C.creada('asc'), C.id('asc')],
  vencimiento: [{ expr: sql`o.fecha_fin`, dir: 'asc', nullable: true, tipo: 'timestamptz' }, C.id('desc')],
  prioridad: [
    { expr: sql`(select p2.nivel from prioridades p2 where p2.id = o.prioridad_id)`, dir: 'desc', nullable: true, tipo: 'int' },
    C.creada('desc'),
    C.id('desc'),
  ],
  numero: [{ expr: sql`o.numero`, dir: 'desc', nullable: false, tipo: 'int' }],
  actualizadas: [{ expr: sql`o.actualizada`, dir: 'desc', nullable: false, tipo: 'timestamptz' }, C.id('desc')],
};

/** Rows strictly after the cursor in the order of `claves` (nulls last in either direction). */
function despuesDe(claves: Clave[], cursor: CursorExport): SQL {
  const dir = claves[0]?.dir;
  if (claves.every((c, i) => !c.nullable && c.dir === dir && cursor[i] != null)) {
    // One direction, no nulls: a row comparison, which the (creada, id) index can seek to.
    const cols = sql.join(claves.map((c) => c.expr), sql`, `);
    const vals = sql.join(claves.map((c, i) => sql`${cursor[i]}::${sql.raw(c.tipo)}`), sql`, `);
    return dir === 'asc' ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
  }
  const build = (i: number): SQL => {
    const c = claves[i] as Clave;
    const val = cursor[i] ?? null;
    const v = val === null ? null : sql`${val}::${sql.raw(c.tipo)}`;
    const cmp = sql.raw(c.dir === 'asc' ? '>' : '<');
    let after: SQL | null;
    let eq: SQL;
    if (v === null) {
      after = null;
      eq = sql`${c.expr} is null`;
    } else {
      after = c.nullable ? sql`(${c.expr} ${cmp} ${v} or ${c.expr} is null)` : sql`${c.expr} ${cmp} ${v}`;
      eq = sql`${c.expr} = ${v}`;
    }
    if (i === claves.length - 1) return after ?? sql`false`;
    const rest = sql`(${eq} and ${build(i + 1)})`;
    return after ? sql`(${after} or ${rest})` : rest;
  };
  return build(0);
}

/** A list of ids as one array parameter, so the statement's text is the same for any length. */
const intArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

export class OrdersRepository {
  /**
   * @param consultar the prepared reader of the hot paths (list, count, detail); absent inside a
   * transaction, where every statement goes through `db`.
   */
  constructor(
    private readonly db: DbOrTx,
    private readonly consultar?: Consultar,
  ) {}

  /**
   * @param planPropio plan the statement for its values each time: a text search is best served
   * by the trigram index for a rare word and by walking the newest orders for a common one, and
   * only its own values tell which.
   */
  private async leer<T>(query: SQL, planPropio = false): Promise<T[]> {
    if (this.consultar) return this.consultar<T>(query, { preparar: !planPropio });
    return (await this.db.execute(query)).rows as T[];
  }

  private visibleSql(v: Visibilidad): SQL {
    if (v.todo) return sql`true`;
    const parts: SQL[] = [
      sql`o.registro_responsable_id = ${v.actorId}`,
      sql`exists (select 1 from orden_responsables r where r.orden_id = o.id and r.usuario_id = ${v.actorId})`,
      sql`exists (select 1 from orden_responsables r join usuarios u on u.id = r.usuario_id where r.orden_id = o.id and u.supervisor_id = ${v.actorId})`,
    ];
    if (v.clientes.length) parts.push(sql`o.cliente_id = any(${intArray(v.clientes)})`);
    return sql`(${sql.join(parts, sql` or `)})`;
  }

  /** The conditions of the filters (SPEC §3), shared by the list and the export. */
  /**
   * @param clientesBuscados the company's clients whose name holds the searched text, when the
   * caller knows them (from memory): the statement then names them instead of searching clients.
   */
  private condiciones(entidadId: number, v: Visibilidad, f: FiltrosParsed, now: Date, clientesBuscados?: readonly number[]): SQL[] {
    const where: SQL[] = [sql`o.entidad_id = ${entidadId}`, sql`o.eliminada is null`, this.visibleSql(v)];
    if (f.estados?.length) where.push(sql`o.estado_id = any(${intArray(f.estados)})`);
    if (f.cliente) where.push(sql`o.cliente_id = ${f.cliente}`);
    if (f.tipo) where.push(sql`o.tipo_orden_id = ${f.tipo}`);
    if (f.area) where.push(sql`o.area_id = ${f.area}`);
    if (f.prioridad) where.push(sql`o.prioridad_id = ${f.prioridad}`);
    if (f.responsable) {
      where.push(sql`exists (select 1 from orden_responsables r where r.orden_id = o.id and r.usuario_id = ${f.responsable})`);
    }
    const campo = { creada: sql`o.creada`, fechaInicio: sql`o.fecha_inicio`, fechaFin: sql`o.fecha_fin` }[f.campoFecha];
    if (f.fechaDesde != null) where.push(sql`${campo} >= ${new Date(f.fechaDesde).toISOString()}::timestamptz`);
    if (f.fechaHasta != null) where.push(sql`${campo} <= ${new Date(f.fechaHasta).toISOString()}::timestamptz`);
    if (f.vencidas) {
      where.push(sql`o.estado_id = any(${intArray(ESTADOS_ABIERTOS)}) and o.fecha_fin < ${now.toISOString()}::timestamptz`);
    }
    const q = f.buscar?.trim();
    if (q) {
      const like = `%${escapeLike(q)}%`;
      // The lower-case column of the trigram index ordenes_busqueda_trgm_idx, against a pattern
      // lowered here (lowered in SQL, a prepared plan would lower it again on every row); clients
      // by their own index.
      const enTexto = sql`o.busqueda like ${like.toLowerCase()}`;
      let texto: SQL;
      if (!clientesBuscados) {
        texto = sql`(${enTexto} or o.cliente_id = any(array(select c2.id from clientes c2 where c2.entidad_id = ${entidadId} and c2.nombre ilike ${like})))`;
      } else if (clientesBuscados.length) {
        texto = sql`(${enTexto} or o.cliente_id = any(${intArray(clientesBuscados)}))`;
      } else {
        texto = enTexto;
      }
      const num = /^#?(\d{1,9})$/.exec(q);
      where.push(num ? sql`(o.numero = ${Number(num[1])} or ${texto})` : texto);
    }
    return where;
  }

  private ordenSql(orden: FiltrosParsed['orden']): SQL {
    // Spelled as the indexes are (nulls last on the descending (creada, id) index; its backward
    // scan for the oldest first), so that a page reads its rows in order and stops after them.
    // Those columns are never null, so where nulls would go changes nothing.
    return {
      recientes: sql`o.creada desc nulls last, o.id desc nulls last`,
      antiguas: sql`o.creada asc nulls first, o.id asc nulls first`,
      vencimiento: sql`o.fecha_fin asc nulls last, o.id desc`,
      prioridad: sql`(select p2.nivel from prioridades p2 where p2.id = o.prioridad_id) desc nulls last, o.creada desc, o.id desc`,
      numero: sql`o.numero desc`,
      actualizadas: sql`o.actualizada desc, o.id desc`,
    }[orden];
  }

  /** The filtered, sorted page of orders the actor may see (ids for the names, see NombresCache). */
  async pagina(entidadId: number, v: Visibilidad, f: FiltrosParsed, now: Date, clientesBuscados?: readonly number[]): Promise<ResumenFila[]> {
    const where = this.condiciones(entidadId, v, f, now, clientesBuscados);
    const rows = await this.leer<Omit<ResumenFila, 'responsables'> & { responsables: number[] | string }>(sql`
      select o.id, o.numero, o.titulo, o.estado_id, o.cliente_id, o.tipo_orden_id, o.area_id, o.prioridad_id,
             ${ms(sql`o.fecha_inicio`)} as fecha_inicio, ${ms(sql`o.fecha_fin`)} as fecha_fin,
             ${ms(sql`o.creada`)} as creada, ${ms(sql`o.actualizada`)} as actualizada,
             coalesce((select json_agg(r.usuario_id order by r.usuario_id) from orden_responsables r where r.orden_id = o.id), '[]'::json) as responsables
      from ordenes o
      where ${sql.join(where, sql` and `)}
      order by ${this.ordenSql(f.orden)}
      limit ${f.porPagina} offset ${f.pagina * f.porPagina}`,
      Boolean(f.buscar?.trim()),
    );
    // json arrives parsed from node-postgres and as text from PGlite.
    return rows.map((r) => (typeof r.responsables === 'string' ? { ...r, responsables: JSON.parse(r.responsables) as number[] } : (r as ResumenFila)));
  }

  /** How many orders the filters select among those the actor may see (paging ignored). */
  async contar(entidadId: number, v: Visibilidad, f: FiltrosParsed, now: Date, clientesBuscados?: readonly number[]): Promise<number> {
    const where = this.condiciones(entidadId, v, f, now, clientesBuscados);
    const rows = await this.leer<{ n: number }>(
      sql`select count(*)::int as n from ordenes o where ${sql.join(where, sql` and `)}`,
      Boolean(f.buscar?.trim()),
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * One page of the export: the orders the filters select, in the list's order, after `cursor`
   * (keyset pagination: each page costs the same however deep). Paging fields of `f` are ignored.
   */
  async listDespues(
    entidadId: number,
    v: Visibilidad,
    f: FiltrosParsed,
    now: Date,
    cursor: CursorExport | null,
    limite: number,
  ): Promise<ExportFila[]> {
    const claves = CLAVES_ORDEN[f.orden];
    const where = this.condiciones(entidadId, v, f, now);
    if (cursor) where.push(despuesDe(claves, cursor));
    // The list's order (ordenSql), spelled so that the (creada desc nulls last, id desc nulls last)
    // index serves it: for keys that are never null, where nulls would go changes nothing.
    const nulos = (c: Clave) => (c.nullable || c.dir === 'desc' ? 'nulls last' : 'nulls first');
    const orderBy = sql.join(claves.map((c) => sql`${c.expr} ${sql.raw(`${c.dir} ${nulos(c)}`)}`), sql`, `);
    // The sort keys travel as text (the cursor, exact to the microsecond) and as values, to put the
    // joined rows back in order: no window over the whole set, so each page costs the same.
    const keys = claves.map((c, i) => sql`(${c.expr})::text as ${sql.raw(`k${i}`)}, (${c.expr}) as ${sql.raw(`s${i}`)}`);
    const outerOrder = sql.join(
      claves.map((c, i) => sql.raw(`x.s${i} ${c.dir} ${nulos(c)}`)),
      sql`, `,
    );
    const r = await this.db.execute(sql`
      with pagina as (
        select o.id, o.numero, o.titulo, o.estado_id, o.cliente_id, o.tipo_orden_id, o.area_id, o.prioridad_id,
               o.fecha_inicio, o.fecha_fin, o.finalizada, o.creada, ${sql.join(keys, sql`, `)}
        from ordenes o
        where ${sql.join(where, sql` and `)}
        order by ${orderBy}
        limit ${limite}
      )
      select x.id, x.numero, x.titulo, x.estado_id,
             ${ms(sql`x.fecha_inicio`)} as fecha_inicio, ${ms(sql`x.fecha_fin`)} as fecha_fin,
             ${ms(sql`x.finalizada`)} as finalizada, ${ms(sql`x.creada`)} as creada,
             p.nombre as prioridad, c.nombre as cliente, t.nombre as tipo, a.nombre as area,
             ${sql.join(claves.map((_, i) => sql.raw(`x.k${i}`)), sql`, `)},
             coalesce((select json_agg(trim(u.nombre || ' ' || u.apellido) order by u.nombre, u.id)
                       from orden_responsables r join usuarios u on u.id = r.usuario_id where r.orden_id = x.id), '[]'::json) as responsables
      from pagina x
      left join prioridades p on p.id = x.prioridad_id
      left join clientes c on c.id = x.cliente_id
      left join tipos_orden t on t.id = x.tipo_orden_id
      left join areas a on a.id = x.area_id
      order by ${outerOrder}`);
    return (r.rows as unknown as (ExportFila & Record<string, unknown>)[]).map((row) => ({
      ...row,
      responsables: typeof row.responsables === 'string' ? (JSON.parse(row.responsables) as string[]) : row.responsables,
      cursor: claves.map((_, i) => (row[`k${i}`] ?? null) as string | null),
    }));
  }

  /** One order of the company (not deleted), with its responsables; undefined when absent or another company's. */
  async find(entidadId: number, id: number): Promise<OrdenFila | undefined> {
    const rows = await this.leer<OrdenFila & { responsables: number[] | string }>(sql`
      select o.id, o.numero, o.titulo, o.detalle, o.estado_id as "estadoId", o.cliente_id as "clienteId",
             o.tipo_orden_id as "tipoOrdenId", o.area_id as "areaId", o.prioridad_id as "prioridadId",
             ${ms(sql`o.fecha_inicio`)} as "fechaInicio", ${ms(sql`o.fecha_fin`)} as "fechaFin",
             ${ms(sql`o.creada`)} as creada, ${ms(sql`o.actualizada`)} as actualizada, ${ms(sql`o.finalizada`)} as finalizada,
             o.registro_responsable_id as "registroResponsableId", o.e5s_area_key as "e5sAreaKey", o.e5s_area_name as "e5sAreaName",
             coalesce((select json_agg(r.usuario_id order by r.usuario_id) from orden_responsables r where r.orden_id = o.id), '[]'::json) as responsables
      from ordenes o
      where o.entidad_id = ${entidadId} and o.id = ${id} and o.eliminada is null`);
    const row = rows[0];
    if (!row) return undefined;
    return { ...row, responsables: typeof row.responsables === 'string' ? JSON.parse(row.responsables) : row.responsables };
  }

  /**
   * Creates an order in one statement, so one round trip and atomic by itself: checks that the
   * references exist in the company (and are active), takes one from the period's quota, draws the
   * company's next number, and stores the order, its responsables and the CREADA event. Nothing is
   * written unless every check passes; `cupo` false means the quota was used up or the period ended
   * (the caller renews and retries in a transaction).
   */
  async crear(o: NuevaOrden): Promise<ResultadoAlta> {
    const e = o.entidadId;
    const ids = intArray(o.responsables);
    const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null::timestamptz`);
    const rows = await this.leer<Omit<ResultadoAlta, 'id' | 'numero'> & { id: number | null; numero: number | null }>(sql`
      with refs as (
        select
          ${o.clienteId == null ? sql`true` : sql`exists (select 1 from clientes where id = ${o.clienteId} and entidad_id = ${e} and activo)`} as cliente,
          ${o.tipoOrdenId == null ? sql`true` : sql`exists (select 1 from tipos_orden where id = ${o.tipoOrdenId} and entidad_id = ${e} and not archivado)`} as tipo,
          ${o.areaId == null ? sql`true` : sql`exists (select 1 from areas where id = ${o.areaId} and entidad_id = ${e} and not archivada)`} as area,
          ${o.prioridadId == null ? sql`true` : sql`exists (select 1 from prioridades where id = ${o.prioridadId} and entidad_id = ${e})`} as prioridad,
          (select count(*) from usuarios where id = any(${ids}) and entidad_id = ${e} and activo) = cardinality(${ids}) as usuarios
      ),
      cupo as (
        update suscripciones set quota_disponible = quota_disponible - 1
        where entidad_id = ${e} and fecha_proximo_vencimiento > ${ts(o.creada)}
          and (quota_disponible is null or quota_disponible > 0)
          and (select cliente and tipo and area and prioridad and usuarios from refs)
        returning 1
      ),
      num as (
        update entidades set ultimo_numero_orden = ultimo_numero_orden + 1
        where id = ${e} and exists (select 1 from cupo)
        returning ultimo_numero_orden as numero
      ),
      orden as (
        insert into ordenes (entidad_id, numero, titulo, detalle, tipo_orden_id, area_id, prioridad_id, estado_id, cliente_id,
                             fecha_inicio, fecha_fin, registro_responsable_id, e5s_area_key, e5s_area_name, creada, actualizada)
        select ${e}::int, num.numero, ${o.titulo}::text, ${o.detalle}::text, ${o.tipoOrdenId}::int, ${o.areaId}::int, ${o.prioridadId}::int,
               ${o.estadoId}::smallint, ${o.clienteId}::int, ${ts(o.fechaInicio)}, ${ts(o.fechaFin)}, ${o.registroResponsableId}::int, ${o.e5sAreaKey}::text, ${o.e5sAreaName}::text, ${ts(o.creada)}, ${ts(o.creada)}
        from num
        returning id, numero
      ),
      responsables as (
        insert into orden_responsables (orden_id, usuario_id)
        select orden.id, u.id from orden, unnest(${ids}) as u(id)
      ),
      evento as (
        insert into orden_eventos (entidad_id, orden_id, tipo, usuario_id, fecha, estado_nuevo_id, datos)
        select ${e}::int, orden.id, 'CREADA'::text, ${o.registroResponsableId}::int, ${ts(o.creada)}, ${o.estadoId}::smallint,
               jsonb_build_object('responsables', to_jsonb(${ids}), 'nombres',
                 coalesce((select jsonb_agg(trim(u.nombre || ' ' || u.apellido) order by x.i)
                           from unnest(${ids}) with ordinality as x(id, i) join usuarios u on u.id = x.id), '[]'::jsonb))
        from orden
      )
      select refs.cliente, refs.tipo, refs.area, refs.prioridad, refs.usuarios,
             exists (select 1 from cupo) as cupo, (select id from orden) as id, (select numero from orden) as numero
      from refs`);
    const row = rows[0];
    if (!row) throw new Error('el alta no devolvió resultado');
    return { ...row, id: row.id ?? null, numero: row.numero ?? null };
  }

  /** Locks the order row for the rest of the transaction (state changes are serialised). */
  async lock(entidadId: number, id: number): Promise<boolean> {
    const r = await this.db.execute(
      sql`select id from ordenes where entidad_id = ${entidadId} and id = ${id} and eliminada is null for update`,
    );
    return r.rows.length > 0;
  }

  async isVisible(entidadId: number, id: number, v: Visibilidad): Promise<boolean> {
    const rows = await this.leer(
      sql`select 1 from ordenes o where o.entidad_id = ${entidadId} and o.id = ${id} and o.eliminada is null and ${this.visibleSql(v)}`,
    );
    return rows.length > 0;
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

  async addEvent(e: typeof ordenEventos.$inferInsert): Promise<void> {
    await this.db.insert(ordenEventos).values(e);
  }

  async events(entidadId: number, ordenId: number) {
    const r = await this.db.execute(sql`
      select e.id::int as id, e.tipo, ${ms(sql`e.fecha`)} as fecha, e.estado_anterior_id as "estadoAnterior",
             e.estado_nuevo_id as "estadoNuevo", e.comentario, e.datos,
             u.id as u_id, u.usuario as u_usuario, u.nombre as u_nombre, u.apellido as u_apellido
      from orden_eventos e join usuarios u on u.id = e.usuario_id
      where e.entidad_id = ${entidadId} and e.orden_id = ${ordenId}
      order by e.fecha asc, e.id asc`);
    return r.rows as unknown as {
      id: number;
      tipo: string;
      fecha: number;
      estadoAnterior: number | null;
      estadoNuevo: number | null;
      comentario: string | null;
      datos: Record<string, unknown> | string | null;
      u_id: number;
      u_usuario: string;
      u_nombre: string;
      u_apellido: string;
    }[];
  }

  /** Names for the detail: client, type, area, priority, creator and company, in one query. */
  async detailNames(entidadId: number, o: OrdenFila) {
    const r = await this.db.execute(sql`
      select (select nombre from entidades where id = ${entidadId}) as entidad,
             (select json_build_object('id', id, 'nombre', nombre) from clientes where id = ${o.clienteId} and entidad_id = ${entidadId}) as cliente,
             (select json_build_object('id', id, 'nombre', nombre) from tipos_orden where id = ${o.tipoOrdenId} and entidad_id = ${entidadId}) as tipo,
             (select json_build_object('id', id, 'nombre', nombre) from areas where id = ${o.areaId} and entidad_id = ${entidadId}) as area,
             (select json_build_object('id', id, 'nombre', nombre, 'color', color, 'nivel', nivel) from prioridades where id = ${o.prioridadId} and entidad_id = ${entidadId}) as prioridad,
             (select json_build_object('id', id, 'usuario', usuario, 'nombre', nombre, 'apellido', apellido) from usuarios where id = ${o.registroResponsableId}) as creador,
             coalesce((select json_agg(json_build_object('id', u.id, 'usuario', u.usuario, 'nombre', u.nombre, 'apellido', u.apellido) order by u.nombre, u.id)
                       from orden_responsables r join usuarios u on u.id = r.usuario_id where r.orden_id = ${o.id}), '[]'::json) as responsables`);
    return r.rows[0] as Record<string, unknown>;
  }

  /** Reference checks for a save, in one round trip: which of the given ids exist in the company. */
  async refs(
    entidadId: number,
    q: { cliente?: number | null; tipo?: number | null; area?: number | null; prioridad?: number | null; usuarios?: readonly number[] },
  ) {
    const users = q.usuarios ?? [];
    const r = await this.db.execute(sql`
      select
        (select count(*)::int from clientes where id = ${q.cliente ?? 0} and entidad_id = ${entidadId} and activo) as cliente,
        (select count(*)::int from tipos_orden where id = ${q.tipo ?? 0} and entidad_id = ${entidadId} and not archivado) as tipo,
        (select count(*)::int from areas where id = ${q.area ?? 0} and entidad_id = ${entidadId} and not archivada) as area,
        (select count(*)::int from prioridades where id = ${q.prioridad ?? 0} and entidad_id = ${entidadId}) as prioridad,
        ${users.length ? sql`(select count(*)::int from usuarios where id in (${joinIds(users)}) and entidad_id = ${entidadId} and activo)` : sql`0`} as usuarios`);
    const row = r.rows[0] as { cliente: number; tipo: number; area: number; prioridad: number; usuarios: number };
    return row;
  }

  async nombresDeUsuarios(entidadId: number, ids: readonly number[]) {
    if (!ids.length) return [];
    const r = await this.db.execute(
      sql`select id, usuario, nombre, apellido from usuarios where entidad_id = ${entidadId} and id in (${joinIds(ids)})`,
    );
    return r.rows as unknown as { id: number; usuario: string; nombre: string; apellido: string }[];
  }

  /** Users who can be made responsable: the company's active users. */
  async responsablesDisponibles(entidadId: number) {
    const r = await this.db.execute(
      sql`select id, usuario, nombre, apellido, email from usuarios where entidad_id = ${entidadId} and activo order by nombre, apellido, id`,
    );
    return r.rows as unknown as { id: number; usuario: string; nombre: string; apellido: string; email: string | null }[];
  }

  async clienteExiste(entidadId: number, clienteId: number): Promise<boolean> {
    const r = await this.db.execute(sql`select 1 from clientes where id = ${clienteId} and entidad_id = ${entidadId}`);
    return r.rows.length > 0;
  }

  /** Clients that have orders the actor can see (for the filter). */
  async clientesUsados(entidadId: number, v: Visibilidad) {
    const r = await this.db.execute(sql`
      select c.id, c.nombre from clientes c
      where c.entidad_id = ${entidadId}
        and exists (select 1 from ordenes o where o.cliente_id = c.id and o.entidad_id = ${entidadId} and o.eliminada is null and ${this.visibleSql(v)})
      order by c.nombre`);
    return r.rows as unknown as { id: number; nombre: string }[];
  }

  async prioridades(entidadId: number) {
    const r = await this.db.execute(
      sql`select id, nombre, nivel, color from prioridades where entidad_id = ${entidadId} order by nivel, id`,
    );
    return r.rows as unknown as { id: number; nombre: string; nivel: number; color: string }[];
  }

  async softDelete(entidadId: number, id: number): Promise<void> {
    await this.db
      .update(ordenes)
      .set({ eliminada: sql`now()`, actualizada: sql`now()` })
      .where(and(eq(ordenes.entidadId, entidadId), eq(ordenes.id, id)));
  }


}
