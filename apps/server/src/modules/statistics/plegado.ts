import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { esBaseNoDisponible, esBloqueoAgotado, esConflictoPasajero } from '../../kernel/db-errors.js';

/**
 * How often each instance folds the new orders into the rollup (migrations 0033 and 0034, docs/
 * ESTADISTICAS.md «Altas por lotes»): often enough that the pending orders every read adds stay a
 * few thousand at most, and rarely enough that a busy company's creates fold many to a row.
 */
export const PLEGAR_CADA_MS = 2_000;

/**
 * Moves the pending new orders into `estadistica_resumen` (`estadistica_plegar()`), and gives how
 * many orders it moved. A fold that found a row held by a write of an order (it waits 200 ms at
 * most) or collided with one, or found the database away, moved nothing: it gives 0, and the next
 * one moves those orders. The reads add the orders not moved yet, so how late a fold runs changes
 * no figure.
 */
export async function plegarResumen(db: DbOrTx): Promise<number> {
  try {
    const r = await db.execute<{ n: number | string }>(sql`select estadistica_plegar() as n`);
    return Number(r.rows[0]?.n ?? 0);
  } catch (err) {
    // An outage too: the next fold after it moves everything (requests and /api/health report it;
    // every 2 s in the log it would only bury the rest).
    if (esBloqueoAgotado(err) || esConflictoPasajero(err) || esBaseNoDisponible(err)) return 0;
    throw err;
  }
}
