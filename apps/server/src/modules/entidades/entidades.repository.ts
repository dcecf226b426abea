import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { firstRow } from '../../lib/queries.js';
import { clientes } from '../clients/clients.tables.js';
import { ordenes } from '../orders/orders.tables.js';
import { usuarios } from '../identity/users.tables.js';
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

/**
 * Like `siguienteNumeroSql`, for several orders at once (the maintenance scheduler's batch): draws
 * `cuantos` consecutive numbers and returns one row `ultimo`, the last of them (they are
 * `ultimo - cuantos + 1` to `ultimo`); none when `cuantos` is not above 0.
 *
 * @param cuantos an integer expression, evaluated once.
 */
export function siguientesNumerosSql(entidadId: number, cuantos: SQL): SQL {
  return sql`update entidades set ultimo_numero_orden = ultimo_numero_orden + ${cuantos}
        where id = ${entidadId} and ${cuantos} > 0
        returning ultimo_numero_orden as ultimo`;
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

  /**
   * Whether the company has an active client, a user besides `usuarioId`, an order not deleted:
   * three `exists` in one statement, each on the company's index. It reads the tables of clients,
   * users and orders directly (like the order create's CTE reads this module's), so that Inicio's
   * first steps cost one round trip and no list.
   */
  async primerosPasos(
    entidadId: number,
    usuarioId: number,
  ): Promise<{ hayClientes: boolean; hayOtrosUsuarios: boolean; hayOrdenes: boolean }> {
    const r = await this.db.execute<{ clientes: boolean; usuarios: boolean; ordenes: boolean }>(sql`
      select
        exists (select 1 from ${clientes} where ${clientes.entidadId} = ${entidadId} and ${clientes.activo}) as clientes,
        exists (select 1 from ${usuarios} where ${usuarios.entidadId} = ${entidadId} and ${usuarios.id} <> ${usuarioId}
                and not ${usuarios.externo}) as usuarios,
        exists (select 1 from ${ordenes} where ${ordenes.entidadId} = ${entidadId} and ${ordenes.eliminada} is null) as ordenes`);
    const fila = r.rows[0];
    return {
      hayClientes: fila?.clientes === true,
      hayOtrosUsuarios: fila?.usuarios === true,
      hayOrdenes: fila?.ordenes === true,
    };
  }

  async setLogo(entidadId: number, logo: string | null): Promise<void> {
    await this.db.update(entidades).set({ logo }).where(eq(entidades.id, entidadId));
  }
}
