import { sql, type SQL } from 'drizzle-orm';
import { ESTADO, ESTADOS_ABIERTOS } from '@delego/contract';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { lectorDe } from '../../kernel/db/leer.js';
import { leerJson } from '../../kernel/db/json.js';

/**
 * What the statistics' two kinds of reads share (docs/ESTADISTICAS.md): the row types, the sets of
 * orders as SQL conditions, the delay rows' columns. Every statement starts with `o.entidad_id = …`
 * (or the company column of its table). Names of types, areas, clients and users come in the same
 * statement by JOIN (the deliberate read exception of ARCHITECTURE.md), and so do the surveys'
 * scores (table `encuesta`, module surveys).
 */

/** A range of instants: first ms of «desde», last ms of «hasta». */
export interface Rango {
  desdeMs: number;
  hastaMs: number;
}

/** The days of a range, 'YYYY-MM-DD'. */
export interface Dias {
  desde: string;
  hasta: string;
}

export type Agrupacion = 'estado' | 'tipo' | 'area' | 'cliente' | 'responsable';

export interface FilaGrupo {
  id: number | null;
  nombre: string | null;
  n: number;
}

export interface FilaDemoraGrupo {
  id: number | null;
  nombre: string | null;
  n: number;
  promedio: number;
}

export interface FilaDemoraOrden {
  id: number;
  numero: number;
  titulo: string;
  estadoId: number;
  tipoId: number | null;
  tipo: string | null;
  areaId: number | null;
  area: string | null;
  clienteId: number | null;
  cliente: string | null;
  responsables: { id: number; usuario: string; nombre: string; apellido: string }[];
  fechaFin: number;
  finalizada: number | null;
  demoraSeg: number;
}

export interface ResumenDemoraFila {
  con_vencimiento: number;
  a_tiempo: number;
  con_demora: number;
  vencidas: number;
  en_plazo: number;
  promedio_seg: number | null;
  mediana_seg: number | null;
}

export interface FilaDesempeno {
  id: number;
  usuario: string;
  nombre: string;
  apellido: string;
  finalizadas: number;
  con_vencimiento: number;
  a_tiempo: number;
  mediana_seg: number | null;
  abiertas: number;
  vencidas: number;
  minutos: number;
  satisfaccion: number | null;
  encuestas: number;
}

export interface FilaTablero {
  abiertas: number;
  vencidas: number;
  vencen_hoy: number;
  vencen_semana: number;
  vencen_despues: number;
  sin_vencimiento: number;
  pendientes: number;
  en_proceso: number;
  en_espera: number;
  finalizadas: number;
  con_vencimiento: number;
  a_tiempo: number;
  mediana_resolucion_seg: number | null;
}

/** Created and finished orders per bucket of a series (see `cortes` of `creadasYFinalizadas`). */
export interface CreadasYFinalizadas {
  creadas: number[];
  finalizadas: number[];
}

/** A row as the driver gives it: numbers may come as text (bigint, numeric), so every field is read. */
export type Cruda<T> = { [K in keyof T]: unknown };

export const ts = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;
export const num = (v: unknown): number => (v == null ? 0 : Number(v));
export const numONull = (v: unknown): number | null => (v == null ? null : Number(v));

/**
 * One aggregate row read as numbers: each of `conteos` a count (no row or null is 0), each of
 * `medidas` an average or median that stays null when nothing was measured.
 */
export function filaNumerica<C extends string, M extends string = never>(
  f: Partial<Record<C | M, unknown>> | undefined,
  conteos: readonly C[],
  medidas: readonly M[] = [],
): Record<C, number> & Record<M, number | null> {
  const r: Record<string, number | null> = {};
  for (const k of conteos) r[k] = num(f?.[k]);
  for (const k of medidas) r[k] = numONull(f?.[k]);
  return r as Record<C, number> & Record<M, number | null>;
}
/**
 * States as literals, not parameters: the partial indexes of migration 0007 (`estado_id = 4`,
 * `estado_id <> 5`) serve a statement only when the planner sees the constant.
 */
export const FINALIZADA = sql.raw(String(ESTADO.FINALIZADA));
export const CANCELADA = sql.raw(String(ESTADO.CANCELADA));
export const PENDIENTE = sql.raw(String(ESTADO.PENDIENTE));
export const EN_PROCESO = sql.raw(String(ESTADO.EN_PROCESO));
export const EN_ESPERA = sql.raw(String(ESTADO.EN_ESPERA));
export const ABIERTOS = sql.raw(`array[${ESTADOS_ABIERTOS.join(',')}]`);

/**
 * Seconds of an interval as float8. `date_part` computes in float8; `extract` computes an exact
 * numeric that is then cast, several times slower over hundreds of thousands of rows
 * (docs/BENCHMARKS.md, «Estadísticas»); the difference is below a microsecond.
 */
export const segundos = (intervalo: SQL): SQL => sql`date_part('epoch', ${intervalo})`;

/** Seconds late of an order of the delay set at `ahora` (positive: late). */
export const demoraSeg = (ahora: SQL): SQL =>
  sql`(case when o.estado_id = ${FINALIZADA} then ${segundos(sql`o.finalizada - o.fecha_fin`)} else ${segundos(sql`${ahora} - o.fecha_fin`)} end)`;

/** The orders of the company that are not deleted: the conditions of the statistics' live series. */
export const deLaEmpresa = (entidadId: number): SQL => sql`o.entidad_id = ${entidadId} and o.eliminada is null`;

/** The delay set: orders of the company due in the range, not cancelled (finished ones with their moment). */
export const conjuntoDemora = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.fecha_fin between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
    and o.estado_id <> ${CANCELADA} and (o.estado_id <> ${FINALIZADA} or o.finalizada is not null)`;

/** The open orders of the delay set (read from `ordenes_estadisticas_abiertas_idx`). */
export const abiertasDelConjunto = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id in (${PENDIENTE}, ${EN_PROCESO}, ${EN_ESPERA})
    and o.fecha_fin between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;

/** The finished late orders of the delay set (read from `ordenes_estadisticas_demora_idx`). */
export const finalizadasTardeDelConjunto = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id = ${FINALIZADA} and o.finalizada > o.fecha_fin
    and o.fecha_fin between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;

/** Orders of the company created in the range. */
export const creadasEn = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.creada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;

/** Orders of the company finished in the range. */
export const finalizadasEn = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id = ${FINALIZADA}
    and o.finalizada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;

/** Hours of the range's days per user (a CTE named `horas`). */
export const horasPorUsuario = (entidadId: number, dias: Dias): SQL =>
  sql`horas as (
        select h.usuario_id, sum(h.minutos)::int as minutos
        from registro_horas h
        where h.entidad_id = ${entidadId} and h.dia between ${dias.desde}::date and ${dias.hasta}::date
        group by h.usuario_id
      )`;

/** The columns of a delay row (`FilaDemoraOrden`), its delay being `d`; with `joinsDemora`. */
export const columnasDemora = (entidadId: number, d: SQL): SQL =>
  sql`o.id, o.numero, o.titulo, o.estado_id as "estadoId",
      o.tipo_orden_id as "tipoId", t.nombre as tipo, o.area_id as "areaId", a.nombre as area,
      o.cliente_id as "clienteId", c.nombre as cliente,
      coalesce((select json_agg(json_build_object('id', u.id, 'usuario', u.usuario, 'nombre', u.nombre, 'apellido', u.apellido) order by u.apellido, u.nombre, u.id)
        from orden_responsables r join usuarios u on u.id = r.usuario_id and u.entidad_id = ${entidadId}
        where r.orden_id = o.id), '[]'::json) as responsables,
      round(extract(epoch from o.fecha_fin) * 1000)::float8 as "fechaFin",
      round(extract(epoch from o.finalizada) * 1000)::float8 as finalizada,
      ${d} as "demoraSeg"`;

/** The names of a delay row's type, area and client. */
export const joinsDemora = (entidadId: number): SQL =>
  sql`left join tipos_orden t on t.id = o.tipo_orden_id and t.entidad_id = ${entidadId}
      left join areas a on a.id = o.area_id and a.entidad_id = ${entidadId}
      left join clientes c on c.id = o.cliente_id and c.entidad_id = ${entidadId}`;

export function filaDemora(f: Cruda<FilaDemoraOrden>): FilaDemoraOrden {
  return {
    id: num(f.id),
    numero: num(f.numero),
    titulo: f.titulo as string,
    estadoId: num(f.estadoId),
    tipoId: numONull(f.tipoId),
    tipo: f.tipo as string | null,
    areaId: numONull(f.areaId),
    area: f.area as string | null,
    clienteId: numONull(f.clienteId),
    cliente: f.cliente as string | null,
    responsables: leerJson<FilaDemoraOrden['responsables']>(f.responsables),
    fechaFin: num(f.fechaFin),
    finalizada: numONull(f.finalizada),
    demoraSeg: num(f.demoraSeg),
  };
}

export function filaDesempeno(f: Cruda<FilaDesempeno>): FilaDesempeno {
  return {
    id: num(f.id),
    usuario: f.usuario as string,
    nombre: f.nombre as string,
    apellido: f.apellido as string,
    finalizadas: num(f.finalizadas),
    con_vencimiento: num(f.con_vencimiento),
    a_tiempo: num(f.a_tiempo),
    mediana_seg: numONull(f.mediana_seg),
    abiertas: num(f.abiertas),
    vencidas: num(f.vencidas),
    minutos: num(f.minutos),
    satisfaccion: numONull(f.satisfaccion),
    encuestas: num(f.encuestas),
  };
}

/** Counts per bucket of a series from rows `{ i: 1-based bucket, n }` (`width_bucket`). */
export function serie(cortes: readonly number[], rows: readonly Cruda<{ i: number; n: number }>[]): number[] {
  const v = cortes.map(() => 0);
  for (const f of rows) {
    const i = num(f.i) - 1;
    if (i >= 0 && i < v.length) v[i] = (v[i] ?? 0) + num(f.n);
  }
  return v;
}

/** The cuts of a series as one array parameter. */
export const cortesSql = (cortes: readonly number[]): SQL =>
  sql`${sql.param(cortes.map((ms) => new Date(ms).toISOString()))}::timestamptz[]`;

/**
 * Reads rows, not prepared: a range of a week and one of five years want different plans, and a
 * prepared statement may settle on one generic plan for both.
 */
export type Leer = <T>(query: SQL) => Promise<Cruda<T>[]>;

export function lector(db: DbOrTx, consultar?: Consultar): Leer {
  const leer = lectorDe(db, consultar);
  return <T>(query: SQL) => leer<Cruda<T>>(query, { preparar: false });
}
