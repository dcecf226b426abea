import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  ESTADO,
  ESTADOS_ABIERTOS,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  diaDeMs,
  finDelDia,
  inicioDelDia,
  sumarDias,
} from '@delego/contract';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { intArray } from '../../lib/queries.js';
import { estadisticaAcceso } from './statistics.tables.js';

/**
 * The statistics' SQL (docs/ESTADISTICAS.md): every figure is aggregated in the database, every
 * statement starts with `o.entidad_id = …` (or the company column of its table). Names of types,
 * areas, clients and users come in the same statement by JOIN (the deliberate read exception of
 * ARCHITECTURE.md), and so do the surveys' scores (table `encuesta`, module surveys).
 */

/** A range of instants: first ms of «desde», last ms of «hasta». */
export interface Rango {
  desdeMs: number;
  hastaMs: number;
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

const ts = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;
const num = (v: unknown): number => (v == null ? 0 : Number(v));
const numONull = (v: unknown): number | null => (v == null ? null : Number(v));
/**
 * States as literals, not parameters: the partial indexes of migration 0007 (`estado_id = 4`,
 * `estado_id <> 5`) serve a statement only when the planner sees the constant.
 */
const FINALIZADA = sql.raw(String(ESTADO.FINALIZADA));
const CANCELADA = sql.raw(String(ESTADO.CANCELADA));
const PENDIENTE = sql.raw(String(ESTADO.PENDIENTE));
const EN_PROCESO = sql.raw(String(ESTADO.EN_PROCESO));
const EN_ESPERA = sql.raw(String(ESTADO.EN_ESPERA));
const ABIERTOS = sql.raw(`array[${ESTADOS_ABIERTOS.join(',')}]`);

/**
 * Seconds of an interval as float8. `date_part` computes in float8; `extract` computes an exact
 * numeric that is then cast, several times slower over hundreds of thousands of rows
 * (docs/BENCHMARKS.md, «Estadísticas»); the difference is below a microsecond.
 */
const segundos = (intervalo: SQL): SQL => sql`date_part('epoch', ${intervalo})`;

/** Seconds late of an order of the delay set at `ahora` (positive: late). */
const demoraSeg = (ahora: SQL): SQL =>
  sql`(case when o.estado_id = ${FINALIZADA} then ${segundos(sql`o.finalizada - o.fecha_fin`)} else ${segundos(sql`${ahora} - o.fecha_fin`)} end)`;

/** The delay set: orders of the company due in the range, not cancelled (finished ones with their moment). */
const conjuntoDemora = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.fecha_fin between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
    and o.estado_id <> ${CANCELADA} and (o.estado_id <> ${FINALIZADA} or o.finalizada is not null)`;

/** The open orders of the delay set (read from `ordenes_estadisticas_abiertas_idx`). */
const abiertasDelConjunto = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id in (${PENDIENTE}, ${EN_PROCESO}, ${EN_ESPERA})
    and o.fecha_fin between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;

/** The finished late orders of the delay set (read from `ordenes_estadisticas_demora_idx`). */
const finalizadasTardeDelConjunto = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id = ${FINALIZADA} and o.finalizada > o.fecha_fin
    and o.fecha_fin between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;

/** Orders of the company created in the range. */
const creadasEn = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.creada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;

/** Orders of the company finished in the range. */
const finalizadasEn = (entidadId: number, r: Rango): SQL =>
  sql`o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id = ${FINALIZADA}
    and o.finalizada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;

/** Measures of the daily rollup `estadistica_resumen` (migration 0011, docs/ESTADISTICAS.md). */
const MEDIDA = {
  estado: 1,
  tipo: 2,
  area: 3,
  cliente: 4,
  responsable: 5,
  finalizadas: 6,
  resolucion: 7,
  demoraTarde: 8,
  demoraATiempo: 9,
  demoraResponsable: 10,
  demoraCubeta: 11,
  abiertasResponsable: 12,
  finalizadasResponsable: 13,
  aTiempoResponsable: 14,
  abiertasSinVencimientoResponsable: 15,
} as const;
/** Width of the rollup's buckets of durations (migration 0011, `estadistica_cubeta`): 6 hours. */
const CUBETA_S = 21_600;

/**
 * The exact median (as `percentile_cont(0.5)`: the middle value, or lo + 0.5 * (hi - lo) of the two
 * middle ones) of a multiset known by its counts per bucket (ascending), reading the values of only
 * the one or two buckets that hold the middle.
 */
export async function medianaExacta(
  hist: readonly { b: number; n: number }[],
  valoresDe: (b: number) => Promise<number[]>,
): Promise<number | null> {
  const total = hist.reduce((a, h) => a + h.n, 0);
  if (!total) return null;
  const pos = 0.5 * (total - 1);
  const rangos = [Math.floor(pos), Math.ceil(pos)];
  const valores: number[] = [];
  const leidas = new Map<number, number[]>();
  for (const k of rangos) {
    let antes = 0;
    for (const h of hist) {
      if (k < antes + h.n) {
        let v = leidas.get(h.b);
        if (!v) {
          v = (await valoresDe(h.b)).sort((a, b) => a - b);
          leidas.set(h.b, v);
        }
        valores.push(v[k - antes] as number);
        break;
      }
      antes += h.n;
    }
  }
  const [lo, hi] = valores as [number, number];
  return rangos[0] === rangos[1] ? lo : lo + (pos - (rangos[0] as number)) * (hi - lo);
}
/** The rollup's calendar: the days of the migration's `estadistica_dia`. */
const ZONA_RESUMEN = 'America/Argentina/Buenos_Aires';

/**
 * The rollup's days of a range, when the range is made of whole days of the rollup's calendar (the
 * statistics' ranges always are: `rangoEstadisticas`); otherwise undefined and the caller counts the
 * orders themselves.
 */
function diasResumen(r: Rango): { desde: string; hasta: string } | undefined {
  if (ZONA_HORARIA_EMPRESA_POR_DEFECTO !== ZONA_RESUMEN) return undefined;
  const desde = diaDeMs(r.desdeMs, ZONA_RESUMEN);
  const hasta = diaDeMs(r.hastaMs, ZONA_RESUMEN);
  if (inicioDelDia(desde, ZONA_RESUMEN) !== r.desdeMs || finDelDia(hasta, ZONA_RESUMEN) !== r.hastaMs) return undefined;
  return { desde, hasta };
}

/** Rows of one measure of the rollup, for a company and a range of days. */
const delResumen = (entidadId: number, medida: number, d: { desde: string; hasta: string }): SQL =>
  sql`s.entidad_id = ${entidadId} and s.medida = ${sql.raw(String(medida))} and s.dia between ${d.desde}::date and ${d.hasta}::date`;

export class StatisticsRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly consultar?: Consultar,
  ) {}

  /**
   * Not prepared: a range of a week and one of five years want different plans, and a prepared
   * statement may settle on one generic plan for both.
   */
  private async leer<T>(query: SQL): Promise<T[]> {
    if (this.consultar) return this.consultar<T>(query, { preparar: false });
    return (await this.db.execute(query)).rows as T[];
  }

  /**
   * Orders created in the range, counted by state, type, area, client or responsable (with the name):
   * from the daily rollup (a few hundred rows a day at most) when the range is whole days, else from
   * the orders (`contarPorEnVivo`, also the reference of the rollup's tests).
   */
  async contarPor(entidadId: number, r: Rango, por: Agrupacion): Promise<FilaGrupo[]> {
    const dias = diasResumen(r);
    if (!dias) return this.contarPorEnVivo(entidadId, r, por);
    const grupos = sql`(select nullif(s.valor, 0) as id, sum(s.n)::int as n from estadistica_resumen s
      where ${delResumen(entidadId, MEDIDA[por], dias)} group by s.valor having sum(s.n) > 0)`;
    let q: SQL;
    if (por === 'estado') {
      q = sql`select g.id, null as nombre, g.n from ${grupos} g`;
    } else if (por === 'responsable') {
      q = sql`select g.id, nullif(trim(u.nombre || ' ' || u.apellido), '') as nombre, g.n
        from ${grupos} g left join usuarios u on u.id = g.id and u.entidad_id = ${entidadId}
        order by g.n desc, nombre`;
    } else {
      const tabla = sql.identifier({ tipo: 'tipos_orden', area: 'areas', cliente: 'clientes' }[por]);
      q = sql`select g.id, x.nombre as nombre, g.n
        from ${grupos} g left join ${tabla} x on x.id = g.id and x.entidad_id = ${entidadId}
        order by g.n desc, x.nombre`;
    }
    const rows = await this.leer<FilaGrupo>(q);
    return rows.map((f) => ({ id: numONull(f.id), nombre: f.nombre, n: num(f.n) }));
  }

  /** `contarPor` counted on the orders themselves. */
  async contarPorEnVivo(entidadId: number, r: Rango, por: Agrupacion): Promise<FilaGrupo[]> {
    const donde = creadasEn(entidadId, r);
    let q: SQL;
    if (por === 'estado') {
      q = sql`select o.estado_id as id, null as nombre, count(*)::int as n from ordenes o where ${donde} group by o.estado_id`;
    } else if (por === 'responsable') {
      q = sql`select r.usuario_id as id, nullif(trim(u.nombre || ' ' || u.apellido), '') as nombre, count(*)::int as n
        from ordenes o
        left join orden_responsables r on r.orden_id = o.id
        left join usuarios u on u.id = r.usuario_id and u.entidad_id = ${entidadId}
        where ${donde}
        group by r.usuario_id, u.nombre, u.apellido
        order by n desc, nombre`;
    } else {
      const t = {
        tipo: ['tipos_orden', 'tipo_orden_id'],
        area: ['areas', 'area_id'],
        cliente: ['clientes', 'cliente_id'],
      }[por] as [string, string];
      const tabla = sql.identifier(t[0]);
      const col = sql.raw(`o.${t[1]}`);
      // Counted first, named after: the names join a few dozen groups, not every order.
      q = sql`select g.id, x.nombre as nombre, g.n
        from (select ${col} as id, count(*)::int as n from ordenes o where ${donde} group by ${col}) g
        left join ${tabla} x on x.id = g.id and x.entidad_id = ${entidadId}
        order by g.n desc, x.nombre`;
    }
    const rows = await this.leer<FilaGrupo>(q);
    return rows.map((f) => ({ id: numONull(f.id), nombre: f.nombre, n: num(f.n) }));
  }

  /**
   * Orders created and orders finished in the range per bucket: `cortes` are the first ms of each
   * bucket (a day, a Monday, the 1st of a month of Argentina, computed by the caller), in order.
   * Each row falls in its bucket by a binary search (`width_bucket`), not by converting every row to
   * a local date: the same answer for a fraction of the work.
   */
  async creadasYFinalizadas(
    entidadId: number,
    r: Rango,
    cortes: readonly number[],
    condiciones?: SQL,
  ): Promise<{ creadas: number[]; finalizadas: number[] }> {
    const arr = sql`${sql.param(cortes.map((ms) => new Date(ms).toISOString()))}::timestamptz[]`;
    const dias = condiciones ? undefined : diasResumen(r);
    if (dias) {
      // From the rollup: each day falls in the bucket of its first instant (the cuts are first
      // instants of days, so every instant of a day falls in the same bucket).
      const porDia = (medida: number) =>
        this.leer<{
          i: number;
          n: number;
        }>(sql`select width_bucket((s.dia::timestamp at time zone ${ZONA_RESUMEN}), ${arr}) as i,
          sum(s.n)::int as n from estadistica_resumen s where ${delResumen(entidadId, medida, dias)} group by 1`);
      const [c, f] = await Promise.all([porDia(MEDIDA.estado), porDia(MEDIDA.finalizadas)]);
      return { creadas: this.serie(cortes, c), finalizadas: this.serie(cortes, f) };
    }
    return this.creadasYFinalizadasEnVivo(entidadId, r, cortes, condiciones);
  }

  private serie(cortes: readonly number[], rows: { i: number; n: number }[]): number[] {
    const v = cortes.map(() => 0);
    for (const f of rows) {
      const i = num(f.i) - 1;
      if (i >= 0 && i < v.length) v[i] = (v[i] ?? 0) + num(f.n);
    }
    return v;
  }

  /** `creadasYFinalizadas` counted on the orders themselves (the dashboard's filters need it). */
  async creadasYFinalizadasEnVivo(
    entidadId: number,
    r: Rango,
    cortes: readonly number[],
    condiciones?: SQL,
  ): Promise<{ creadas: number[]; finalizadas: number[] }> {
    const arr = sql`${sql.param(cortes.map((ms) => new Date(ms).toISOString()))}::timestamptz[]`;
    const deCreadas = condiciones
      ? sql`${condiciones} and o.creada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`
      : creadasEn(entidadId, r);
    const deFinalizadas = condiciones
      ? sql`${condiciones} and o.estado_id = ${FINALIZADA} and o.finalizada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`
      : finalizadasEn(entidadId, r);
    const [creadas, finalizadas] = await Promise.all([
      this.leer<{ i: number; n: number }>(
        sql`select width_bucket(o.creada, ${arr}) as i, count(*)::int as n from ordenes o where ${deCreadas} group by 1`,
      ),
      this.leer<{ i: number; n: number }>(
        sql`select width_bucket(o.finalizada, ${arr}) as i, count(*)::int as n from ordenes o where ${deFinalizadas} group by 1`,
      ),
    ]);
    return { creadas: this.serie(cortes, creadas), finalizadas: this.serie(cortes, finalizadas) };
  }

  /**
   * Resolution times (finalizada - creada, seconds) of the orders finished in the range, in buckets,
   * with the exact median and the average. From the rollup (measure 7: count and seconds per 6-hour
   * bucket and day) when the range is whole days and the buckets' limits are 6-hour edges; the median
   * then reads only the rows of the bucket that holds it (`ordenes_estadisticas_resolucion_idx`).
   */
  async resolucion(
    entidadId: number,
    r: Rango,
    limitesSeg: readonly number[],
  ): Promise<{ cubetas: number[]; mediana: number | null; promedio: number | null; total: number }> {
    const dias = diasResumen(r);
    if (!dias || limitesSeg.some((l) => l % CUBETA_S !== 0)) return this.resolucionEnVivo(entidadId, r, limitesSeg);
    const hist = await this.histograma(entidadId, MEDIDA.resolucion, dias);
    const total = hist.reduce((a, h) => a + h.n, 0);
    const cubetas = [0, ...limitesSeg].map((desde, i) => {
      const hasta = limitesSeg[i];
      return hist
        .filter((h) => h.b * CUBETA_S >= desde && (hasta == null || h.b * CUBETA_S < hasta))
        .reduce((a, h) => a + h.n, 0);
    });
    const mediana = await medianaExacta(hist, (b) =>
      this.leer<{ s: number }>(
        sql`select estadistica_resolucion_s(o.creada, o.finalizada) as s from ordenes o
        where ${finalizadasEn(entidadId, r)} and estadistica_cubeta(estadistica_resolucion_s(o.creada, o.finalizada)) = ${b}`,
      ).then((rows) => rows.map((f) => Number(f.s))),
    );
    const suma = hist.reduce((a, h) => a + h.suma, 0);
    return { cubetas, mediana, promedio: total ? suma / total : null, total };
  }

  /** Counts and seconds per bucket (`valor`) of one measure over the range's days, ascending. */
  private async histograma(
    entidadId: number,
    medida: number,
    dias: { desde: string; hasta: string },
  ): Promise<{ b: number; n: number; suma: number }[]> {
    const rows = await this.leer<{ b: number; n: number; suma: string | number }>(sql`
      select s.valor as b, sum(s.n)::int as n, sum(s.suma) as suma from estadistica_resumen s
      where ${delResumen(entidadId, medida, dias)} group by s.valor having sum(s.n) > 0 order by s.valor`);
    return rows.map((f) => ({ b: num(f.b), n: num(f.n), suma: num(f.suma) }));
  }

  /** The open orders of the delay set that are late now, with their delay (seconds) computed once. */
  private abiertasTarde(entidadId: number, r: Rango, ahora: number): SQL {
    return sql`(select o.id, o.tipo_orden_id, ${segundos(sql`${ts(ahora)} - o.fecha_fin`)} as d from ordenes o
      where ${abiertasDelConjunto(entidadId, r)} and o.fecha_fin < ${ts(ahora)} offset 0)`;
  }

  /** The open late orders grouped by delay bucket, type or responsable (0 = none): count and seconds. */
  private async abiertasTardePor(
    entidadId: number,
    r: Rango,
    ahora: number,
    por: 'cubeta' | 'tipo' | 'responsable',
  ): Promise<{ k: number; n: number; suma: number }[]> {
    const x = this.abiertasTarde(entidadId, r, ahora);
    const q =
      por === 'responsable'
        ? // A correlated subquery per order (index lookups): as a join, the planner hashes all of
          // orden_responsables (1,200,000 rows in the bench) for ~13,000 orders.
          sql`select u.k, count(*)::int as n, sum(x.d) as suma
            from ${x} x
            cross join lateral unnest(coalesce(
              (select array_agg(r.usuario_id) from orden_responsables r where r.orden_id = x.id), array[0])) as u(k)
            group by 1`
        : sql`select ${por === 'tipo' ? sql`coalesce(x.tipo_orden_id, 0)` : sql`estadistica_cubeta(x.d)`} as k,
            count(*)::int as n, sum(x.d) as suma from ${x} x group by 1`;
    const rows = await this.leer<{ k: number; n: number; suma: number }>(q);
    return rows.map((f) => ({ k: num(f.k), n: num(f.n), suma: num(f.suma) }));
  }

  /**
   * The delay set's figures: finished ones from the rollup (measures 8, 9 and 11, by due day), open
   * ones live (their delay is now - due: it cannot be rolled up). Only for the whole company (no type).
   */
  async resumenDemora(entidadId: number, r: Rango, ahora: number, tipo: number | null): Promise<ResumenDemoraFila> {
    const dias = diasResumen(r);
    if (!dias || tipo != null) return this.resumenDemoraEnVivo(entidadId, r, ahora, tipo);
    const [fin, abiertas, vencidas, hist] = await Promise.all([
      this.leer<{ medida: number; n: number; suma: string | number }>(sql`
        select s.medida, sum(s.n)::int as n, sum(s.suma) as suma from estadistica_resumen s
        where s.entidad_id = ${entidadId} and s.medida in (${sql.raw(`${MEDIDA.demoraTarde}, ${MEDIDA.demoraATiempo}`)})
          and s.dia between ${dias.desde}::date and ${dias.hasta}::date
        group by s.medida`),
      this.leer<{ n: number }>(
        sql`select count(*)::int as n from ordenes o where ${abiertasDelConjunto(entidadId, r)}`,
      ),
      this.abiertasTardePor(entidadId, r, ahora, 'cubeta'),
      this.histograma(entidadId, MEDIDA.demoraCubeta, dias),
    ]);
    const tarde = fin.find((f) => num(f.medida) === MEDIDA.demoraTarde);
    const aTiempo = num(fin.find((f) => num(f.medida) === MEDIDA.demoraATiempo)?.n);
    const conDemora = num(tarde?.n);
    const nAbiertas = num(abiertas[0]?.n);
    const nVencidas = vencidas.reduce((a, v) => a + v.n, 0);
    const tardes = conDemora + nVencidas;
    const suma = num(tarde?.suma) + vencidas.reduce((a, v) => a + v.suma, 0);
    return {
      con_vencimiento: conDemora + aTiempo + nAbiertas,
      a_tiempo: aTiempo,
      con_demora: conDemora,
      vencidas: nVencidas,
      en_plazo: nAbiertas - nVencidas,
      promedio_seg: tardes ? suma / tardes : null,
      mediana_seg: await this.medianaDemora(entidadId, r, ahora, hist, vencidas),
    };
  }

  /** The exact median of the late delays: finished ones by bucket from the rollup, open ones live. */
  private medianaDemora(
    entidadId: number,
    r: Rango,
    ahora: number,
    hist: { b: number; n: number }[],
    vencidas: { k: number; n: number }[],
  ): Promise<number | null> {
    const todas = new Map(hist.map((h) => [h.b, h.n]));
    for (const v of vencidas) todas.set(v.k, (todas.get(v.k) ?? 0) + v.n);
    const combinado = [...todas].map(([b, n]) => ({ b, n })).sort((a, b) => a.b - b.b);
    return medianaExacta(combinado, async (b) => {
      const rows = await this.leer<{ d: number }>(sql`
        select estadistica_demora_s(o.fecha_fin, o.finalizada) as d from ordenes o
        where ${finalizadasTardeDelConjunto(entidadId, r)}
          and estadistica_cubeta(estadistica_demora_s(o.fecha_fin, o.finalizada)) = ${b}
        union all
        select x.d from ${this.abiertasTarde(entidadId, r, ahora)} x where estadistica_cubeta(x.d) = ${b}`);
      return rows.map((f) => Number(f.d));
    });
  }

  /**
   * Late orders of the delay set, grouped by type or by responsable: how many and the average delay.
   * Finished ones from the rollup (measure 8 by type, 10 by responsable), open ones live.
   */
  async demoraPor(entidadId: number, r: Rango, ahora: number, por: 'tipo' | 'responsable'): Promise<FilaDemoraGrupo[]> {
    const dias = diasResumen(r);
    if (!dias) return this.demoraPorEnVivo(entidadId, r, ahora, por);
    const medida = por === 'tipo' ? MEDIDA.demoraTarde : MEDIDA.demoraResponsable;
    const porMedida = (m: number, d: { desde: string; hasta: string }) =>
      this.leer<{ id: number; n: number; suma: string | number }>(sql`
        select s.valor as id, sum(s.n)::int as n, sum(s.suma) as suma from estadistica_resumen s
        where ${delResumen(entidadId, m, d)} group by s.valor having sum(s.n) > 0`);
    // By responsable, the open ones due before today come from the rollup too (measure 12) and only
    // those due from today on are read live; by type, the open late ones are few and read live.
    const hoy = diaDeMs(ahora, ZONA_RESUMEN);
    const separar = por === 'responsable' && dias.desde < hoy;
    const vivo = separar ? { desdeMs: Math.max(r.desdeMs, inicioDelDia(hoy, ZONA_RESUMEN)), hastaMs: r.hastaMs } : r;
    const [fin, vencidas, abiertasPasadas] = await Promise.all([
      porMedida(medida, dias),
      vivo.desdeMs <= vivo.hastaMs ? this.abiertasTardePor(entidadId, vivo, ahora, por) : Promise.resolve([]),
      separar
        ? porMedida(MEDIDA.abiertasResponsable, {
            desde: dias.desde,
            hasta: dias.hasta < hoy ? dias.hasta : sumarDias(hoy, -1),
          })
        : Promise.resolve(undefined),
    ]);
    const grupos = new Map<number, { n: number; suma: number }>();
    const sumar = (id: number, n: number, suma: number) => {
      const g = grupos.get(id) ?? { n: 0, suma: 0 };
      grupos.set(id, { n: g.n + n, suma: g.suma + suma });
    };
    for (const f of fin) sumar(num(f.id), num(f.n), num(f.suma));
    for (const v of vencidas) sumar(v.k, v.n, v.suma);
    if (abiertasPasadas) {
      // Open orders due on a day before today: all late; their delay now is n * now - Σ due (measure 12).
      const ahoraS = ahora / 1000;
      for (const f of abiertasPasadas) sumar(num(f.id), num(f.n), num(f.n) * ahoraS - num(f.suma));
    }
    if (!grupos.size) return [];
    const ids = [...grupos.keys()].filter((id) => id !== 0);
    const nombres = new Map<number, string | null>();
    if (ids.length) {
      const q =
        por === 'tipo'
          ? sql`select t.id, t.nombre from tipos_orden t where t.entidad_id = ${entidadId} and t.id = any(${intArray(ids)})`
          : sql`select u.id, nullif(trim(u.nombre || ' ' || u.apellido), '') as nombre from usuarios u
              where u.entidad_id = ${entidadId} and u.id = any(${intArray(ids)})`;
      for (const f of await this.leer<{ id: number; nombre: string | null }>(q)) nombres.set(num(f.id), f.nombre);
    }
    return [...grupos]
      .map(([id, g]) => ({
        id: id === 0 ? null : id,
        nombre: id === 0 ? null : (nombres.get(id) ?? null),
        n: g.n,
        promedio: g.suma / g.n,
      }))
      .sort((a, b) => b.promedio - a.promedio);
  }

  /**
   * A page of the delay set, the latest first (then the number). The chart's page (the first N late
   * ones of the whole company) takes the finished candidates from the top buckets only (the rollup,
   * measure 11, says how many buckets hold N) and the open ones live; other pages read the orders.
   */
  async listDemoras(
    entidadId: number,
    r: Rango,
    ahora: number,
    o: { tipo: number | null; soloConDemora: boolean; limite: number; offset: number; sinTotal?: boolean },
  ): Promise<{ filas: FilaDemoraOrden[]; total: number }> {
    const dias = diasResumen(r);
    if (!dias || o.tipo != null || !o.soloConDemora || o.offset !== 0 || !o.sinTotal)
      return this.listDemorasEnVivo(entidadId, r, ahora, o);
    const hist = await this.histograma(entidadId, MEDIDA.demoraCubeta, dias);
    let desde = 0;
    for (let i = hist.length - 1, n = 0; i >= 0; i--) {
      n += (hist[i] as { n: number }).n;
      desde = (hist[i] as { b: number }).b;
      if (n >= o.limite) break;
    }
    const d = demoraSeg(ts(ahora));
    const filas = await this.leer<FilaDemoraOrden>(sql`select ${this.columnasDemora(entidadId, d)}
      from (
        select k.id, k.numero, k.d from (
          (select o.id, o.numero, estadistica_demora_s(o.fecha_fin, o.finalizada) as d from ordenes o
            where ${finalizadasTardeDelConjunto(entidadId, r)}
              and estadistica_cubeta(estadistica_demora_s(o.fecha_fin, o.finalizada)) >= ${desde}
            order by 3 desc, 2 desc limit ${o.limite})
          union all
          (select o.id, o.numero, ${segundos(sql`${ts(ahora)} - o.fecha_fin`)} as d from ordenes o
            where ${abiertasDelConjunto(entidadId, r)} and o.fecha_fin < ${ts(ahora)}
            order by o.fecha_fin, o.numero desc limit ${o.limite})
        ) k order by k.d desc, k.numero desc limit ${o.limite}
      ) k
      join ordenes o on o.id = k.id and o.entidad_id = ${entidadId}
      ${this.joinsDemora(entidadId)}
      order by k.d desc, k.numero desc`);
    return { filas: filas.map((f) => this.filaDemora(f)), total: 0 };
  }

  /** Resolution times (finalizada - creada, seconds) of the orders finished in the range, in buckets. */
  async resolucionEnVivo(
    entidadId: number,
    r: Rango,
    limitesSeg: readonly number[],
  ): Promise<{ cubetas: number[]; mediana: number | null; promedio: number | null; total: number }> {
    // One pass: the bucket counts as filtered counts, the median and the average. `offset 0` computes
    // each row's time once (inlined, it was computed again in each of the eight aggregates).
    const cortes = [0, ...limitesSeg, null];
    const cuentas = cortes.slice(0, -1).map((desde, i) => {
      const hasta = cortes[i + 1];
      const cond =
        hasta == null ? sql`t.s >= ${desde}` : i === 0 ? sql`t.s < ${hasta}` : sql`t.s >= ${desde} and t.s < ${hasta}`;
      return sql`count(*) filter (where ${cond})::int`;
    });
    const [fila] = await this.leer<{
      cubetas: number[] | string | null;
      mediana: unknown;
      promedio: unknown;
      total: unknown;
    }>(sql`
      select array[${sql.join(cuentas, sql`, `)}] as cubetas,
        percentile_cont(0.5) within group (order by t.s) as mediana,
        avg(t.s) as promedio,
        count(*)::int as total
      from (select greatest(${segundos(sql`o.finalizada - o.creada`)}, 0) as s from ordenes o where ${finalizadasEn(entidadId, r)} offset 0) t`);
    const cubetasRaw = fila?.cubetas ?? [];
    const cubetas = (typeof cubetasRaw === 'string' ? cubetasRaw.replace(/[{}]/g, '').split(',') : cubetasRaw).map(
      Number,
    );
    return {
      cubetas,
      mediana: numONull(fila?.mediana),
      promedio: numONull(fila?.promedio),
      total: num(fila?.total),
    };
  }

  /**
   * The delay set with each order's delay computed once (`offset 0` keeps the planner from inlining
   * the subquery and computing the delay again in every aggregate that reads it).
   */
  private conDemora(entidadId: number, r: Rango, ahora: number, extra: SQL = sql`true`): SQL {
    return sql`(select o.id, o.estado_id, o.tipo_orden_id, ${demoraSeg(ts(ahora))} as d
      from ordenes o where ${conjuntoDemora(entidadId, r)} and ${extra} offset 0)`;
  }

  /** Late orders of the delay set, grouped by type or by responsable: how many and the average delay. */
  async demoraPorEnVivo(
    entidadId: number,
    r: Rango,
    ahora: number,
    por: 'tipo' | 'responsable',
  ): Promise<FilaDemoraGrupo[]> {
    const x = this.conDemora(entidadId, r, ahora);
    const q =
      por === 'tipo'
        ? sql`select g.id, t.nombre as nombre, g.n, g.promedio
            from (select x.tipo_orden_id as id, count(*)::int as n, avg(x.d)::float8 as promedio
              from ${x} x where x.d > 0 group by x.tipo_orden_id) g
            left join tipos_orden t on t.id = g.id and t.entidad_id = ${entidadId}
            order by g.promedio desc`
        : sql`select r.usuario_id as id, nullif(trim(u.nombre || ' ' || u.apellido), '') as nombre, count(*)::int as n, avg(x.d)::float8 as promedio
            from ${x} x
            left join orden_responsables r on r.orden_id = x.id
            left join usuarios u on u.id = r.usuario_id and u.entidad_id = ${entidadId}
            where x.d > 0 group by r.usuario_id, u.nombre, u.apellido order by promedio desc`;
    const rows = await this.leer<FilaDemoraGrupo>(q);
    return rows.map((f) => ({ id: numONull(f.id), nombre: f.nombre, n: num(f.n), promedio: num(f.promedio) }));
  }

  /** The counts and the average and median delay of the delay set (optionally one type). */
  async resumenDemoraEnVivo(
    entidadId: number,
    r: Rango,
    ahora: number,
    tipo: number | null,
  ): Promise<ResumenDemoraFila> {
    const x = this.conDemora(entidadId, r, ahora, tipo == null ? sql`true` : sql`o.tipo_orden_id = ${tipo}`);
    const [f] = await this.leer<ResumenDemoraFila>(sql`
      select count(*)::int as con_vencimiento,
        count(*) filter (where x.estado_id = ${FINALIZADA} and x.d <= 0)::int as a_tiempo,
        count(*) filter (where x.estado_id = ${FINALIZADA} and x.d > 0)::int as con_demora,
        count(*) filter (where x.estado_id <> ${FINALIZADA} and x.d > 0)::int as vencidas,
        count(*) filter (where x.estado_id <> ${FINALIZADA} and x.d <= 0)::int as en_plazo,
        avg(x.d) filter (where x.d > 0)::float8 as promedio_seg,
        percentile_cont(0.5) within group (order by x.d) filter (where x.d > 0) as mediana_seg
      from ${x} x`);
    return {
      con_vencimiento: num(f?.con_vencimiento),
      a_tiempo: num(f?.a_tiempo),
      con_demora: num(f?.con_demora),
      vencidas: num(f?.vencidas),
      en_plazo: num(f?.en_plazo),
      promedio_seg: numONull(f?.promedio_seg),
      mediana_seg: numONull(f?.mediana_seg),
    };
  }

  private columnasDemora(entidadId: number, d: SQL): SQL {
    return sql`o.id, o.numero, o.titulo, o.estado_id as "estadoId",
      o.tipo_orden_id as "tipoId", t.nombre as tipo, o.area_id as "areaId", a.nombre as area,
      o.cliente_id as "clienteId", c.nombre as cliente,
      coalesce((select json_agg(json_build_object('id', u.id, 'usuario', u.usuario, 'nombre', u.nombre, 'apellido', u.apellido) order by u.apellido, u.nombre, u.id)
        from orden_responsables r join usuarios u on u.id = r.usuario_id and u.entidad_id = ${entidadId}
        where r.orden_id = o.id), '[]'::json) as responsables,
      round(extract(epoch from o.fecha_fin) * 1000)::float8 as "fechaFin",
      round(extract(epoch from o.finalizada) * 1000)::float8 as finalizada,
      ${d} as "demoraSeg"`;
  }

  private joinsDemora(entidadId: number): SQL {
    return sql`left join tipos_orden t on t.id = o.tipo_orden_id and t.entidad_id = ${entidadId}
      left join areas a on a.id = o.area_id and a.entidad_id = ${entidadId}
      left join clientes c on c.id = o.cliente_id and c.entidad_id = ${entidadId}`;
  }

  private filaDemora(f: FilaDemoraOrden): FilaDemoraOrden {
    const resp = f.responsables as unknown;
    return {
      ...f,
      id: num(f.id),
      numero: num(f.numero),
      estadoId: num(f.estadoId),
      tipoId: numONull(f.tipoId),
      areaId: numONull(f.areaId),
      clienteId: numONull(f.clienteId),
      responsables: (typeof resp === 'string' ? JSON.parse(resp) : resp) as FilaDemoraOrden['responsables'],
      fechaFin: num(f.fechaFin),
      finalizada: numONull(f.finalizada),
      demoraSeg: num(f.demoraSeg),
    };
  }

  /** A page of the delay set, the latest first (then the number). */
  async listDemorasEnVivo(
    entidadId: number,
    r: Rango,
    ahora: number,
    o: { tipo: number | null; soloConDemora: boolean; limite: number; offset: number; sinTotal?: boolean },
  ): Promise<{ filas: FilaDemoraOrden[]; total: number }> {
    const d = demoraSeg(ts(ahora));
    const where = sql`${conjuntoDemora(entidadId, r)}
      ${o.tipo == null ? sql`` : sql`and o.tipo_orden_id = ${o.tipo}`}
      ${o.soloConDemora ? sql`and ${d} > 0` : sql``}`;
    const [filas, total] = await Promise.all([
      // The page is chosen first from the covering index `ordenes_estadisticas_vence_idx` (a bounded
      // top-N sort, no table reads); only its rows are then read in full and named.
      this.leer<FilaDemoraOrden>(sql`select ${this.columnasDemora(entidadId, d)}
        from (select o.id, o.numero, ${d} as d from ordenes o where ${where}
          order by ${d} desc, o.numero desc limit ${o.limite} offset ${o.offset}) k
        join ordenes o on o.id = k.id and o.entidad_id = ${entidadId}
        ${this.joinsDemora(entidadId)}
        order by k.d desc, k.numero desc`),
      o.sinTotal
        ? Promise.resolve([{ n: 0 }])
        : this.leer<{ n: number }>(sql`select count(*)::int as n from ordenes o where ${where}`),
    ]);
    return { filas: filas.map((f) => this.filaDemora(f)), total: num(total[0]?.n) };
  }

  /**
   * One page of the delay export: every order of the delay set (late or not), by due date and id,
   * after the cursor `[fechaFin ms, id]` (keyset: every page costs the same).
   */
  async pageExport(
    entidadId: number,
    r: Rango,
    ahora: number,
    tipo: number | null,
    despues: [number, number] | null,
    limite: number,
  ): Promise<FilaDemoraOrden[]> {
    const d = demoraSeg(ts(ahora));
    const filas = await this.leer<FilaDemoraOrden>(sql`select ${this.columnasDemora(entidadId, d)}
      from ordenes o ${this.joinsDemora(entidadId)}
      where ${conjuntoDemora(entidadId, r)}
        ${tipo == null ? sql`` : sql`and o.tipo_orden_id = ${tipo}`}
        ${despues ? sql`and (o.fecha_fin, o.id) > (${ts(despues[0])}, ${despues[1]})` : sql``}
      order by o.fecha_fin, o.id
      limit ${limite}`);
    return filas.map((f) => this.filaDemora(f));
  }

  /** The name of a type of the company, or undefined when it is not one of its types. */
  async findTipo(entidadId: number, tipo: number): Promise<{ id: number; nombre: string } | undefined> {
    const [f] = await this.leer<{ id: number; nombre: string }>(
      sql`select id, nombre from tipos_orden where entidad_id = ${entidadId} and id = ${tipo}`,
    );
    return f ? { id: num(f.id), nombre: f.nombre } : undefined;
  }

  /**
   * Answered surveys of the company's orders in the range, counted by score (1..5). Read from the
   * covering index `encuesta_estadisticas_respondida_idx`; the deleted orders (few, a small partial
   * index) are left out by a hashed `not in` instead of joining every survey to its order.
   */
  async satisfaccion(entidadId: number, r: Rango): Promise<{ puntaje: number; n: number }[]> {
    const rows = await this.leer<{ puntaje: number; n: number }>(sql`
      select e.puntaje::int as puntaje, count(*)::int as n
      from encuesta e
      where e.entidad_id = ${entidadId} and e.puntaje is not null
        and e.respondida_en between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
        and e.orden_id not in (select o.id from ordenes o where o.entidad_id = ${entidadId} and o.eliminada is not null)
      group by e.puntaje`);
    return rows.map((f) => ({ puntaje: num(f.puntaje), n: num(f.n) }));
  }

  /**
   * The scorecard: per user of the company who has orders, hours or answered surveys to show.
   * Finished, on time and delay over the orders finished in the range; open and overdue now;
   * hours of the range's days; satisfaction of the surveys answered in the range.
   * From the rollups of migration 0013 when the range is whole days: finished and on time per
   * responsable and finish day (measures 13, 14), the late ones' delays per responsable
   * (`estadistica_demora_responsable`: count and exact median), open ones by due day (12) or, without
   * a due date, by creation day (15), the answered surveys per responsable
   * (`estadistica_encuesta_responsable`); the open ones due today are read live (whether they are
   * overdue depends on the clock), and so are the hours (`registro_horas` by day). Otherwise
   * `desempenoEnVivo`, also the reference of the tests.
   */
  async desempeno(
    entidadId: number,
    r: Rango,
    dias: { desde: string; hasta: string },
    ahora: number,
  ): Promise<FilaDesempeno[]> {
    const d = diasResumen(r);
    if (!d || d.desde !== dias.desde || d.hasta !== dias.hasta) return this.desempenoEnVivo(entidadId, r, dias, ahora);
    const hoy = diaDeMs(ahora, ZONA_RESUMEN);
    const rows = await this.leer<FilaDesempeno>(sql`
      with fin as (
        select s.valor as usuario_id,
          sum(s.n) filter (where s.medida = ${sql.raw(String(MEDIDA.finalizadasResponsable))})::int as finalizadas,
          coalesce(sum(s.n) filter (where s.medida = ${sql.raw(String(MEDIDA.aTiempoResponsable))}), 0)::int as a_tiempo
        from estadistica_resumen s
        where s.entidad_id = ${entidadId}
          and s.medida in (${sql.raw(`${MEDIDA.finalizadasResponsable}, ${MEDIDA.aTiempoResponsable}`)})
          and s.dia between ${d.desde}::date and ${d.hasta}::date and s.valor <> 0
        group by s.valor
        having sum(s.n) filter (where s.medida = ${sql.raw(String(MEDIDA.finalizadasResponsable))}) > 0
      ), tarde as (
        -- One range scan per user of the company (the key is company, user, finish time): each
        -- median sorts only that user's late orders, in memory.
        select x.id as usuario_id, t.n, t.mediana_seg
        from usuarios x
        cross join lateral (
          select count(*)::int as n, percentile_cont(0.5) within group (order by p.demora_s) as mediana_seg
          from estadistica_demora_responsable p
          where p.entidad_id = ${entidadId} and p.usuario_id = x.id
            and p.finalizada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
        ) t
        where x.entidad_id = ${entidadId} and t.n > 0
      ), sat as (
        select x.id as usuario_id, t.satisfaccion, t.encuestas
        from usuarios x
        cross join lateral (
          select avg(p.puntaje)::float8 as satisfaccion, count(*)::int as encuestas
          from estadistica_encuesta_responsable p
          where p.entidad_id = ${entidadId} and p.usuario_id = x.id
            and p.respondida_en between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
        ) t
        where x.entidad_id = ${entidadId} and t.encuestas > 0
      ), abiertas as (
        select s.valor as usuario_id, sum(s.n)::int as abiertas,
          coalesce(sum(s.n) filter (where s.medida = ${sql.raw(String(MEDIDA.abiertasResponsable))} and s.dia < ${hoy}::date), 0)::int as vencidas
        from estadistica_resumen s
        where s.entidad_id = ${entidadId}
          and s.medida in (${sql.raw(`${MEDIDA.abiertasResponsable}, ${MEDIDA.abiertasSinVencimientoResponsable}`)})
          and s.valor <> 0
        group by s.valor
        having sum(s.n) > 0
      ), vencidas_hoy as (
        -- A correlated subquery per order (index lookups), as in abiertasTardePor: a join would hash
        -- all of orden_responsables for the few orders due today.
        select u.usuario_id, count(*)::int as n
        from ordenes o
        cross join lateral unnest((select array_agg(r.usuario_id) from orden_responsables r where r.orden_id = o.id)) as u(usuario_id)
        where o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id in (${PENDIENTE}, ${EN_PROCESO}, ${EN_ESPERA})
          and o.fecha_fin >= ${ts(inicioDelDia(hoy, ZONA_RESUMEN))} and o.fecha_fin < ${ts(ahora)}
        group by u.usuario_id
      ), ${this.horas(entidadId, dias)}
      select u.id, u.usuario, u.nombre, u.apellido,
        coalesce(fin.finalizadas, 0) as finalizadas, coalesce(fin.a_tiempo, 0) + coalesce(tarde.n, 0) as con_vencimiento,
        coalesce(fin.a_tiempo, 0) as a_tiempo, tarde.mediana_seg,
        coalesce(abiertas.abiertas, 0) as abiertas,
        coalesce(abiertas.vencidas, 0) + coalesce(vencidas_hoy.n, 0) as vencidas,
        coalesce(horas.minutos, 0) as minutos, sat.satisfaccion, coalesce(sat.encuestas, 0) as encuestas
      from usuarios u
      left join fin on fin.usuario_id = u.id
      left join tarde on tarde.usuario_id = u.id
      left join abiertas on abiertas.usuario_id = u.id
      left join vencidas_hoy on vencidas_hoy.usuario_id = u.id
      left join horas on horas.usuario_id = u.id
      left join sat on sat.usuario_id = u.id
      where u.entidad_id = ${entidadId}
        and (fin.usuario_id is not null or abiertas.usuario_id is not null or horas.usuario_id is not null or sat.usuario_id is not null)`);
    return rows.map((f) => this.filaDesempeno(f));
  }

  /** Hours of the range's days per user (a CTE). */
  private horas(entidadId: number, dias: { desde: string; hasta: string }): SQL {
    return sql`horas as (
        select h.usuario_id, sum(h.minutos)::int as minutos
        from registro_horas h
        where h.entidad_id = ${entidadId} and h.dia between ${dias.desde}::date and ${dias.hasta}::date
        group by h.usuario_id
      )`;
  }

  /** `horas`, and satisfaction of the surveys answered in the range per user, live (two CTEs). */
  private horasYSatisfaccion(entidadId: number, r: Rango, dias: { desde: string; hasta: string }): SQL {
    return sql`${this.horas(entidadId, dias)}, sat as (
        select r.usuario_id, avg(e.puntaje)::float8 as satisfaccion, count(*)::int as encuestas
        from encuesta e
        join ordenes o on o.id = e.orden_id and o.entidad_id = ${entidadId} and o.eliminada is null
        join orden_responsables r on r.orden_id = o.id
        where e.entidad_id = ${entidadId} and e.puntaje is not null
          and e.respondida_en between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
        group by r.usuario_id
      )`;
  }

  private filaDesempeno(f: FilaDesempeno): FilaDesempeno {
    return {
      id: num(f.id),
      usuario: f.usuario,
      nombre: f.nombre,
      apellido: f.apellido,
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

  /** `desempeno` computed on the orders joined with their responsables. */
  async desempenoEnVivo(
    entidadId: number,
    r: Rango,
    dias: { desde: string; hasta: string },
    ahora: number,
  ): Promise<FilaDesempeno[]> {
    const now = ts(ahora);
    const rows = await this.leer<FilaDesempeno>(sql`
      with fin as (
        select r.usuario_id,
          count(*)::int as finalizadas,
          count(*) filter (where o.fecha_fin is not null)::int as con_vencimiento,
          count(*) filter (where o.fecha_fin is not null and o.finalizada <= o.fecha_fin)::int as a_tiempo,
          percentile_cont(0.5) within group (order by ${segundos(sql`o.finalizada - o.fecha_fin`)})
            filter (where o.finalizada > o.fecha_fin) as mediana_seg
        from ordenes o join orden_responsables r on r.orden_id = o.id
        where ${finalizadasEn(entidadId, r)}
        group by r.usuario_id
      ), abiertas as (
        select r.usuario_id, count(*)::int as abiertas,
          count(*) filter (where o.fecha_fin < ${now})::int as vencidas
        from ordenes o join orden_responsables r on r.orden_id = o.id
        where o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id = any(${ABIERTOS})
        group by r.usuario_id
      ), ${this.horasYSatisfaccion(entidadId, r, dias)}
      select u.id, u.usuario, u.nombre, u.apellido,
        coalesce(fin.finalizadas, 0) as finalizadas, coalesce(fin.con_vencimiento, 0) as con_vencimiento,
        coalesce(fin.a_tiempo, 0) as a_tiempo, fin.mediana_seg,
        coalesce(abiertas.abiertas, 0) as abiertas, coalesce(abiertas.vencidas, 0) as vencidas,
        coalesce(horas.minutos, 0) as minutos, sat.satisfaccion, coalesce(sat.encuestas, 0) as encuestas
      from usuarios u
      left join fin on fin.usuario_id = u.id
      left join abiertas on abiertas.usuario_id = u.id
      left join horas on horas.usuario_id = u.id
      left join sat on sat.usuario_id = u.id
      where u.entidad_id = ${entidadId}
        and (fin.usuario_id is not null or abiertas.usuario_id is not null or horas.usuario_id is not null or sat.usuario_id is not null)`);
    return rows.map((f) => this.filaDesempeno(f));
  }

  /** Open orders past due at `ahora` with at least one responsable, each once (the scorecard's total). */
  async vencidasConResponsable(entidadId: number, ahora: number): Promise<number> {
    const [f] = await this.leer<{ n: number }>(sql`
      select count(*)::int as n from ordenes o
      where o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id = any(${ABIERTOS})
        and o.fecha_fin < ${ts(ahora)}
        and exists (select 1 from orden_responsables r where r.orden_id = o.id)`);
    return num(f?.n);
  }

  /**
   * The dashboard's cards in one statement over the orders `condiciones` select (the order list's
   * conditions): open by due date now, and finished in the period.
   */
  async tablero(condiciones: SQL, ahora: number, hoy: Rango, finSemana: number, periodo: Rango): Promise<FilaTablero> {
    const now = ts(ahora);
    const abierta = sql`o.estado_id = any(${ABIERTOS})`;
    const fin = sql`o.estado_id = ${FINALIZADA} and o.finalizada between ${ts(periodo.desdeMs)} and ${ts(periodo.hastaMs)}`;
    const [f] = await this.leer<Record<keyof FilaTablero, unknown>>(sql`
      select
        count(*) filter (where ${abierta})::int as abiertas,
        count(*) filter (where ${abierta} and o.fecha_fin < ${now})::int as vencidas,
        count(*) filter (where ${abierta} and o.fecha_fin between ${ts(hoy.desdeMs)} and ${ts(hoy.hastaMs)})::int as vencen_hoy,
        count(*) filter (where ${abierta} and o.fecha_fin between ${ts(hoy.desdeMs)} and ${ts(finSemana)})::int as vencen_semana,
        count(*) filter (where ${abierta} and o.fecha_fin > ${ts(finSemana)})::int as vencen_despues,
        count(*) filter (where ${abierta} and o.fecha_fin is null)::int as sin_vencimiento,
        count(*) filter (where o.estado_id = ${PENDIENTE})::int as pendientes,
        count(*) filter (where o.estado_id = ${EN_PROCESO})::int as en_proceso,
        count(*) filter (where o.estado_id = ${EN_ESPERA})::int as en_espera,
        count(*) filter (where ${fin})::int as finalizadas,
        count(*) filter (where ${fin} and o.fecha_fin is not null)::int as con_vencimiento,
        count(*) filter (where ${fin} and o.finalizada <= o.fecha_fin)::int as a_tiempo,
        percentile_cont(0.5) within group (order by ${segundos(sql`o.finalizada - o.creada`)}) filter (where ${fin}) as mediana_resolucion_seg
      from ordenes o
      where ${condiciones} and (${abierta} or ${fin})`);
    return {
      abiertas: num(f?.abiertas),
      vencidas: num(f?.vencidas),
      vencen_hoy: num(f?.vencen_hoy),
      vencen_semana: num(f?.vencen_semana),
      vencen_despues: num(f?.vencen_despues),
      sin_vencimiento: num(f?.sin_vencimiento),
      pendientes: num(f?.pendientes),
      en_proceso: num(f?.en_proceso),
      en_espera: num(f?.en_espera),
      finalizadas: num(f?.finalizadas),
      con_vencimiento: num(f?.con_vencimiento),
      a_tiempo: num(f?.a_tiempo),
      mediana_resolucion_seg: numONull(f?.mediana_resolucion_seg),
    };
  }

  // ---- access tokens of the export

  async insertAcceso(a: {
    entidadId: number;
    usuarioId: number;
    tokenHash: string;
    desdeMs: number;
    hastaMs: number;
    tipoId: number | null;
    expira: Date;
    ahora: Date;
  }): Promise<void> {
    await this.db.insert(estadisticaAcceso).values({
      entidadId: a.entidadId,
      usuarioId: a.usuarioId,
      tokenHash: a.tokenHash,
      fechaDesde: new Date(a.desdeMs),
      fechaHasta: new Date(a.hastaMs),
      tipoId: a.tipoId,
      expira: a.expira,
      creado: a.ahora,
    });
    // Spent and expired tokens are of no further use: they go as new ones arrive.
    await this.db
      .delete(estadisticaAcceso)
      .where(lt(estadisticaAcceso.expira, new Date(a.ahora.getTime() - 24 * 3_600_000)));
  }

  /** The token's row, whatever its state (to tell forged, expired and reused apart). */
  async findAcceso(tokenHash: string) {
    const [f] = await this.db
      .select()
      .from(estadisticaAcceso)
      .where(eq(estadisticaAcceso.tokenHash, tokenHash))
      .limit(1);
    return f;
  }

  /** Spends the token: true only for the one call that marked it used while it was valid. */
  async spendAcceso(id: number, ahora: Date): Promise<boolean> {
    const rows = await this.db
      .update(estadisticaAcceso)
      .set({ usado: ahora })
      .where(and(eq(estadisticaAcceso.id, id), isNull(estadisticaAcceso.usado), gt(estadisticaAcceso.expira, ahora)))
      .returning({ id: estadisticaAcceso.id });
    return rows.length === 1;
  }
}
