import { createHash } from 'node:crypto';
import { ident, type Conexion } from './conexion.js';
import type { Tabla } from './esquema.js';

/** Rows per batch: what is in memory at once while a table is read or loaded. */
export const FILAS_POR_LOTE = 1000;

const MODULO = 1n << 256n;

/**
 * The checksum of a table's content whatever the order its rows are read in: the sum, modulo
 * 2^256, of the SHA-256 of each row (its JSON text, `to_jsonb(row)`). Two tables with the same
 * rows, on either engine, give the same sum; a row changed, missing or repeated changes it.
 */
export class SumaDeFilas {
  private suma = 0n;
  filas = 0;

  agregar(linea: string): void {
    this.suma = (this.suma + BigInt(`0x${createHash('sha256').update(linea, 'utf8').digest('hex')}`)) % MODULO;
    this.filas++;
  }

  hex(): string {
    return this.suma.toString(16).padStart(64, '0');
  }
}

let cursores = 0;

/**
 * Every row of the table as JSON text, a batch at a time, through a cursor: the caller must have
 * opened a transaction on `c` (its snapshot is what is read).
 */
export async function* lotes(c: Conexion, tabla: Tabla): AsyncGenerator<string[]> {
  const cursor = `delego_copia_${++cursores}`;
  // Without the generated columns: an engine's f_unaccent may differ from another's (PGlite's
  // PostgreSQL is newer), and the target computes them again anyway.
  const sin = tabla.generadas.map((g) => ` - '${g.replace(/'/g, "''")}'`).join('');
  await c.query(
    `declare ${cursor} no scroll cursor for select (to_jsonb(delego_fila)${sin})::text as j ` +
      `from public.${ident(tabla.nombre)} as delego_fila`,
  );
  try {
    for (;;) {
      const filas = await c.query<{ j: string }>(`fetch ${FILAS_POR_LOTE} from ${cursor}`);
      if (filas.length === 0) break;
      yield filas.map((f) => f.j);
      if (filas.length < FILAS_POR_LOTE) break;
    }
  } finally {
    await c.query(`close ${cursor}`);
  }
}

/**
 * Inserts a batch of rows given as JSON text (as `lotes` reads them). Generated columns are
 * left to the target, which computes them again.
 */
export async function cargarFilas(c: Conexion, tabla: Tabla, lineas: string[]): Promise<void> {
  if (lineas.length === 0) return;
  const columnas = tabla.columnas.map(ident).join(', ');
  const t = `public.${ident(tabla.nombre)}`;
  await c.query(
    `insert into ${t} (${columnas}) ${tabla.identidadSiempre ? 'overriding system value ' : ''}` +
      `select ${columnas} from jsonb_populate_recordset(null::${t}, $1::jsonb)`,
    [`[${lineas.join(',')}]`],
  );
}

/** Count and checksum of a table, read inside the transaction the caller opened on `c`. */
export async function sumarTabla(c: Conexion, tabla: Tabla): Promise<{ filas: number; suma: string }> {
  const suma = new SumaDeFilas();
  for await (const lineas of lotes(c, tabla)) for (const l of lineas) suma.agregar(l);
  return { filas: suma.filas, suma: suma.hex() };
}
