import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import type { Storage } from '../modules/files/index.js';
import { compararTablas, cargarSinDisparadores, type Cuenta } from './carga.js';
import type { Conexion } from './conexion.js';
import { escribirSecuencias, leerTablas, tablasConFilas, type Tabla } from './esquema.js';
import { cargarFilas, SumaDeFilas } from './filas.js';
import type { NivelDeMigracion } from './nivel.js';
import { CABECERA, FORMATO, MANIFIESTO, type Cabecera, type Manifiesto } from './respaldo.js';

async function sha256De(datos: AsyncIterable<unknown>): Promise<{ sha256: string; bytes: number }> {
  const h = createHash('sha256');
  let bytes = 0;
  for await (const t of datos) {
    h.update(t as Buffer);
    bytes += (t as Buffer).length;
  }
  return { sha256: h.digest('hex'), bytes };
}

/** A tar or gzip error, as the person restoring should read it; any other error as it is. */
function enEspanol(e: unknown): unknown {
  const { code, message } = e as { code?: string; message?: string };
  // zlib: the gzip stream ends early; tar-stream: the tar inside does.
  if (code === 'Z_BUF_ERROR' || message === 'Unexpected end of data') {
    return new Error(
      'El archivo de respaldo está cortado: termina antes de su final (¿se copió o descargó incompleto?).',
    );
  }
  // zlib: not gzip, or a checksum that fails; tar-stream: a header that is not tar.
  if (code?.startsWith('Z_') || /^Invalid( tar)? header/.test(message ?? '')) {
    return new Error('El archivo de respaldo está dañado: no es un tar.gz de Delego legible.');
  }
  return e;
}

interface EntradaTar {
  nombre: string;
  tamanio: number;
  /** The entry's bytes as a stream: read it to its end before asking for the next entry. */
  cuerpo(): Readable;
  /** The entry's bytes in one buffer (small entries only). */
  leer(): Promise<Buffer>;
}

/**
 * The entries of a backup archive (gzip, then tar-stream's extract), one after another, streaming:
 * an entry's bytes are read from the file as its body is read. An entry left unread is skipped.
 * A cut or damaged archive throws in Spanish, wherever it shows (between entries or inside one).
 */
async function* entradas(archivo: string): AsyncGenerator<EntradaTar> {
  const tar = extract();
  const gunzip = createGunzip();
  const fuente = fs.createReadStream(archivo);
  // The archive's first error: the file's, gzip's or the tar's own. An entry whose body was not yet
  // read when it came only says "Stream was destroyed" (streamx); the cause is this one.
  let falla: unknown;
  const fallar = (e: unknown) => {
    falla ??= e;
    tar.destroy(e as Error);
  };
  fuente.on('error', fallar);
  gunzip.on('error', fallar);
  tar.on('error', (e) => (falla ??= e));
  fuente.pipe(gunzip).pipe(tar);
  async function* trozos(e: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    try {
      for await (const t of e) yield t;
    } catch (error) {
      throw enEspanol(falla ?? error);
    }
  }
  try {
    for await (const e of tar) {
      let leida = false;
      const cuerpo = (): Readable => {
        leida = true;
        return Readable.from(trozos(e as AsyncIterable<Buffer>));
      };
      yield {
        nombre: e.header.name,
        tamanio: e.header.size,
        cuerpo,
        async leer() {
          const partes: Buffer[] = [];
          for await (const t of cuerpo()) partes.push(t as Buffer);
          return Buffer.concat(partes);
        },
      };
      if (!leida) e.resume();
    }
  } catch (error) {
    // Only the archive's own errors land here: the consumer's end the generator at its `yield`.
    throw enEspanol(falla ?? error);
  } finally {
    tar.destroy();
    gunzip.destroy();
    fuente.destroy();
  }
}

/** Refuses a target that holds rows: a restore never merges into existing data. */
export async function exigirDestinoVacio(c: Conexion, donde: string): Promise<void> {
  const llenas = await tablasConFilas(c);
  if (llenas.length > 0) {
    const muestra = llenas
      .slice(0, 5)
      .map((t) => `${t.tabla} (${t.filas})`)
      .join(', ');
    throw new Error(
      `La base de destino ${donde} no está vacía: tiene filas en ${muestra}${llenas.length > 5 ? ', …' : ''}. ` +
        'Use una base nueva (por ejemplo `createdb delego_nueva`) o vacíela antes; nunca se mezclan datos.',
    );
  }
}

/**
 * Restores an archive written by `respaldar` into an empty database and store: migrations to the
 * archive's level, the rows (triggers off, see carga.ts), the sequences, the files; then it reads
 * everything back and compares counts and checksums with the manifest. Throws on any difference.
 */
export async function restaurar(o: {
  archivo: string;
  destino: Conexion;
  /** Applies the project's migrations up to the archive's level on the target. */
  migrar: (nivel: NivelDeMigracion) => Promise<void>;
  storage: Storage;
  informar: (linea: string) => void;
}): Promise<Manifiesto> {
  const c = o.destino;
  if (!fs.existsSync(o.archivo)) throw new Error(`No existe el archivo ${o.archivo}.`);
  const it = entradas(o.archivo);

  const primera = await siguiente(it);
  if (primera?.nombre !== CABECERA) throw new Error(`${o.archivo} no es un respaldo de Delego.`);
  const cab = JSON.parse((await primera.leer()).toString('utf8')) as Cabecera;
  if (cab.formato !== FORMATO)
    throw new Error(`Formato de respaldo ${cab.formato} desconocido (se espera ${FORMATO}).`);
  o.informar(`  Respaldo del ${cab.creado} (${cab.motor}, migración ${cab.nivelDeMigracion.ultima})`);

  await exigirDestinoVacio(c, '');
  await o.migrar(cab.nivelDeMigracion);
  const tablas = new Map((await leerTablas(c)).map((t) => [t.nombre, t]));

  const leidas: Record<string, SumaDeFilas> = {};
  const archivos: Record<string, { bytes: number; sha256: string }> = {};
  let manifiesto: Manifiesto | undefined;
  let pendiente: EntradaTar | null = null;

  // Rows first, in one transaction; the entry after the last table ends it.
  await cargarSinDisparadores(c, [...tablas.values()], async () => {
    for (;;) {
      const e = await siguiente(it);
      if (!e) return;
      const m = /^tablas\/([^/]+)\/\d+\.jsonl$/.exec(e.nombre);
      if (!m) {
        pendiente = e;
        return;
      }
      const tabla: Tabla | undefined = tablas.get(m[1] ?? '');
      if (!tabla) throw new Error(`El respaldo trae la tabla ${m[1]}, que no existe en el destino.`);
      const lineas = (await e.leer()).toString('utf8').split('\n');
      const suma = (leidas[tabla.nombre] ??= new SumaDeFilas());
      for (const l of lineas) suma.agregar(l);
      await cargarFilas(c, tabla, lineas);
    }
  });
  o.informar(`  ${Object.values(leidas).reduce((a, s) => a + s.filas, 0)} filas cargadas`);

  for (let e: EntradaTar | null = pendiente; e; e = await siguiente(it)) {
    if (e.nombre === MANIFIESTO) {
      manifiesto = JSON.parse((await e.leer()).toString('utf8')) as Manifiesto;
      continue;
    }
    if (!e.nombre.startsWith('archivos/')) throw new Error(`Entrada inesperada en el respaldo: ${e.nombre}`);
    const clave = e.nombre.slice('archivos/'.length);
    if (await o.storage.stat(clave))
      throw new Error(`El almacén de archivos de destino ya tiene ${clave}: no está vacío.`);
    const h = createHash('sha256');
    let bytes = 0;
    const contar = new Transform({
      transform(trozo: Buffer, _enc, listo) {
        h.update(trozo);
        bytes += trozo.length;
        listo(null, trozo);
      },
    });
    await Promise.all([pipeline(e.cuerpo(), contar), o.storage.put(clave, contar)]);
    archivos[clave] = { bytes, sha256: h.digest('hex') };
  }
  if (!manifiesto) throw new Error('El respaldo está incompleto: le falta el manifiesto (¿se cortó al escribirlo?).');
  o.informar(`  ${Object.keys(archivos).length} archivos escritos`);

  await escribirSecuencias(c, manifiesto.secuencias);

  // Verification: the archive against its manifest, then the target against it.
  const diferencias: string[] = [];
  for (const [nombre, t] of Object.entries(manifiesto.tablas)) {
    const l = leidas[nombre] ?? new SumaDeFilas();
    if (l.filas !== t.filas || l.hex() !== t.suma)
      diferencias.push(`${nombre}: el archivo no coincide con su manifiesto`);
  }
  const esperado: Record<string, Cuenta> = manifiesto.tablas;
  diferencias.push(...(await compararTablas(c, [...tablas.values()], esperado)).diferencias);
  for (const [clave, a] of Object.entries(manifiesto.archivos)) {
    const escrito = archivos[clave];
    if (!escrito) {
      diferencias.push(`archivo ${clave}: falta en el respaldo`);
      continue;
    }
    const leido = await sha256De(await o.storage.get(clave));
    if (escrito.sha256 !== a.sha256 || leido.sha256 !== a.sha256 || leido.bytes !== a.bytes) {
      diferencias.push(`archivo ${clave}: la suma de verificación no coincide`);
    }
  }
  if (diferencias.length > 0) {
    throw new Error(`La restauración no coincide con el respaldo:\n  ${diferencias.join('\n  ')}`);
  }
  return manifiesto;
}

async function siguiente(it: AsyncGenerator<EntradaTar>): Promise<EntradaTar | null> {
  const r = await it.next();
  return r.done ? null : r.value;
}
