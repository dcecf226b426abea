import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.js';
import { secretosInstancia } from './secretos.tables.js';

/**
 * The secret `nombre`, written with `propuesto` if no instance wrote it before. Race-free across
 * instances: the insert does nothing when the row exists, and every instance then reads the row
 * that won.
 */
export async function secretoCompartido(db: Db, nombre: string, propuesto: () => string): Promise<string> {
  const leer = async () =>
    (
      await db
        .select({ valor: secretosInstancia.valor })
        .from(secretosInstancia)
        .where(eq(secretosInstancia.nombre, nombre))
    )[0]?.valor;
  const existente = await leer();
  if (existente !== undefined) return existente;
  await db.insert(secretosInstancia).values({ nombre, valor: propuesto() }).onConflictDoNothing();
  const valor = await leer();
  if (valor === undefined) throw new Error(`el secreto ${nombre} no quedó guardado`);
  return valor;
}
