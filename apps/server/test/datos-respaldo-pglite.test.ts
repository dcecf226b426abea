/**
 * npm run respaldo / npm run restaurar on the embedded database (issue 30, item 4): a PGlite data
 * folder with the demo, more orders and an uploaded picture, backed up and restored into a new
 * folder by the npm scripts; tables and files equal the manifest and the app answers the same.
 * (Its own PGlite folders whatever TEST_DB says: the PostgreSQL pass leaves it out.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { abrirPglite } from '../src/datos/abrir.js';
import { compararTablas } from '../src/datos/carga.js';
import { leerTablas } from '../src/datos/esquema.js';
import { openDatabase } from '../src/kernel/db/client.js';
import { seedDemo } from '../src/seed/demo.js';
import { loQueVe, manifiestoDe, muchasOrdenes, npmRun, png, sumasDeArchivos } from './datos-helpers.js';
import { auth } from './helpers.js';
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
    await app.close();
    await database.close();

    const archivo = path.join(carpeta('respaldo'), 'delego.tar.gz');
    const respaldo = await npmRun('respaldo', [archivo], { DATA_DIR: dataDir });
    expect(respaldo.code, respaldo.out).toBe(0);
    const m = await manifiestoDe(archivo);
    expect(m.motor).toBe('pglite');
    expect(Object.keys(m.archivos)).toHaveLength(2); // the picture and its thumbnail

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
});
