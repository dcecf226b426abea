import { sql, type SQL } from 'drizzle-orm';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import {
  ABIERTOS,
  EN_ESPERA,
  EN_PROCESO,
  FINALIZADA,
  PENDIENTE,
  columnasDemora,
  conjuntoDemora,
  cortesSql,
  demoraSeg,
  filaDemora,
  filaNumerica,
  joinsDemora,
  lector,
  num,
  segundos,
  serie,
  ts,
  type CreadasYFinalizadas,
  type FilaDemoraOrden,
  type FilaTablero,
  type Leer,
  type Rango,
  type ResumenDemoraFila,
} from './statistics.sql.js';

/**
 * The statistics read on the orders themselves (docs/ESTADISTICAS.md, «Qué sigue en vivo»): what
 * the daily rollup cannot answer because it filters as the order list does (the dashboard), by one
 * type, pages through the whole delay set, or depends on the clock.
 */
export class ConsultasEnVivo {
  private readonly leer: Leer;

  constructor(db: DbOrTx, consultar?: Consultar) {
    this.leer = lector(db, consultar);
  }

  /**
   * Orders created and orders finished in the range per bucket, among those `condiciones` select
   * (the order list's conditions, or `deLaEmpresa`): `cortes` are the first ms of each bucket (a
   * day, a Monday, the 1st of a month of Argentina, computed by the caller), in order. Each row falls
   * in its bucket by a binary search (`width_bucket`), not by converting every row to a local date:
   * the same answer for a fraction of the work.
   */
  async creadasYFinalizadas(condiciones: SQL, r: Rango, cortes: readonly number[]): Promise<CreadasYFinalizadas> {
    const arr = cortesSql(cortes);
    const deCreadas = sql`${condiciones} and o.creada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;
    const deFinalizadas = sql`${condiciones} and o.estado_id = ${FINALIZADA} and o.finalizada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}`;
    const [creadas, finalizadas] = await Promise.all([
      this.leer<{ i: number; n: number }>(
        sql`select width_bucket(o.creada, ${arr}) as i, count(*)::int as n from ordenes o where ${deCreadas} group by 1`,
      ),
      this.leer<{ i: number; n: number }>(
        sql`select width_bucket(o.finalizada, ${arr}) as i, count(*)::int as n from ordenes o where ${deFinalizadas} group by 1`,
      ),
    ]);
    return { creadas: serie(cortes, creadas), finalizadas: serie(cortes, finalizadas) };
  }

  /**
   * The delay set with each order's delay computed once (`offset 0` keeps the planner from inlining
   * the subquery and computing the delay again in every aggregate that reads it).
   */
  private conDemora(entidadId: number, r: Rango, ahora: number, extra: SQL = sql`true`): SQL {
    return sql`(select o.id, o.estado_id, o.tipo_orden_id, ${demoraSeg(ts(ahora))} as d
      from ordenes o where ${conjuntoDemora(entidadId, r)} and ${extra} offset 0)`;
  }

  /** The counts and the average and median delay of the delay set (optionally one type). */
  async resumenDemora(entidadId: number, r: Rango, ahora: number, tipo: number | null): Promise<ResumenDemoraFila> {
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
    return filaNumerica(
      f,
      ['con_vencimiento', 'a_tiempo', 'con_demora', 'vencidas', 'en_plazo'],
      ['promedio_seg', 'mediana_seg'],
    );
  }

  /** A page of the delay set, the latest first (then the number), and how many the set has. */
  async listDemoras(
    entidadId: number,
    r: Rango,
    ahora: number,
    o: { tipo: number | null; soloConDemora: boolean; limite: number; offset: number },
  ): Promise<{ filas: FilaDemoraOrden[]; total: number }> {
    const d = demoraSeg(ts(ahora));
    const where = sql`${conjuntoDemora(entidadId, r)}
      ${o.tipo == null ? sql`` : sql`and o.tipo_orden_id = ${o.tipo}`}
      ${o.soloConDemora ? sql`and ${d} > 0` : sql``}`;
    const [filas, total] = await Promise.all([
      // The page is chosen first from the covering index `ordenes_estadisticas_vence_idx` (a bounded
      // top-N sort, no table reads); only its rows are then read in full and named.
      this.leer<FilaDemoraOrden>(sql`select ${columnasDemora(entidadId, d)}
        from (select o.id, o.numero, ${d} as d from ordenes o where ${where}
          order by ${d} desc, o.numero desc limit ${o.limite} offset ${o.offset}) k
        join ordenes o on o.id = k.id and o.entidad_id = ${entidadId}
        ${joinsDemora(entidadId)}
        order by k.d desc, k.numero desc`),
      this.leer<{ n: number }>(sql`select count(*)::int as n from ordenes o where ${where}`),
    ]);
    return { filas: filas.map(filaDemora), total: num(total[0]?.n) };
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
    const filas = await this.leer<FilaDemoraOrden>(sql`select ${columnasDemora(entidadId, d)}
      from ordenes o ${joinsDemora(entidadId)}
      where ${conjuntoDemora(entidadId, r)}
        ${tipo == null ? sql`` : sql`and o.tipo_orden_id = ${tipo}`}
        ${despues ? sql`and (o.fecha_fin, o.id) > (${ts(despues[0])}, ${despues[1]})` : sql``}
      order by o.fecha_fin, o.id
      limit ${limite}`);
    return filas.map(filaDemora);
  }

  /** The name of a type of the company, or undefined when it is not one of its types. */
  async findTipo(entidadId: number, tipo: number): Promise<{ id: number; nombre: string } | undefined> {
    const [f] = await this.leer<{ id: number; nombre: string }>(
      sql`select id, nombre from tipos_orden where entidad_id = ${entidadId} and id = ${tipo}`,
    );
    return f ? { id: num(f.id), nombre: f.nombre as string } : undefined;
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
    const [f] = await this.leer<FilaTablero>(sql`
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
    return filaNumerica(
      f,
      [
        'abiertas',
        'vencidas',
        'vencen_hoy',
        'vencen_semana',
        'vencen_despues',
        'sin_vencimiento',
        'pendientes',
        'en_proceso',
        'en_espera',
        'finalizadas',
        'con_vencimiento',
        'a_tiempo',
      ],
      ['mediana_resolucion_seg'],
    );
  }
}
