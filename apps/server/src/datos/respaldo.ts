import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack, type Pack } from 'tar-stream';
import type { Storage } from '../modules/files/index.js';
import type { Conexion } from './conexion.js';
import { leerSecuencias, leerTablas, type Secuencia } from './esquema.js';
import { lotes, SumaDeFilas } from './filas.js';
import { nivelDe, type NivelDeMigracion } from './nivel.js';

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

/** A small entry, whole in one buffer; resolves once the archive has taken its bytes (backpressure). */
function entradaChica(archivo: Pack, nombre: string, datos: Buffer): Promise<void> {
  return new Promise((listo, fallo) => {
    // The callback gets the entry's error too (a pack destroyed by a failed write): no second report.
    archivo
      .entry({ name: nombre, size: datos.length }, datos, (e) => (e ? fallo(e) : listo()))
      .on('error', () => undefined);
  });
}

/**
 * A stored file as an entry of `stat.size` bytes, streamed from the store into the archive (never
 * whole in memory). Its SHA-256 on the way; a file that is not of the size it had when stat'ed is
 * an error (tar-stream would refuse it too, in English).
 */
async function entradaDeArchivo(
  archivo: Pack,
  storage: Storage,
  clave: string,
  tamanio: number,
): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const cambio = () => new Error(`El archivo ${clave} cambió de tamaño mientras se copiaba.`);
  const contar = new Transform({
    transform(trozo: Buffer, _enc, listo) {
      bytes += trozo.length;
      if (bytes > tamanio) return listo(cambio());
      hash.update(trozo);
      listo(null, trozo);
    },
    flush(listo) {
      listo(bytes === tamanio ? null : cambio());
    },
  });
  await pipeline(await storage.get(clave), contar, archivo.entry({ name: `archivos/${clave}`, size: tamanio }));
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Writes the archive's entries (tar-stream's pack, before gzip). The rows come from one REPEATABLE
 * READ READ ONLY transaction on `c`: one snapshot of every table even while a server keeps writing
 * (on PGlite the caller holds the database alone). The files named by that snapshot are read
 * afterwards through the store; a stored file never changes under its key, so they match the rows.
 */
async function escribirEntradas(
  archivo: Pack,
  c: Conexion,
  storage: Storage,
  informar: (linea: string) => void,
): Promise<Manifiesto> {
  await c.query('begin isolation level repeatable read read only');
  let claves: string[] = [];
  let m: Manifiesto;
  try {
    const nivel = await nivelDe(c);
    if (!nivel) throw new Error('La base de origen no tiene las migraciones de Delego: no es una base de Delego.');
    const [ahora] = await c.query<{ t: string }>(`select to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t`);
    const cab: Cabecera = { formato: FORMATO, nivelDeMigracion: nivel, creado: ahora?.t ?? '', motor: c.motor };
    m = { ...cab, tablas: {}, secuencias: [], archivos: {}, faltantes: [] };
    await entradaChica(archivo, CABECERA, Buffer.from(JSON.stringify(cab, null, 2)));
    for (const t of await leerTablas(c)) {
      const suma = new SumaDeFilas();
      let parte = 0;
      for await (const lineas of lotes(c, t)) {
        for (const l of lineas) suma.agregar(l);
        await entradaChica(
          archivo,
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
    // The stored bytes: the orders' files with their thumbnails, the checklists' signatures and the
    // clients' conformity signatures.
    const filas = await c.query<{ clave: string; miniatura: string | null }>(
      `select clave, miniatura from (
         select 1 as origen, id, clave, clave_miniatura as miniatura from orden_archivos
         union all
         select 2, id, firma_clave, null from checklist_items where firma_clave is not null
         union all
         select 3, orden_id, firma_clave, null from orden_conformidad where firma_clave is not null
       ) x order by origen, id`,
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
    m.archivos[clave] = await entradaDeArchivo(archivo, storage, clave, stat.size);
  }
  informar(`  ${Object.keys(m.archivos).length} archivos`);
  await entradaChica(archivo, MANIFIESTO, Buffer.from(JSON.stringify(m, null, 2)));
  return m;
}

/** Writes the backup to `destino` (tar + gzip), first under a temporary name. */
export async function respaldar(o: {
  conexion: Conexion;
  storage: Storage;
  destino: string;
  informar: (linea: string) => void;
}): Promise<Manifiesto> {
  const parcial = `${o.destino}.parcial`;
  const archivo = pack();
  // The archive flows to the file while the entries go in; a failure there (disk full) destroys
  // the pack, and with it the entry being written, so the writer below stops too.
  let errorAlEscribir: unknown;
  // Only a file this run created is removed on failure (not another backup's, running under the same name).
  let creado = false;
  const salida = fs.createWriteStream(parcial, { flags: 'wx' }).on('open', () => (creado = true));
  const escrito = pipeline(archivo, createGzip(), salida);
  escrito.catch((e: unknown) => (errorAlEscribir ??= e));
  try {
    const m = await escribirEntradas(archivo, o.conexion, o.storage, o.informar);
    archivo.finalize();
    await escrito;
    fs.renameSync(parcial, o.destino);
    return m;
  } catch (e) {
    const primero = errorAlEscribir ?? e;
    archivo.destroy(e as Error);
    await escrito.catch(() => undefined);
    if (creado) fs.rmSync(parcial, { force: true });
    throw primero;
  }
}
