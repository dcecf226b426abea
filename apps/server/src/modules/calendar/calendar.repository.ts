import { sql, type SQL } from 'drizzle-orm';
import type { Consultar, DbOrTx } from '../../kernel/db/client.js';
import { leerJson } from '../../kernel/db/json.js';
import { lectorDe, type Leer } from '../../kernel/db/leer.js';

/**
 * An order due in the range, as the calendar reads it: what a day shows and what the order's
 * modificar rule asks (names come from the orders' names cache).
 */
export interface FilaCalendario {
  id: number;
  numero: number;
  titulo: string;
  estadoId: number;
  clienteId: number | null;
  fechaFin: number;
  registroResponsableId: number;
  /** Sorted by id. */
  responsables: number[];
}

/** At most this many orders in one answer (six weeks of a very busy company); docs/CALENDARIO.md. */
export const MAX_ORDENES_CALENDARIO = 5000;

const ms = (col: SQL) => sql`round(extract(epoch from ${col}) * 1000)::float8`;

/** The calendar's one read: the orders that the order list's conditions select, by due time. */
export class CalendarRepository {
  private readonly leer: Leer;

  constructor(db: DbOrTx, consultar?: Consultar) {
    this.leer = lectorDe(db, consultar);
  }

  /**
   * `condiciones` are the order list's (over `ordenes o`: company, not deleted, visibility, the
   * filters and the fechaFin range), from the orders module's port; an order without fechaFin
   * never matches a range, so it is not shown.
   */
  async ordenes(condiciones: SQL): Promise<FilaCalendario[]> {
    // PostgreSQL writes the rows as one JSON text (one array per order) that is parsed here at once:
    // 2,000 row objects built by the driver as the socket's chunks arrive lived across young
    // collections and were promoted, and the old space's collections were most of the CPU of a
    // month's first read (docs/BENCHMARKS.md, issue 32).
    const [fila] = await this.leer<{ filas: unknown }>(sql`
      select coalesce(json_agg(json_build_array(
               o.id, o.numero, o.titulo, o.estado_id, o.cliente_id, ${ms(sql`o.fecha_fin`)},
               o.registro_responsable_id,
               array(select r.usuario_id from orden_responsables r where r.orden_id = o.id order by r.usuario_id)
             ) order by o.fecha_fin, o.id), '[]'::json) as filas
      from (
        select o.id, o.numero, o.titulo, o.estado_id, o.cliente_id, o.fecha_fin, o.registro_responsable_id
        from ordenes o
        where ${condiciones}
        order by o.fecha_fin, o.id
        limit ${MAX_ORDENES_CALENDARIO}
      ) o`);
    return leerJson<Tupla[]>(fila?.filas ?? []).map(
      ([id, numero, titulo, estadoId, clienteId, fechaFin, registroResponsableId, responsables]) => ({
        id,
        numero,
        titulo,
        estadoId,
        clienteId,
        fechaFin,
        registroResponsableId,
        responsables,
      }),
    );
  }
}

/** One order as the read's JSON writes it, in FilaCalendario's order of fields. */
type Tupla = [number, number, string, number, number | null, number, number, number[]];
