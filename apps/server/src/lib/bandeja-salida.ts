import { sql, type SQL } from 'drizzle-orm';
import { ts } from './queries.js';

/**
 * What the two outboxes (mail `correo_salida`, WhatsApp `whatsapp_salida`) share: how a worker
 * claims its due rows and how it works through them. Each table has `id`, `estado` ('pendiente'
 * until it is closed), `proximo_intento`, `reclamado_hasta` (the lease) and `intentos`.
 */

/**
 * Takes up to `limite` pending rows of `tabla` that are due and not held by another worker, holds
 * them until `hasta` (the lease) and counts the try, giving back `columnas`. FOR UPDATE SKIP LOCKED:
 * two instances claiming at once never take the same row; a row whose lease ran out (its worker
 * died) is taken again.
 */
export function reclamarDeSalida(
  tabla: 'correo_salida' | 'whatsapp_salida',
  ahora: Date,
  hasta: Date,
  limite: number,
  columnas: SQL,
): SQL {
  const t = sql.raw(tabla);
  return sql`
      update ${t} set reclamado_hasta = ${ts(hasta)}, intentos = intentos + 1
      where id in (
        select id from ${t}
        where estado = 'pendiente' and proximo_intento <= ${ts(ahora)}
          and (reclamado_hasta is null or reclamado_hasta <= ${ts(ahora)})
        order by id
        limit ${limite}
        for update skip locked)
      returning ${columnas}`;
}

/** How a worker goes through its outbox (see {@link entregarPendientes}). */
export interface RondaDeSalida<F extends { id: number }> {
  /** Claims the next batch of due rows (empty when none is left). */
  reclamar(): Promise<F[]>;
  /** Delivers one claimed row; whether it went. */
  entregar(fila: F): Promise<boolean>;
  /** Frees claimed rows not tried (the worker is stopping), without counting the try. */
  liberar(ids: number[]): Promise<void>;
  /** Whether the worker is stopping. */
  detenida(): boolean;
}

/**
 * Delivers every due row, claiming a batch at a time until none is left; gives how many went. A
 * worker that is stopping ends after the row in hand and frees the rest it claimed (another
 * instance, or this one after a restart, delivers them: once each).
 */
export async function entregarPendientes<F extends { id: number }>(r: RondaDeSalida<F>): Promise<number> {
  let enviados = 0;
  for (;;) {
    const lote = await r.reclamar();
    if (!lote.length) break;
    for (const [i, fila] of lote.entries()) {
      if (r.detenida()) {
        await r.liberar(lote.slice(i).map((x) => x.id));
        break;
      }
      if (await r.entregar(fila)) enviados++;
    }
    if (r.detenida()) break;
  }
  return enviados;
}
