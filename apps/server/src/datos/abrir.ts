import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../kernel/db/client.js';
import { conexionPg, conexionPglite, prepararSesion, sinClave, type Conexion } from './conexion.js';
import { exigirPgliteLibre } from './procesos.js';

export interface Abierta {
  conexion: Conexion;
  cliente: { pglite: PGlite } | { pg: pg.Client };
  cerrar(): Promise<void>;
}

/** True when DATA_DIR holds an embedded database. */
export function hayPglite(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * The embedded database of `dataDir`, opened by this process alone (refused while a server has it
 * open). `nueva` allows creating it (a restore's target).
 */
export async function abrirPglite(dataDir: string, opciones: { nueva?: boolean } = {}): Promise<Abierta> {
  if (!opciones.nueva && !hayPglite(dataDir)) {
    throw new Error(`No hay una base embebida en ${path.join(dataDir, 'pglite')} (DATA_DIR=${dataDir}).`);
  }
  exigirPgliteLibre(dataDir);
  const database = await openDatabase({ dataDir });
  const pglite = database.pgClient as PGlite;
  const conexion = conexionPglite(pglite);
  await prepararSesion(conexion);
  return { conexion, cliente: { pglite }, cerrar: () => database.close() };
}

/** One session on the PostgreSQL of `url`, with a Spanish message when it cannot connect. */
export async function abrirPg(url: string): Promise<Abierta> {
  const cliente = new pg.Client({ connectionString: url });
  try {
    await cliente.connect();
  } catch (e) {
    throw new Error(`No se pudo conectar a ${sinClave(url)}: ${(e as Error).message}`);
  }
  cliente.on('error', () => undefined);
  const conexion = conexionPg(cliente);
  await prepararSesion(conexion);
  return { conexion, cliente: { pg: cliente }, cerrar: () => cliente.end() };
}
