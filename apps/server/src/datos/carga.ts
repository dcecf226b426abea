import { ident, type Conexion } from './conexion.js';
import type { Tabla } from './esquema.js';
import { SumaDeFilas, sumarTabla } from './filas.js';

/**
 * Runs the load of rows in one transaction with the target's triggers off: the statistics rollups
 * are maintained by triggers and travel as data, so firing them again would count every order
 * twice. `session_replication_role = replica` (superuser) also skips the foreign key checks;
 * without that right, the owner's `disable trigger user` per table keeps the foreign keys checked
 * (the tables load parents first).
 */
export async function cargarSinDisparadores(c: Conexion, tablas: Tabla[], cargar: () => Promise<void>): Promise<void> {
  await c.query('begin');
  try {
    let desactivadas: Tabla[] = [];
    await c.query('savepoint delego_replica');
    try {
      await c.query(`set local session_replication_role = replica`);
      await c.query('release savepoint delego_replica');
    } catch {
      await c.query('rollback to savepoint delego_replica');
      for (const t of tablas) await c.query(`alter table public.${ident(t.nombre)} disable trigger user`);
      desactivadas = tablas;
    }
    await cargar();
    for (const t of desactivadas) await c.query(`alter table public.${ident(t.nombre)} enable trigger user`);
    await c.query('commit');
  } catch (e) {
    await c.query('rollback').catch(() => undefined);
    throw e;
  }
}

export interface Cuenta {
  filas: number;
  suma: string;
}

/**
 * Counts and checksums of the target's tables against what was copied. Returns one line per
 * difference (empty when all match).
 */
export async function compararTablas(
  c: Conexion,
  tablas: Tabla[],
  esperado: Record<string, Cuenta>,
): Promise<{ diferencias: string[]; obtenido: Record<string, Cuenta> }> {
  const diferencias: string[] = [];
  const obtenido: Record<string, Cuenta> = {};
  await c.query('begin isolation level repeatable read read only');
  try {
    for (const t of tablas) {
      const real = await sumarTabla(c, t);
      obtenido[t.nombre] = real;
      const e = esperado[t.nombre] ?? { filas: 0, suma: new SumaDeFilas().hex() };
      if (real.filas !== e.filas)
        diferencias.push(`${t.nombre}: ${e.filas} filas esperadas, ${real.filas} en el destino`);
      else if (real.suma !== e.suma) diferencias.push(`${t.nombre}: el contenido difiere (suma de verificación)`);
    }
    for (const nombre of Object.keys(esperado)) {
      if (!tablas.some((t) => t.nombre === nombre)) diferencias.push(`${nombre}: la tabla no existe en el destino`);
    }
  } finally {
    await c.query('commit');
  }
  return { diferencias, obtenido };
}
