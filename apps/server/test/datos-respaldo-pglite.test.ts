/**
 * npm run respaldo / npm run restaurar on the embedded database (issue 30, item 4): a PGlite data
 * folder with the demo, more orders and an uploaded picture, backed up and restored into a new
 * folder by the npm scripts; tables and files equal the manifest and the app answers the same.
 * (Its own PGlite folders whatever TEST_DB says: the PostgreSQL pass leaves it out.)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { extract } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { abrirPglite } from '../src/datos/abrir.js';
import { compararTablas } from '../src/datos/carga.js';
import { leerTablas, tablasConFilas } from '../src/datos/esquema.js';
import { openDatabase } from '../src/kernel/db/client.js';
import { seedDemo } from '../src/seed/demo.js';
import { loQueVe, manifiestoDe, muchasOrdenes, npmRun, png, sumasDeArchivos } from './datos-helpers.js';
import { auth } from './helpers.js';
import { pngFirma } from './conformity-fixture.js';
import { multipart } from './multipart.js';

describe('respaldo y restauración de la base embebida', () => {
  const carpetas: string[] = [];
  const carpeta = (nombre: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `delego-${nombre}-`));
    carpetas.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of carpetas) fs.rmSync(d, { recursive: true, force: true });
  });
  /** The archive the first test writes; the second one cuts and damages copies of it. */
  let respaldado = '';

  it('PGlite → respaldo → PGlite nueva: todo coincide y la app responde lo mismo', async () => {
    const dataDir = carpeta('pglite-origen');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await seedDemo(database.db, new Date());
    await muchasOrdenes(database, 500);
    const app = await buildApp({ config: testConfig({ dataDir }), database, push: null });
    const [orden] = (await database.db.execute<{ id: number }>(sql`select id from ordenes order by id desc limit 1`))
      .rows;
    const mp = multipart([{ name: 'archivos', filename: 'foto.png', content: await png(1), type: 'image/png' }]);
    const subida = await app.inject({
      method: 'POST',
      url: `/api/v2/archivos/${orden?.id}/add`,
      headers: { ...auth('otra'), ...mp.headers },
      payload: mp.payload,
    });
    expect(subida.statusCode, subida.body).toBe(200);
    // The client's conformity signature (issue 31) is stored beside the files and travels with them.
    const firma = await app.inject({
      method: 'POST',
      url: `/api/v2/orden/${orden?.id}/conformidad/firma`,
      headers: auth('otra'),
      payload: { firma: pngFirma().toString('base64'), nombre: 'Rosa Díaz' },
    });
    expect(firma.statusCode, firma.body).toBe(200);
    await app.close();
    await database.close();

    const archivo = path.join(carpeta('respaldo'), 'delego.tar.gz');
    const respaldo = await npmRun('respaldo', [archivo], { DATA_DIR: dataDir });
    expect(respaldo.code, respaldo.out).toBe(0);
    respaldado = archivo;
    // A write that fails (here: another backup's partial file under the same name) ends with code 1,
    // without a crash, and leaves that file alone.
    const ocupado = path.join(carpeta('respaldo-ocupado'), 'delego.tar.gz');
    fs.writeFileSync(`${ocupado}.parcial`, 'de otro respaldo');
    const fallido = await npmRun('respaldo', [ocupado], { DATA_DIR: dataDir });
    expect(fallido.code, fallido.out).toBe(1);
    expect(fallido.out).toMatch(/No se pudo respaldar: EEXIST/);
    expect(fallido.out).not.toMatch(/Emitted 'error'/);
    expect(fs.readFileSync(`${ocupado}.parcial`, 'utf8')).toBe('de otro respaldo');
    expect(fs.existsSync(ocupado)).toBe(false);
    const m = await manifiestoDe(archivo);
    expect(m.motor).toBe('pglite');
    expect(Object.keys(m.archivos)).toHaveLength(3); // the picture, its thumbnail and the conformity signature
    // A plain tar.gz: GNU tar lists it, in the order the restore reads it.
    const lista = spawnSync('tar', ['-tzf', archivo], { encoding: 'utf8' });
    expect(lista.status, lista.stderr).toBe(0);
    const nombres = lista.stdout.trim().split('\n');
    expect(nombres[0]).toBe('delego-respaldo.json');
    expect(nombres.at(-1)).toBe('manifiesto.json');
    expect(nombres).toContain('tablas/ordenes/000001.jsonl');
    expect(nombres.filter((n) => n.startsWith('archivos/')).sort()).toEqual(
      Object.keys(m.archivos)
        .map((k) => `archivos/${k}`)
        .sort(),
    );

    const dataDir2 = carpeta('pglite-destino');
    const restaurar = await npmRun('restaurar', [archivo], { DATA_DIR: dataDir2 });
    expect(restaurar.code, restaurar.out).toBe(0);

    const c = await abrirPglite(dataDir2);
    try {
      const { diferencias } = await compararTablas(c.conexion, await leerTablas(c.conexion), m.tablas);
      expect(diferencias).toEqual([]);
    } finally {
      await c.cerrar();
    }
    expect(sumasDeArchivos(path.join(dataDir2, 'archivos'))).toEqual(
      Object.fromEntries(Object.entries(m.archivos).map(([k, a]) => [k, a.sha256])),
    );
    expect(sumasDeArchivos(path.join(dataDir2, 'archivos'))).toEqual(sumasDeArchivos(path.join(dataDir, 'archivos')));

    const antes = await openDatabase({ dataDir });
    const despues = await openDatabase({ dataDir: dataDir2 });
    try {
      expect(await loQueVe(despues, 'otra', auth('otra').authorization)).toEqual(
        await loQueVe(antes, 'otra', auth('otra').authorization),
      );
    } finally {
      await despues.close();
      await antes.close();
    }

    // The restored folder now holds data: a second restore into it is refused.
    const otraVez = await npmRun('restaurar', [archivo], { DATA_DIR: dataDir2 });
    expect(otraVez.code).toBe(1);
    expect(otraVez.out).toMatch(/no está vacía/);
  }, 180_000);

  it('un archivo cortado o dañado se rechaza con código 1 y un mensaje en castellano', async () => {
    expect(respaldado, 'el respaldo de la prueba anterior').not.toBe('');
    const gz = fs.readFileSync(respaldado);
    const tar = gunzipSync(gz);
    // Where the first attached file's entry starts in the tar (its 512-byte header, then its bytes).
    let foto: { offset: number; size: number } | undefined;
    for await (const e of Readable.from([tar]).pipe(extract())) {
      if (!foto && e.header.name.startsWith('archivos/')) foto = { offset: e.offset, size: e.header.size };
      e.resume();
    }
    if (!foto) throw new Error('el respaldo no tiene archivos');
    const roto = Buffer.from(tar);
    roto[foto.offset + 3] = (roto[foto.offset + 3] ?? 0) ^ 0x20; // its name: the header's checksum fails

    const casos: [string, Buffer, RegExp][] = [
      // The download stopped halfway: gzip ends early, in the middle of the tables.
      ['cortado.tar.gz', gz.subarray(0, Math.floor(gz.length / 2)), /está cortado/],
      // A whole gzip of a cut tar: it ends inside a file's bytes, while that file goes into the store.
      [
        'cortado-en-un-archivo.tar.gz',
        gzipSync(tar.subarray(0, foto.offset + 512 + Math.floor(foto.size / 2))),
        /está cortado/,
      ],
      ['dañado.tar.gz', gzipSync(roto), /está dañado/],
      ['no-es-gzip.tar.gz', Buffer.from('{"no": "es un respaldo"}'), /está dañado/],
    ];
    const carpetaDeCasos = carpeta('cortados');
    const destinos: Record<string, string> = {};
    for (const [nombre, bytes, mensaje] of casos) {
      const archivo = path.join(carpetaDeCasos, nombre);
      fs.writeFileSync(archivo, bytes);
      const destino = (destinos[nombre] = carpeta('pglite-cortado'));
      const r = await npmRun('restaurar', [archivo], { DATA_DIR: destino });
      expect(r.code, `${nombre}: ${r.out}`).toBe(1);
      expect(r.out, nombre).toMatch(/No se pudo restaurar: El archivo de respaldo /);
      expect(r.out, nombre).toMatch(mensaje);
      expect(r.out, nombre).not.toMatch(/Unexpected|unexpected|Invalid|incorrect/);
      if (nombre === 'cortado.tar.gz') expect(r.out, 'cortado entre las filas').not.toMatch(/filas cargadas/);
    }
    // Cut among the rows: they went in one transaction, so the target holds none and can be reused.
    const c = await abrirPglite(destinos['cortado.tar.gz'] ?? '');
    try {
      expect(await tablasConFilas(c.conexion)).toEqual([]);
    } finally {
      await c.cerrar();
    }
  }, 180_000);
});
