import { sql, type SQL } from 'drizzle-orm';
import { ZONA_HORARIA_EMPRESA_POR_DEFECTO, diaDeMs, finDelDia, inicioDelDia, sumarDias } from '@delego/contract';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { intArray } from '../../lib/queries.js';
import {
  EN_ESPERA,
  EN_PROCESO,
  PENDIENTE,
  abiertasDelConjunto,
  columnasDemora,
  cortesSql,
  demoraSeg,
  filaDemora,
  filaDesempeno,
  finalizadasEn,
  finalizadasTardeDelConjunto,
  horasPorUsuario,
  joinsDemora,
  lector,
  num,
  numONull,
  segundos,
  serie,
  ts,
  type Agrupacion,
  type CreadasYFinalizadas,
  type Dias,
  type FilaDemoraGrupo,
  type FilaDemoraOrden,
  type FilaDesempeno,
  type FilaGrupo,
  type Leer,
  type Rango,
  type ResumenDemoraFila,
} from './statistics.sql.js';

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
export const CUBETA_S = 21_600;

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
 * The rollup's days of a range. The statistics' ranges are whole days of the companies' zone
 * (`rangoEstadisticas`, `mesActual`, the export's token), which is the rollup's calendar; a range
 * that is not would be counted wrong, so it is refused (a programming error, never a user's).
 */
function diasResumen(r: Rango): Dias {
  const desde = diaDeMs(r.desdeMs, ZONA_RESUMEN);
  const hasta = diaDeMs(r.hastaMs, ZONA_RESUMEN);
  if (
    ZONA_HORARIA_EMPRESA_POR_DEFECTO !== ZONA_RESUMEN ||
    inicioDelDia(desde, ZONA_RESUMEN) !== r.desdeMs ||
    finDelDia(hasta, ZONA_RESUMEN) !== r.hastaMs
  )
    throw new Error('estadisticas.rangoNoEsDeDiasEnteros');
  return { desde, hasta };
}

/**
 * The rollup as every read sees it: its rows plus the rows of the new orders the fold has not moved
 * yet (`estadistica_pendientes()`, migration 0034). Every read sums its rows per key, so the sum of
 * both is the exact figure at any moment; the conditions of each read reach both.
 */
const RESUMEN = sql.raw(`(select entidad_id, medida, dia, valor, n, suma from estadistica_resumen
      union all select entidad_id, medida, dia, valor, n, suma from estadistica_pendientes())`);

/** Rows of one measure of the rollup, for a company and a range of days. */
const delResumen = (entidadId: number, medida: number, d: Dias): SQL =>
  sql`s.entidad_id = ${entidadId} and s.medida = ${sql.raw(String(medida))} and s.dia between ${d.desde}::date and ${d.hasta}::date`;

/**
 * The statistics read from the daily rollups (docs/ESTADISTICAS.md, «Resumen diario»), with the
 * open orders of the delay set read live where their delay depends on the clock. Each query here is
 * the only implementation of its figure; the property test of the rollup
 * (test/statistics-resumen.test.ts) holds each one equal to the same figure counted on the orders.
 */
export class ConsultasResumen {
  private readonly leer: Leer;

  constructor(db: DbOrTx, consultar?: Consultar) {
    this.leer = lector(db, consultar);
  }

  /** Orders created in the range, counted by state, type, area, client or responsable (with the name). */
  async contarPor(entidadId: number, r: Rango, por: Agrupacion): Promise<FilaGrupo[]> {
    const dias = diasResumen(r);
    const grupos = sql`(select nullif(s.valor, 0) as id, sum(s.n)::int as n from ${RESUMEN} s
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
    return rows.map((f) => ({ id: numONull(f.id), nombre: f.nombre as string | null, n: num(f.n) }));
  }

  /**
   * Orders of the company created and finished in the range per bucket (`cortes`: the first ms of
   * each bucket, first instants of days): each day of the rollup falls in the bucket of its first
   * instant, so every instant of a day falls in the same bucket.
   */
  async creadasYFinalizadas(entidadId: number, r: Rango, cortes: readonly number[]): Promise<CreadasYFinalizadas> {
    const arr = cortesSql(cortes);
    const dias = diasResumen(r);
    const porDia = (medida: number) =>
      this.leer<{
        i: number;
        n: number;
      }>(sql`select width_bucket((s.dia::timestamp at time zone ${ZONA_RESUMEN}), ${arr}) as i,
          sum(s.n)::int as n from ${RESUMEN} s where ${delResumen(entidadId, medida, dias)} group by 1`);
    const [c, f] = await Promise.all([porDia(MEDIDA.estado), porDia(MEDIDA.finalizadas)]);
    return { creadas: serie(cortes, c), finalizadas: serie(cortes, f) };
  }

  /**
   * Resolution times (finalizada - creada, seconds) of the orders finished in the range, in buckets
   * limited by `limitesSeg` (multiples of 6 hours), with the exact median and the average. From the
   * rollup (measure 7: count and seconds per 6-hour bucket and day); the median then reads only the
   * rows of the bucket that holds it (`ordenes_estadisticas_resolucion_idx`).
   */
  async resolucion(
    entidadId: number,
    r: Rango,
    limitesSeg: readonly number[],
  ): Promise<{ cubetas: number[]; mediana: number | null; promedio: number | null; total: number }> {
    const dias = diasResumen(r);
    if (limitesSeg.some((l) => l % CUBETA_S !== 0)) throw new Error('estadisticas.limiteFueraDeCubeta');
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
    dias: Dias,
  ): Promise<{ b: number; n: number; suma: number }[]> {
    const rows = await this.leer<{ b: number; n: number; suma: string | number }>(sql`
      select s.valor as b, sum(s.n)::int as n, sum(s.suma) as suma from ${RESUMEN} s
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
   * The delay set's figures for the whole company: finished ones from the rollup (measures 8, 9 and
   * 11, by due day), open ones live (their delay is now - due: it cannot be rolled up). One type's
   * figures are counted live (`ConsultasEnVivo.resumenDemora`).
   */
  async resumenDemora(entidadId: number, r: Rango, ahora: number): Promise<ResumenDemoraFila> {
    const dias = diasResumen(r);
    const [fin, abiertas, vencidas, hist] = await Promise.all([
      this.leer<{ medida: number; n: number; suma: string | number }>(sql`
        select s.medida, sum(s.n)::int as n, sum(s.suma) as suma from ${RESUMEN} s
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
    const medida = por === 'tipo' ? MEDIDA.demoraTarde : MEDIDA.demoraResponsable;
    const porMedida = (m: number, d: Dias) =>
      this.leer<{ id: number; n: number; suma: string | number }>(sql`
        select s.valor as id, sum(s.n)::int as n, sum(s.suma) as suma from ${RESUMEN} s
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
      for (const f of await this.leer<{ id: number; nombre: string | null }>(q))
        nombres.set(num(f.id), f.nombre as string | null);
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
   * The `limite` latest orders of the company's delay set (then by number): the chart's page. The
   * finished candidates come from the top buckets only (the rollup, measure 11, says how many
   * buckets hold `limite`) and the open ones live.
   */
  async masDemoradas(entidadId: number, r: Rango, ahora: number, limite: number): Promise<FilaDemoraOrden[]> {
    const dias = diasResumen(r);
    const hist = await this.histograma(entidadId, MEDIDA.demoraCubeta, dias);
    let desde = 0;
    for (let i = hist.length - 1, n = 0; i >= 0; i--) {
      n += (hist[i] as { n: number }).n;
      desde = (hist[i] as { b: number }).b;
      if (n >= limite) break;
    }
    const d = demoraSeg(ts(ahora));
    const filas = await this.leer<FilaDemoraOrden>(sql`select ${columnasDemora(entidadId, d)}
      from (
        select k.id, k.numero, k.d from (
          (select o.id, o.numero, estadistica_demora_s(o.fecha_fin, o.finalizada) as d from ordenes o
            where ${finalizadasTardeDelConjunto(entidadId, r)}
              and estadistica_cubeta(estadistica_demora_s(o.fecha_fin, o.finalizada)) >= ${desde}
            order by 3 desc, 2 desc limit ${limite})
          union all
          (select o.id, o.numero, ${segundos(sql`${ts(ahora)} - o.fecha_fin`)} as d from ordenes o
            where ${abiertasDelConjunto(entidadId, r)} and o.fecha_fin < ${ts(ahora)}
            order by o.fecha_fin, o.numero desc limit ${limite})
        ) k order by k.d desc, k.numero desc limit ${limite}
      ) k
      join ordenes o on o.id = k.id and o.entidad_id = ${entidadId}
      ${joinsDemora(entidadId)}
      order by k.d desc, k.numero desc`);
    return filas.map(filaDemora);
  }

  /**
   * The scorecard: per user of the company who has orders, hours or answered surveys to show.
   * Finished, on time and delay over the orders finished in the range; open and overdue now;
   * hours of the range's days; satisfaction of the surveys answered in the range.
   * From the rollups of migration 0013: finished and on time per responsable and finish day
   * (measures 13, 14), the late ones' delays per responsable (`estadistica_demora_responsable`:
   * count and exact median), open ones by due day (12) or, without a due date, by creation day (15),
   * the answered surveys per responsable (`estadistica_encuesta_responsable`); the open ones due
   * today are read live (whether they are overdue depends on the clock), and so are the hours
   * (`registro_horas` by day).
   */
  async desempeno(entidadId: number, r: Rango, ahora: number): Promise<FilaDesempeno[]> {
    const d = diasResumen(r);
    const hoy = diaDeMs(ahora, ZONA_RESUMEN);
    const rows = await this.leer<FilaDesempeno>(sql`
      with fin as (
        select s.valor as usuario_id,
          sum(s.n) filter (where s.medida = ${sql.raw(String(MEDIDA.finalizadasResponsable))})::int as finalizadas,
          coalesce(sum(s.n) filter (where s.medida = ${sql.raw(String(MEDIDA.aTiempoResponsable))}), 0)::int as a_tiempo
        from ${RESUMEN} s
        where s.entidad_id = ${entidadId}
          and s.medida in (${sql.raw(`${MEDIDA.finalizadasResponsable}, ${MEDIDA.aTiempoResponsable}`)})
          and s.dia between ${d.desde}::date and ${d.hasta}::date and s.valor <> 0
        group by s.valor
        having sum(s.n) filter (where s.medida = ${sql.raw(String(MEDIDA.finalizadasResponsable))}) > 0
      ), tarde as (
        ${porUsuarioEnRango(
          entidadId,
          r,
          'estadistica_demora_responsable',
          'finalizada',
          sql`count(*)::int as n, percentile_cont(0.5) within group (order by p.demora_s) as mediana_seg`,
          'n',
        )}
      ), sat as (
        ${porUsuarioEnRango(
          entidadId,
          r,
          'estadistica_encuesta_responsable',
          'respondida_en',
          sql`avg(p.puntaje)::float8 as satisfaccion, count(*)::int as encuestas`,
          'encuestas',
        )}
      ), abiertas as (
        select s.valor as usuario_id, sum(s.n)::int as abiertas,
          coalesce(sum(s.n) filter (where s.medida = ${sql.raw(String(MEDIDA.abiertasResponsable))} and s.dia < ${hoy}::date), 0)::int as vencidas
        from ${RESUMEN} s
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
      ), ${horasPorUsuario(entidadId, d)}
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
    return rows.map(filaDesempeno);
  }
}

/**
 * A per-user rollup read with one range scan per user of the company (the rollup's key is company,
 * user, time), so each median sorts only that user's rows in memory: `agregados` (over `p`, the
 * user's rows of `tabla` whose `columnaFecha` falls in the range), kept where the aggregate `hay`
 * is positive. `tabla` and the column names are this file's constants, never input.
 */
function porUsuarioEnRango(
  entidadId: number,
  r: Rango,
  tabla: string,
  columnaFecha: string,
  agregados: SQL,
  hay: string,
): SQL {
  return sql`select x.id as usuario_id, t.*
    from usuarios x
    cross join lateral (
      select ${agregados} from ${sql.raw(tabla)} p
      where p.entidad_id = ${entidadId} and p.usuario_id = x.id
        and p.${sql.raw(columnaFecha)} between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
    ) t
    where x.entidad_id = ${entidadId} and t.${sql.raw(hay)} > 0`;
}
