import { isDeepStrictEqual } from 'node:util';
import { SQL, StringChunk, sql, type SQLChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ESTADOS_ABIERTOS, type zFiltros } from '@delego/contract';
import type { z } from 'zod';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { lectorDe, type Leer } from '../../kernel/db/leer.js';
import { contieneSql, normalizadoSql, numeroDePalabra, palabrasDeBusqueda } from '../../lib/busqueda.js';
import { intArray } from '../../lib/queries.js';
import { leerJson } from '../../kernel/db/json.js';
import type { Nombres } from './orders.nombres.js';

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

/**
 * An order as the list shows it: its own columns and the ids of what it refers to (the names come
 * from memory, NombresCache). Stored as is in the page cache.
 */
export interface FilaResumen {
  id: number;
  numero: number;
  titulo: string;
  estadoId: number;
  clienteId: number | null;
  tipoOrdenId: number | null;
  areaId: number | null;
  prioridadId: number | null;
  fechaInicio: number | null;
  fechaFin: number | null;
  creada: number;
  actualizada: number;
  /** Sorted by id. */
  responsables: number[];
  /**
   * The checklist's progress `{hechos, total}` (JSON as the driver gives it), read from the
   * checklists' own row (the read exception of docs/ARCHITECTURE.md); null without items.
   */
  checklist?: unknown;
  /**
   * Its service level (issue 34) as JSON, read from the sla module's own row (the same read
   * exception); null without targets.
   */
  sla?: unknown;
}

/** An order as the detail and the writes need it. */
export interface OrdenFila extends FilaResumen {
  detalle: string;
  finalizada: number | null;
  registroResponsableId: number;
  e5sAreaKey: string | null;
  e5sAreaName: string | null;
  /** The client's site and equipo (issue 32): their ids, and `{id, nombre}` / `{id, nombre, codigo}` as JSON. */
  ubicacionId?: number | null;
  equipoId?: number | null;
  ubicacion?: unknown;
  equipo?: unknown;
  /** The billing column the detail reads with the order (client-side's fragment); absent elsewhere. */
  facturacion?: unknown;
}

/** The columns of FilaResumen, the same in the list and the detail. */
const COLUMNAS_RESUMEN = sql`o.id, o.numero, o.titulo, o.estado_id as "estadoId", o.cliente_id as "clienteId",
             o.tipo_orden_id as "tipoOrdenId", o.area_id as "areaId", o.prioridad_id as "prioridadId",
             ${ms(sql`o.fecha_inicio`)} as "fechaInicio", ${ms(sql`o.fecha_fin`)} as "fechaFin",
             ${ms(sql`o.creada`)} as creada, ${ms(sql`o.actualizada`)} as actualizada,
             coalesce((select json_agg(r.usuario_id order by r.usuario_id) from orden_responsables r where r.orden_id = o.id), '[]'::json) as responsables,
             (select json_build_object('hechos', k.hechos, 'total', k.total) from checklist_ordenes k where k.orden_id = o.id and k.total > 0) as checklist,
             (select json_build_object('politica', s.politica_nombre, 'pausaEnEspera', s.pausa_en_espera,
                       'inicio', ${ms(sql`s.inicio`)}, 'pausadaDesde', ${ms(sql`s.pausada_desde`)},
                       'respuesta', ${plazoSla('resp')}, 'resolucion', ${plazoSla('res')})
                from orden_sla s where s.orden_id = o.id and (s.resp_objetivo is not null or s.res_objetivo is not null)) as sla`;

/** One target of an order's service level as JSON (`zPlazoOrden`), or null when the policy has none. */
function plazoSla(p: 'resp' | 'res'): SQL {
  const c = (nombre: string) => sql.raw(`s.${p}_${nombre}`);
  return sql`case when ${c('objetivo')} is null then null else json_build_object('objetivo', ${c('objetivo')},
    'totalMs', ${c('total_ms')}, 'vence', ${ms(c('vence'))}, 'cumplidaEn', ${ms(c('cumplida'))},
    'avisadaEn', ${ms(c('avisada'))}, 'incumplidaEn', ${ms(c('incumplida'))}) end`;
}

/** The columns of an order (OrdenFila), and the billing column when given, `from ordenes o`. */
const seleccionDeOrdenSql = (facturacion?: SQL) => sql`
      select ${COLUMNAS_RESUMEN}, o.detalle, ${ms(sql`o.finalizada`)} as finalizada,
             o.registro_responsable_id as "registroResponsableId", o.e5s_area_key as "e5sAreaKey", o.e5s_area_name as "e5sAreaName",
             o.ubicacion_id as "ubicacionId", o.equipo_id as "equipoId",
             (select json_build_object('id', u.id, 'nombre', u.nombre) from ubicaciones u where u.id = o.ubicacion_id) as ubicacion,
             (select json_build_object('id', q.id, 'nombre', q.nombre, 'codigo', q.codigo) from equipos q where q.id = o.equipo_id) as equipo${facturacion ? sql`, ${facturacion} as facturacion` : sql``}
      from ordenes o`;

const dialecto = new PgDialect();

/**
 * A fragment without values as one piece of text: Drizzle then copies it instead of walking its
 * nested pieces on every call (the detail's ~40 pieces were about 5 % of its CPU, issue 18). A
 * fragment with values is kept as it is.
 */
function comoTexto(fragmento: SQL): SQL {
  const q = dialecto.sqlToQuery(fragmento);
  return q.params.length ? fragmento : sql.raw(q.sql);
}

let seleccionSinFacturacion: SQL | undefined;
const seleccionConFacturacion = new WeakMap<SQL, SQL>();

/** `seleccionDeOrdenSql` as text, built once (per billing fragment: in practice one). */
function seleccionDeOrden(facturacion?: SQL): SQL {
  if (!facturacion) return (seleccionSinFacturacion ??= comoTexto(seleccionDeOrdenSql()));
  let s = seleccionConFacturacion.get(facturacion);
  if (!s) seleccionConFacturacion.set(facturacion, (s = comoTexto(seleccionDeOrdenSql(facturacion))));
  return s;
}

/** A row as read, its json column through the one parser of both drivers (kernel/db/json.ts). */
function normalizar<T extends FilaResumen>(row: Omit<T, 'responsables'> & { responsables: number[] | string }): T {
  return { ...row, responsables: leerJson<number[]>(row.responsables) } as T;
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
    {
      expr: sql`(select p2.nivel from prioridades p2 where p2.id = o.prioridad_id)`,
      dir: 'desc',
      nullable: true,
      tipo: 'int',
    },
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
    const cols = sql.join(
      claves.map((c) => c.expr),
      sql`, `,
    );
    const vals = sql.join(
      claves.map((c, i) => sql`${cursor[i]}::${sql.raw(c.tipo)}`),
      sql`, `,
    );
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

/** Page sizes the screens and the API's older list ask for. */
const TAMANIOS_HABITUALES = new Set([10, 20, 25, 50, 100]);
/** How many of the first pages get their LIMIT and OFFSET as literals. */
const PAGINAS_LITERALES = 10;

/**
 * LIMIT and OFFSET of a list page. For the usual sizes and the first pages they are literals:
 * with parameters there, PostgreSQL cannot tell how many rows the prepared statement wants,
 * estimates a tenth of the company's orders, and so plans it again on every execution (its
 * generic plan looks far dearer than a custom one), about 0.2 ms of planning each time. With
 * literals the generic plan costs what a custom one does and is kept after five executions
 * (issue 18, docs/BENCHMARKS.md). Other sizes and deeper pages keep the parameters, so that the
 * statement texts, which every pooled connection prepares once each, stay few.
 */
export function limitePagina(porPagina: number, pagina: number): SQL {
  if (TAMANIOS_HABITUALES.has(porPagina) && Number.isInteger(pagina) && pagina >= 0 && pagina < PAGINAS_LITERALES) {
    return sql.raw(`limit ${porPagina} offset ${pagina * porPagina}`);
  }
  return sql`limit ${porPagina} offset ${pagina * porPagina}`;
}

/**
 * The filters `formaDePagina` and `valoresDePagina` know (all of `zFiltros` today). A request with any
 * other filter is built by Drizzle every time: a new filter must be added to both functions first.
 */
export const FILTROS_CON_FORMA: ReadonlySet<string> = new Set([
  'estados',
  'cliente',
  'responsable',
  'tipo',
  'area',
  'prioridad',
  'equipo',
  'ubicacion',
  'fechaDesde',
  'fechaHasta',
  'campoFecha',
  'vencidas',
  'sla',
  'buscar',
  'orden',
  'porPagina',
  'pagina',
]);

/**
 * The shape of a list page's statement: what decides its text (who sees what, which filters are set,
 * the order, literal or bound paging), not the values. Undefined for a search, whose statement is
 * planned for its values each time (and whose clients vary with the words).
 */
function formaDePagina(v: Visibilidad, f: FiltrosParsed): string | undefined {
  if (f.buscar?.trim()) return undefined;
  // A filter this shape does not know (one added to the contract later) is never given a kept text.
  for (const [clave, valor] of Object.entries(f)) if (valor != null && !FILTROS_CON_FORMA.has(clave)) return undefined;
  const limite =
    TAMANIOS_HABITUALES.has(f.porPagina) && Number.isInteger(f.pagina) && f.pagina >= 0 && f.pagina < PAGINAS_LITERALES
      ? `${f.porPagina}/${f.pagina}`
      : '?';
  const fechas = f.fechaDesde != null || f.fechaHasta != null ? f.campoFecha : '';
  return [
    v.todo ? 't' : v.clientes.length ? 'c' : 'p',
    f.estados?.length ? 'e' : '',
    f.cliente ? 'k' : '',
    f.tipo ? 'y' : '',
    f.area ? 'a' : '',
    f.prioridad ? 'r' : '',
    f.equipo ? 'q' : '',
    f.ubicacion ? 'u' : '',
    f.responsable ? 's' : '',
    fechas,
    f.fechaDesde != null ? 'd' : '',
    f.fechaHasta != null ? 'h' : '',
    f.vencidas ? 'v' : '',
    f.sla ?? '',
    f.orden,
    limite,
  ].join('|');
}

/**
 * The values of a list page's statement without a search, in the order `condiciones`, `limitePagina`
 * and the page statement bind them. Checked against Drizzle's own parameters before a shape is kept
 * (`pagina`): a difference only means the shape is built by Drizzle every time.
 */
function valoresDePagina(entidadId: number, v: Visibilidad, f: FiltrosParsed, now: Date): unknown[] {
  const valores: unknown[] = [entidadId];
  if (!v.todo) {
    valores.push(v.actorId, v.actorId, v.actorId);
    if (v.clientes.length) valores.push([...v.clientes]);
  }
  if (f.estados?.length) valores.push([...f.estados]);
  if (f.cliente) valores.push(f.cliente);
  if (f.tipo) valores.push(f.tipo);
  if (f.area) valores.push(f.area);
  if (f.prioridad) valores.push(f.prioridad);
  if (f.equipo) valores.push(f.equipo);
  if (f.ubicacion) valores.push(f.ubicacion);
  if (f.responsable) valores.push(f.responsable);
  if (f.fechaDesde != null) valores.push(new Date(f.fechaDesde).toISOString());
  if (f.fechaHasta != null) valores.push(new Date(f.fechaHasta).toISOString());
  if (f.vencidas) valores.push([...ESTADOS_ABIERTOS], now.toISOString());
  if (f.sla) valores.push(now.toISOString());
  const literal =
    TAMANIOS_HABITUALES.has(f.porPagina) && Number.isInteger(f.pagina) && f.pagina >= 0 && f.pagina < PAGINAS_LITERALES;
  if (!literal) valores.push(f.porPagina, f.pagina * f.porPagina);
  return valores;
}

/**
 * The text of each page statement shape, as the pieces between its parameters (`$1`, `$2`, …). Drizzle
 * composes the statement from ~40 nested fragments and walks them on every call (about 5 % of an
 * uncached list's CPU, issue 37); a known shape is given to it as those pieces and its values only,
 * which it joins into the same text. The shapes are few (the screens' filters); the map starts over
 * if it ever holds many.
 */
const TEXTOS_DE_PAGINA = new Map<string, readonly string[]>();
const MAX_FORMAS = 500;

/** The page statement of a known shape: its text's pieces with the values between them. */
function sentenciaDeForma(partes: readonly string[], valores: readonly unknown[]): SQL {
  const chunks: SQLChunk[] = [new StringChunk(partes[0] ?? '')];
  for (let i = 0; i < valores.length; i++) chunks.push(sql.param(valores[i]), new StringChunk(partes[i + 1] ?? ''));
  return new SQL(chunks);
}

/** Keeps a shape's text pieces when the statement Drizzle built binds exactly `valores`. */
function aprenderForma(forma: string, query: SQL, valores: readonly unknown[]): void {
  const { sql: texto, params } = dialecto.sqlToQuery(query);
  const partes = texto.split(/\$\d+(?!\d)/);
  const numeros = [...texto.matchAll(/\$(\d+)(?!\d)/g)].map((m) => Number(m[1]));
  const enOrden = numeros.every((n, i) => n === i + 1);
  if (!enOrden || partes.length !== params.length + 1 || !isDeepStrictEqual(params, valores)) return;
  if (TEXTOS_DE_PAGINA.size >= MAX_FORMAS) TEXTOS_DE_PAGINA.clear();
  TEXTOS_DE_PAGINA.set(forma, partes);
}

/**
 * The reads of orders: list pages, totals, the detail, the export and the history. Statements of the
 * hot paths (list, total, detail) go through the prepared reader.
 */
export class OrdersLecturasRepository {
  /**
   * @param consultar the prepared reader of the hot paths (list, count, detail); absent inside a
   * transaction, where every statement goes through `db`.
   */
  private readonly lector: Leer;

  constructor(
    private readonly db: DbOrTx,
    consultar?: Consultar,
  ) {
    this.lector = lectorDe(db, consultar);
  }

  /**
   * @param planPropio plan the statement for its values each time: a text search is best served
   * by the trigram index for a rare word and by walking the newest orders for a common one, and
   * only its own values tell which.
   */
  private leer<T>(query: SQL, planPropio = false): Promise<T[]> {
    return this.lector<T>(query, { preparar: !planPropio });
  }

  /**
   * What an actor who does not see everything sees: what he registered, what names him or someone
   * he supervises as responsable, and the orders of his clients. The responsables' part is one
   * probe of the (orden_id, usuario_id) key per order, the supervised people read once (an init
   * plan): as two `exists`, the prepared statement's generic plan scanned usuarios again for every
   * responsable of every order in range (~100 ms for a month of 2,000 orders, issue 32).
   */
  private visibleSql(v: Visibilidad): SQL {
    if (v.todo) return sql`true`;
    const parts: SQL[] = [
      sql`o.registro_responsable_id = ${v.actorId}`,
      sql`exists (select 1 from orden_responsables r where r.orden_id = o.id and r.usuario_id = any(array[${v.actorId}::int] || array(select u.id from usuarios u where u.supervisor_id = ${v.actorId})))`,
    ];
    if (v.clientes.length) parts.push(sql`o.cliente_id = any(${intArray(v.clientes)})`);
    return sql`(${sql.join(parts, sql` or `)})`;
  }

  /**
   * The conditions of the filters (SPEC §3), shared by the list and the export.
   * @param clientesBuscados for each word of the search (`palabrasDeBusqueda`), the company's clients
   * whose name holds it, when the caller knows them (from memory): the statement then names them
   * instead of searching clients.
   */
  condiciones(
    entidadId: number,
    v: Visibilidad,
    f: FiltrosParsed,
    now: Date,
    clientesBuscados?: readonly (readonly number[])[],
  ): SQL[] {
    const where: SQL[] = [sql`o.entidad_id = ${entidadId}`, sql`o.eliminada is null`, this.visibleSql(v)];
    if (f.estados?.length) where.push(sql`o.estado_id = any(${intArray(f.estados)})`);
    if (f.cliente) where.push(sql`o.cliente_id = ${f.cliente}`);
    if (f.tipo) where.push(sql`o.tipo_orden_id = ${f.tipo}`);
    if (f.area) where.push(sql`o.area_id = ${f.area}`);
    if (f.prioridad) where.push(sql`o.prioridad_id = ${f.prioridad}`);
    if (f.equipo) where.push(sql`o.equipo_id = ${f.equipo}`);
    if (f.ubicacion) where.push(sql`o.ubicacion_id = ${f.ubicacion}`);
    if (f.responsable) {
      where.push(
        sql`exists (select 1 from orden_responsables r where r.orden_id = o.id and r.usuario_id = ${f.responsable})`,
      );
    }
    const campo = {
      creada: sql`o.creada`,
      fechaInicio: sql`o.fecha_inicio`,
      fechaFin: sql`o.fecha_fin`,
      // Set when an order is finished (cleared if it is reopened): only finished orders match.
      finalizada: sql`o.finalizada`,
    }[f.campoFecha];
    if (f.fechaDesde != null) where.push(sql`${campo} >= ${new Date(f.fechaDesde).toISOString()}::timestamptz`);
    if (f.fechaHasta != null) where.push(sql`${campo} <= ${new Date(f.fechaHasta).toISOString()}::timestamptz`);
    if (f.vencidas) {
      where.push(
        sql`o.estado_id = any(${intArray(ESTADOS_ABIERTOS)}) and o.fecha_fin < ${now.toISOString()}::timestamptz`,
      );
    }
    // Service levels (issue 34): a target past its 80 % and not yet due, or one broken (met late,
    // or open past its due instant; a paused clock counts up to its pause).
    if (f.sla) {
      // `now` bound once (a.t), so the statement's values are the shape's (valoresDePagina).
      const ahora = sql`coalesce(s.pausada_desde, a.t)`;
      const plazo = (p: 'resp' | 'res') => {
        const c = (nombre: string) => sql.raw(`s.${p}_${nombre}`);
        return f.sla === 'por-vencer'
          ? sql`(${c('cumplida')} is null and ${c('aviso')} <= ${ahora} and ${c('vence')} > ${ahora})`
          : sql`(${c('cumplida')} > ${c('vence')} or (${c('cumplida')} is null and ${c('vence')} <= ${ahora}))`;
      };
      where.push(
        sql`exists (select 1 from orden_sla s, (select ${now.toISOString()}::timestamptz as t) a where s.orden_id = o.id and (${plazo('resp')} or ${plazo('res')}))`,
      );
    }
    // Every word of the search must match (docs/adr/0002): in the title and detail, through the
    // normalized column of the trigram index ordenes_busqueda_trgm_idx; in the client's name; or,
    // a word that is a number, as the order's number.
    palabrasDeBusqueda(f.buscar).forEach((palabra, i) => {
      const partes = [contieneSql(sql`o.busqueda`, palabra)];
      const clientes = clientesBuscados?.[i];
      if (!clientesBuscados) {
        partes.push(
          sql`o.cliente_id = any(array(select c2.id from clientes c2 where c2.entidad_id = ${entidadId} and ${contieneSql(normalizadoSql(sql`c2.nombre`), palabra)}))`,
        );
      } else if (clientes?.length) {
        partes.push(sql`o.cliente_id = any(${intArray(clientes)})`);
      }
      const numero = numeroDePalabra(palabra);
      if (numero !== undefined) partes.unshift(sql`o.numero = ${numero}`);
      where.push(sql`(${sql.join(partes, sql` or `)})`);
    });
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
  async pagina(
    entidadId: number,
    v: Visibilidad,
    f: FiltrosParsed,
    now: Date,
    clientesBuscados?: readonly (readonly number[])[],
  ): Promise<FilaResumen[]> {
    const forma = formaDePagina(v, f);
    const valores = forma === undefined ? undefined : valoresDePagina(entidadId, v, f, now);
    const partes = forma === undefined ? undefined : TEXTOS_DE_PAGINA.get(forma);
    let query: SQL;
    if (partes && valores) query = sentenciaDeForma(partes, valores);
    else {
      const where = this.condiciones(entidadId, v, f, now, clientesBuscados);
      const orden = this.ordenSql(f.orden);
      // The page's rows first, then their columns: PostgreSQL computes a row's select list (the
      // responsables' subquery) before OFFSET skips it, so page 4 paid for 100 rows' responsables.
      query = sql`
      select ${COLUMNAS_RESUMEN}
      from (
        select o.* from ordenes o
        where ${sql.join(where, sql` and `)}
        order by ${orden}
        ${limitePagina(f.porPagina, f.pagina)}
      ) o
      order by ${orden}`;
      if (forma !== undefined && valores) aprenderForma(forma, query, valores);
    }
    const rows = await this.leer<Omit<FilaResumen, 'responsables'> & { responsables: number[] | string }>(
      query,
      Boolean(f.buscar?.trim()),
    );
    // The rows are the driver's own fresh objects: their json column is parsed in place, not copied.
    for (const r of rows) r.responsables = leerJson<number[]>(r.responsables);
    return rows as FilaResumen[];
  }

  /** How many orders the filters select among those the actor may see (paging ignored). */
  async count(
    entidadId: number,
    v: Visibilidad,
    f: FiltrosParsed,
    now: Date,
    clientesBuscados?: readonly (readonly number[])[],
  ): Promise<number> {
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
    const orderBy = sql.join(
      claves.map((c) => sql`${c.expr} ${sql.raw(`${c.dir} ${nulos(c)}`)}`),
      sql`, `,
    );
    // The sort keys travel as text (the cursor, exact to the microsecond) and as values, to put the
    // joined rows back in order: no window over the whole set, so each page costs the same.
    const keys = claves.map(
      (c, i) => sql`(${c.expr})::text as ${sql.raw(`k${i}`)}, (${c.expr}) as ${sql.raw(`s${i}`)}`,
    );
    const outerOrder = sql.join(
      claves.map((c, i) => sql.raw(`x.s${i} ${c.dir} ${nulos(c)}`)),
      sql`, `,
    );
    const r = await this.db.execute<ExportFila & Record<string, unknown>>(sql`
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
             ${sql.join(
               claves.map((_, i) => sql.raw(`x.k${i}`)),
               sql`, `,
             )},
             coalesce((select json_agg(trim(u.nombre || ' ' || u.apellido) order by u.nombre, u.id)
                       from orden_responsables r join usuarios u on u.id = r.usuario_id where r.orden_id = x.id), '[]'::json) as responsables
      from pagina x
      left join prioridades p on p.id = x.prioridad_id
      left join clientes c on c.id = x.cliente_id
      left join tipos_orden t on t.id = x.tipo_orden_id
      left join areas a on a.id = x.area_id
      order by ${outerOrder}`);
    return r.rows.map((row) => ({
      ...row,
      responsables: leerJson<string[]>(row.responsables),
      cursor: claves.map((_, i) => (row[`k${i}`] ?? null) as string | null),
    }));
  }

  /**
   * One order of the company (not deleted), with its responsables; undefined when absent or another
   * company's. `facturacion`: another module's column over `o` read in the same statement (the detail).
   */
  async find(entidadId: number, id: number, facturacion?: SQL): Promise<OrdenFila | undefined> {
    const rows = await this.leer<Omit<OrdenFila, 'responsables'> & { responsables: number[] | string }>(sql`
      ${seleccionDeOrden(facturacion)}
      where o.entidad_id = ${entidadId} and o.id = ${id} and o.eliminada is null`);
    const row = rows[0];
    return row && normalizar<OrdenFila>(row);
  }

  async isVisible(entidadId: number, id: number, v: Visibilidad): Promise<boolean> {
    const rows = await this.leer(
      sql`select 1 from ordenes o where o.entidad_id = ${entidadId} and o.id = ${id} and o.eliminada is null and ${this.visibleSql(v)}`,
    );
    return rows.length > 0;
  }

  async events(entidadId: number, ordenId: number) {
    const r = await this.db.execute<{
      id: number;
      tipo: string;
      fecha: number;
      estadoAnterior: number | null;
      estadoNuevo: number | null;
      comentario: string | null;
      datos: Record<string, unknown> | string | null;
      hechoEn: number | null;
      u_id: number;
      u_usuario: string;
      u_nombre: string;
      u_apellido: string;
    }>(sql`
      select e.id::int as id, e.tipo, ${ms(sql`e.fecha`)} as fecha, e.estado_anterior_id as "estadoAnterior",
             e.estado_nuevo_id as "estadoNuevo", e.comentario, e.datos,
             ${ms(sql`e.hecho_en`)} as "hechoEn",
             u.id as u_id, u.usuario as u_usuario, u.nombre as u_nombre, u.apellido as u_apellido
      from orden_eventos e join usuarios u on u.id = e.usuario_id
      where e.entidad_id = ${entidadId} and e.orden_id = ${ordenId}
      order by e.fecha asc, e.id asc`);
    return r.rows;
  }

  /** Clients that have orders the actor can see (for the filter). */
  async clientesUsados(entidadId: number, v: Visibilidad) {
    const r = await this.db.execute<{ id: number; nombre: string }>(sql`
      select c.id, c.nombre from clientes c
      where c.entidad_id = ${entidadId}
        and exists (select 1 from ordenes o where o.cliente_id = c.id and o.entidad_id = ${entidadId} and o.eliminada is null and ${this.visibleSql(v)})
      order by c.nombre`);
    return r.rows;
  }

  async prioridades(entidadId: number) {
    const r = await this.db.execute<{ id: number; nombre: string; nivel: number; color: string }>(
      sql`select id, nombre, nivel, color from prioridades where entidad_id = ${entidadId} order by nivel, id`,
    );
    return r.rows;
  }

  /** The names an order refers to, of one company, in one statement (the loader of NombresCache). */
  async nombres(entidadId: number): Promise<Nombres> {
    const r = await this.db.execute<
      Record<'entidad' | 'clientes' | 'tipos' | 'areas' | 'prioridades' | 'usuarios', unknown>
    >(sql`
      select (select nombre from entidades where id = ${entidadId}) as entidad,
             coalesce((select json_agg(json_build_array(id, nombre)) from clientes where entidad_id = ${entidadId}), '[]'::json) as clientes,
             coalesce((select json_agg(json_build_array(id, nombre)) from tipos_orden where entidad_id = ${entidadId}), '[]'::json) as tipos,
             coalesce((select json_agg(json_build_array(id, nombre)) from areas where entidad_id = ${entidadId}), '[]'::json) as areas,
             coalesce((select json_agg(json_build_array(id, nombre, color, nivel)) from prioridades where entidad_id = ${entidadId}), '[]'::json) as prioridades,
             coalesce((select json_agg(json_build_array(id, usuario, nombre, apellido)) from usuarios where entidad_id = ${entidadId}), '[]'::json) as usuarios`);
    // A select without FROM gives exactly one row.
    const row = r.rows[0] as (typeof r.rows)[number];
    const pares = (v: unknown) => new Map(leerJson<[number, string][]>(v).map(([id, nombre]) => [id, nombre]));
    return {
      entidad: String(row.entidad ?? ''),
      clientes: pares(row.clientes),
      tipos: pares(row.tipos),
      areas: pares(row.areas),
      prioridades: new Map(
        leerJson<[number, string, string, number][]>(row.prioridades).map(([id, nombre, color, nivel]) => [
          id,
          { id, nombre, color, nivel },
        ]),
      ),
      usuarios: new Map(
        leerJson<[number, string, string, string][]>(row.usuarios).map(([id, usuario, nombre, apellido]) => [
          id,
          { id, usuario, nombre, apellido },
        ]),
      ),
    };
  }
}
