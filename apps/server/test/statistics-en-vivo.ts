import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../src/kernel/db/client.js';
import {
  ABIERTOS,
  conjuntoDemora,
  creadasEn,
  demoraSeg,
  filaDesempeno,
  finalizadasEn,
  horasPorUsuario,
  lector,
  num,
  numONull,
  segundos,
  ts,
  type Agrupacion,
  type Dias,
  type FilaDemoraGrupo,
  type FilaDesempeno,
  type FilaGrupo,
  type Leer,
  type Rango,
} from '../src/modules/statistics/statistics.sql.js';

/**
 * The reference of the rollup's property test (statistics-resumen.test.ts): the figures the
 * server reads only from the daily rollups (ConsultasResumen), counted here straight on the orders,
 * the obvious way. The figures the server also reads live (the dashboard's series, one type's delay
 * summary, the delay list) are compared with its own ConsultasEnVivo.
 */
export class ReferenciaEnVivo {
  private readonly leer: Leer;

  constructor(db: DbOrTx) {
    this.leer = lector(db);
  }

  /** Orders created in the range, counted by state, type, area, client or responsable (with the name). */
  async contarPor(entidadId: number, r: Rango, por: Agrupacion): Promise<FilaGrupo[]> {
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
      const [tabla, col] = {
        tipo: ['tipos_orden', 'tipo_orden_id'],
        area: ['areas', 'area_id'],
        cliente: ['clientes', 'cliente_id'],
      }[por] as [string, string];
      q = sql`select g.id, x.nombre as nombre, g.n
        from (select ${sql.raw(`o.${col}`)} as id, count(*)::int as n from ordenes o where ${donde} group by 1) g
        left join ${sql.identifier(tabla)} x on x.id = g.id and x.entidad_id = ${entidadId}
        order by g.n desc, x.nombre`;
    }
    const rows = await this.leer<FilaGrupo>(q);
    return rows.map((f) => ({ id: numONull(f.id), nombre: f.nombre as string | null, n: num(f.n) }));
  }

  /** Resolution times (finalizada - creada, seconds) of the orders finished in the range, in buckets. */
  async resolucion(
    entidadId: number,
    r: Rango,
    limitesSeg: readonly number[],
  ): Promise<{ cubetas: number[]; mediana: number | null; promedio: number | null; total: number }> {
    const cortes = [0, ...limitesSeg, null];
    const cuentas = cortes.slice(0, -1).map((desde, i) => {
      const hasta = cortes[i + 1];
      const cond =
        hasta == null ? sql`t.s >= ${desde}` : i === 0 ? sql`t.s < ${hasta}` : sql`t.s >= ${desde} and t.s < ${hasta}`;
      return sql`count(*) filter (where ${cond})::int`;
    });
    const [fila] = await this.leer<{
      cubetas: number[] | string | null;
      mediana: number;
      promedio: number;
      total: number;
    }>(sql`
      select array[${sql.join(cuentas, sql`, `)}] as cubetas,
        percentile_cont(0.5) within group (order by t.s) as mediana,
        avg(t.s) as promedio,
        count(*)::int as total
      from (select greatest(${segundos(sql`o.finalizada - o.creada`)}, 0) as s from ordenes o where ${finalizadasEn(entidadId, r)}) t`);
    const crudas = (fila?.cubetas ?? []) as number[] | string;
    const cubetas = (typeof crudas === 'string' ? crudas.replace(/[{}]/g, '').split(',') : crudas).map(Number);
    return {
      cubetas,
      mediana: numONull(fila?.mediana),
      promedio: numONull(fila?.promedio),
      total: num(fila?.total),
    };
  }

  /** Late orders of the delay set, grouped by type or by responsable: how many and the average delay. */
  async demoraPor(entidadId: number, r: Rango, ahora: number, por: 'tipo' | 'responsable'): Promise<FilaDemoraGrupo[]> {
    const x = sql`(select o.id, o.tipo_orden_id, ${demoraSeg(ts(ahora))} as d from ordenes o where ${conjuntoDemora(entidadId, r)})`;
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
    return rows.map((f) => ({
      id: numONull(f.id),
      nombre: f.nombre as string | null,
      n: num(f.n),
      promedio: num(f.promedio),
    }));
  }

  /** The scorecard computed on the orders joined with their responsables. */
  async desempeno(entidadId: number, r: Rango, dias: Dias, ahora: number): Promise<FilaDesempeno[]> {
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
          count(*) filter (where o.fecha_fin < ${ts(ahora)})::int as vencidas
        from ordenes o join orden_responsables r on r.orden_id = o.id
        where o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id = any(${ABIERTOS})
        group by r.usuario_id
      ), ${horasPorUsuario(entidadId, dias)}, sat as (
        select r.usuario_id, avg(e.puntaje)::float8 as satisfaccion, count(*)::int as encuestas
        from encuesta e
        join ordenes o on o.id = e.orden_id and o.entidad_id = ${entidadId} and o.eliminada is null
        join orden_responsables r on r.orden_id = o.id
        where e.entidad_id = ${entidadId} and e.puntaje is not null
          and e.respondida_en between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
        group by r.usuario_id
      )
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
    return rows.map(filaDesempeno);
  }
}
