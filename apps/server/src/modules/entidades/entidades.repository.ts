import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { firstRow } from '../../lib/queries.js';
import { entidades } from './entidades.tables.js';

/**
 * The statement that draws the company's next order number, as a fragment for a CTE of another
 * module's write (the order create; docs/ARCHITECTURE.md). Returns one row `numero` when `si` holds,
 * none otherwise; the row lock it takes serialises concurrent draws, so numbers never repeat.
 *
 * @param si a boolean expression: no number is drawn unless it is true.
 */
export function siguienteNumeroSql(entidadId: number, si: SQL): SQL {
  return sql`update entidades set ultimo_numero_orden = ultimo_numero_orden + 1
        where id = ${entidadId} and ${si}
        returning ultimo_numero_orden as numero`;
}

export class EntidadesRepository {
  constructor(private readonly db: DbOrTx) {}

  find(entidadId: number): Promise<{ id: number; nombre: string; logo: string | null } | undefined> {
    return firstRow(
      this.db
        .select({ id: entidades.id, nombre: entidades.nombre, logo: entidades.logo })
        .from(entidades)
        .where(eq(entidades.id, entidadId)),
    );
  }

  async setLogo(entidadId: number, logo: string | null): Promise<void> {
    await this.db.update(entidades).set({ logo }).where(eq(entidades.id, entidadId));
  }
}
