import { sql } from 'drizzle-orm';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { FINALIZADA, lector, num, ts, type Leer, type Rango } from './statistics.sql.js';

/** First-time fix and conformity of a group of finished orders (a responsable, a client). */
export interface FilaCalidad {
  /** The responsable's or client's id (null: orders without a client). */
  id: number | null;
  nombre: string | null;
  finalizadas: number;
  sin_seguimiento: number;
  conformes: number;
  no_conformes: number;
}

/**
 * First-time fix and the client's conformity (issue 31, docs/ESTADISTICAS.md), read live on the
 * orders finished in the range: an order is fixed the first time when no follow-up order was made
 * from it (`checklist_ordenes.origen_orden_id`, indexed); its conformity is its row of
 * `orden_conformidad`. Read with JOIN across modules' tables, as the rest of the statistics.
 */
export class ConsultasCalidad {
  private readonly leer: Leer;

  constructor(db: DbOrTx, consultar?: Consultar) {
    this.leer = lector(db, consultar);
  }

  private finalizadas(entidadId: number, r: Rango) {
    return sql`fin as (
      select o.id, o.cliente_id,
        exists (select 1 from checklist_ordenes c where c.origen_orden_id = o.id) as con_seguimiento,
        (select oc.estado from orden_conformidad oc where oc.orden_id = o.id and oc.entidad_id = o.entidad_id) as conformidad
      from ordenes o
      where o.entidad_id = ${entidadId} and o.eliminada is null and o.estado_id = ${FINALIZADA}
        and o.finalizada between ${ts(r.desdeMs)} and ${ts(r.hastaMs)}
    )`;
  }

  private static readonly CONTEOS = sql`count(*)::int as finalizadas,
    count(*) filter (where not fin.con_seguimiento)::int as sin_seguimiento,
    count(*) filter (where fin.conformidad = 'conforme')::int as conformes,
    count(*) filter (where fin.conformidad = 'no_conforme')::int as no_conformes`;

  /** Per responsable of the finished orders (an order shared by two counts for both). */
  async porResponsable(entidadId: number, r: Rango): Promise<FilaCalidad[]> {
    const filas = await this.leer<FilaCalidad>(sql`with ${this.finalizadas(entidadId, r)}
      select r.usuario_id as id, null as nombre, ${ConsultasCalidad.CONTEOS}
      from fin join orden_responsables r on r.orden_id = fin.id
      group by r.usuario_id`);
    return filas.map(fila);
  }

  /** Per client of the finished orders, the most finished first. */
  async porCliente(entidadId: number, r: Rango): Promise<FilaCalidad[]> {
    const filas = await this.leer<FilaCalidad>(sql`with ${this.finalizadas(entidadId, r)}
      select fin.cliente_id as id, c.nombre, ${ConsultasCalidad.CONTEOS}
      from fin left join clientes c on c.id = fin.cliente_id and c.entidad_id = ${entidadId}
      group by fin.cliente_id, c.nombre
      order by count(*) desc, c.nombre nulls last`);
    return filas.map(fila);
  }
}

function fila(f: Record<string, unknown>): FilaCalidad {
  return {
    id: f.id == null ? null : Number(f.id),
    nombre: f.nombre == null ? null : String(f.nombre),
    finalizadas: num(f.finalizadas),
    sin_seguimiento: num(f.sin_seguimiento),
    conformes: num(f.conformes),
    no_conformes: num(f.no_conformes),
  };
}

/** The contract's fields of one group: counts and shares (0-100, one decimal; null without a base). */
export function camposCalidad(f: FilaCalidad | undefined) {
  const finalizadas = f?.finalizadas ?? 0;
  const sinSeguimiento = f?.sin_seguimiento ?? 0;
  const conformes = f?.conformes ?? 0;
  const noConformes = f?.no_conformes ?? 0;
  const pct = (a: number, b: number) => (b > 0 ? Math.round((a * 1000) / b) / 10 : null);
  return {
    sinSeguimiento,
    porcentajePrimeraVez: pct(sinSeguimiento, finalizadas),
    conformes,
    noConformes,
    porcentajeConformidad: pct(conformes, conformes + noConformes),
  };
}
