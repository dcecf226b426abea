import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Storage } from '../modules/files/index.js';
import type { Conexion } from './conexion.js';
import { leerSecuencias, leerTablas, type Secuencia } from './esquema.js';
import { lotes, SumaDeFilas } from './filas.js';
import { nivelDe, type NivelDeMigracion } from './nivel.js';
import { cabecera, FIN, relleno } from './tar.js';

export const FORMATO = 1;
export const CABECERA = 'delego-respaldo.json';
export const MANIFIESTO = 'manifiesto.json';

/** The first entry: what a restore needs before the rows (which migrations to apply). */
export interface Cabecera {
  formato: number;
  nivelDeMigracion: NivelDeMigracion;
  creado: string;
  motor: 'pglite' | 'postgres';
}

/** The last entry: what the archive holds, to verify a restore against. */
export interface Manifiesto extends Cabecera {
  tablas: Record<string, { filas: number; suma: string }>;
  secuencias: Secuencia[];
  archivos: Record<string, { bytes: number; sha256: string }>;
  /** Keys the database names that the store no longer had when they were read (deleted meanwhile). */
  faltantes: string[];
}

function* entradaChica(nombre: string, datos: Buffer): Generator<Buffer> {
  yield cabecera(nombre, datos.length);
  yield datos;
  yield relleno(datos.length);
}

/**
 * The archive's bytes (tar, before gzip). The rows come from one REPEATABLE READ READ ONLY
 * transaction on `c`: one snapshot of every table even while a server keeps writing (on PGlite the
 * caller holds the database alone). The files named by that snapshot are read afterwards through
 * the store; a stored file never changes under its key, so they match the rows.
 */
async function* contenido(
  c: Conexion,
  storage: Storage,
  manifiesto: (m: Manifiesto) => void,
  informar: (linea: string) => void,
): AsyncGenerator<Buffer> {
  await c.query('begin isolation level repeatable read read only');
  let claves: string[] = [];
  let m: Manifiesto;
  try {
    const nivel = await nivelDe(c);
    if (!nivel) throw new Error('La base de origen no tiene las migraciones de Delego: no es una base de Delego.');
    const [ahora] = await c.query<{ t: string }>(`select to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t`);
    const cab: Cabecera = { formato: FORMATO, nivelDeMigracion: nivel, creado: ahora?.t ?? '', motor: c.motor };
    m = { ...cab, tablas: {}, secuencias: [], archivos: {}, faltantes: [] };
    yield* entradaChica(CABECERA, Buffer.from(JSON.stringify(cab, null, 2)));
    for (const t of await leerTablas(c)) {
      const suma = new SumaDeFilas();
      let parte = 0;
      for await (const lineas of lotes(c, t)) {
        for (const l of lineas) suma.agregar(l);
        yield* entradaChica(
          `tablas/${t.nombre}/${String(++parte).padStart(6, '0')}.jsonl`,
          Buffer.from(lineas.join('\n')),
        );
      }
      m.tablas[t.nombre] = { filas: suma.filas, suma: suma.hex() };
    }
    informar(
      `  ${Object.keys(m.tablas).length} tablas, ${Object.values(m.tablas).reduce((a, t) => a + t.filas, 0)} filas`,
    );
    // After the tables: a sequence is never behind the rows the snapshot shows.
    m.secuencias = await leerSecuencias(c);
    const filas = await c.query<{ clave: string; miniatura: string | null }>(
      `select clave, clave_miniatura as miniatura from orden_archivos order by id`,
    );
    claves = [...new Set(filas.flatMap((f) => (f.miniatura ? [f.clave, f.miniatura] : [f.clave])))];
  } finally {
    await c.query('commit').catch(() => undefined);
  }
  for (const clave of claves) {
    const stat = await storage.stat(clave);
    if (!stat) {
      m.faltantes.push(clave);
      continue;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    yield cabecera(`archivos/${clave}`, stat.size);
    for await (const trozo of await storage.get(clave)) {
      const b = trozo as Buffer;
      bytes += b.length;
      if (bytes > stat.size) break;
      hash.update(b);
      yield b;
    }
    if (bytes !== stat.size) throw new Error(`El archivo ${clave} cambió de tamaño mientras se copiaba.`);
    yield relleno(stat.size);
    m.archivos[clave] = { bytes, sha256: hash.digest('hex') };
  }
  informar(`  ${Object.keys(m.archivos).length} archivos`);
  yield* entradaChica(MANIFIESTO, Buffer.from(JSON.stringify(m, null, 2)));
  yield FIN;
  manifiesto(m);
}

/** Writes the backup to `destino` (tar + gzip), first under a temporary name. */
export async function respaldar(o: {
  conexion: Conexion;
  storage: Storage;
  destino: string;
  informar: (linea: string) => void;
}): Promise<Manifiesto> {
  const parcial = `${o.destino}.parcial`;
  let m: Manifiesto | undefined;
  try {
    await pipeline(
      Readable.from(contenido(o.conexion, o.storage, (x) => (m = x), o.informar)),
      createGzip(),
      fs.createWriteStream(parcial, { flags: 'wx' }),
    );
  } catch (e) {
    fs.rmSync(parcial, { force: true });
    throw e;
  }
  fs.renameSync(parcial, o.destino);
  if (!m) throw new Error('El respaldo terminó sin su manifiesto.');
  return m;
}
