/**
 * npm run respaldo / npm run restaurar on PostgreSQL (issue 30, item 4): the built server keeps
 * creating orders and uploading files while the backup runs; the archive restores into a fresh
 * database and data folder, every table and file matches the manifest, and a server started on the
 * restored data answers (login, list, file download).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { abrirPg } from '../src/datos/abrir.js';
import { compararTablas } from '../src/datos/carga.js';
import { leerTablas } from '../src/datos/esquema.js';
import { md5 } from '../src/seed/factories.js';
import { baseVacia, manifiestoDe, npmRun, png, sumasDeArchivos } from './datos-helpers.js';
import { multipart } from './multipart.js';
import { requireBuild, startServer, stop, type Server } from './kill9.js';

const headers = { authorization: `otra#${md5('Demo1234!')}` };

describe('respaldo bajo carga y restauración en PostgreSQL', () => {
  const carpetas: string[] = [];
  const bases: { drop(): Promise<void> }[] = [];
  const servidores: Server[] = [];
  const carpeta = (nombre: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `delego-${nombre}-`));
    carpetas.push(d);
    return d;
  };

  afterAll(async () => {
    for (const s of servidores) await stop(s);
    for (const b of bases) await b.drop();
    for (const d of carpetas) fs.rmSync(d, { recursive: true, force: true });
  });

  it('respalda mientras el servidor escribe, restaura y todo coincide con el manifiesto', async () => {
    requireBuild();
    const origen = await baseVacia();
    bases.push(origen);
    const dataDir = carpeta('origen');
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: origen.url });
    servidores.push(server);
    const clientes = (await (await fetch(`${server.url}/api/v4/clientes`, { headers })).json()) as { id: number }[];

    let n = 0;
    const crear = async (): Promise<number> => {
      const r = await fetch(`${server.url}/api/v2/ordenes/save`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ titulo: `Bajo carga ${++n}`, detalle: 'ñ', cliente: clientes[0]?.id, responsable: [] }),
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { id: number }).id;
    };
    const subir = async (ordenId: number): Promise<void> => {
      const mp = multipart([{ name: 'archivos', filename: `foto ${n}.png`, content: await png(n), type: 'image/png' }]);
      const r = await fetch(`${server.url}/api/v2/archivos/${ordenId}/add`, {
        method: 'POST',
        headers: { ...headers, ...mp.headers },
        body: mp.payload,
      });
      expect(r.status, await r.clone().text()).toBe(200);
    };
    for (let i = 0; i < 5; i++) await subir(await crear());

    // Writes keep running for as long as the backup does.
    let seguir = true;
    let escrituras = 0;
    const carga = (async () => {
      while (seguir) {
        const id = await crear();
        if (escrituras % 3 === 0) await subir(id);
        escrituras++;
      }
    })();
    const archivo = path.join(carpeta('respaldo'), 'delego.tar.gz');
    const respaldo = await npmRun('respaldo', [archivo], { DATA_DIR: dataDir, DATABASE_URL: origen.url });
    seguir = false;
    await carga;
    expect(respaldo.code, respaldo.out).toBe(0);
    expect(escrituras, 'la carga debe haber escrito durante el respaldo').toBeGreaterThan(5);

    const m = await manifiestoDe(archivo);
    expect(m.motor).toBe('postgres');
    expect(m.tablas.ordenes?.filas).toBeGreaterThan(5);
    expect(Object.keys(m.archivos).length).toBeGreaterThanOrEqual(10); // 5+ pictures and their thumbnails
    expect(m.faltantes).toEqual([]);

    // Restore into a fresh database and data folder, by the npm script.
    const destino = await baseVacia();
    bases.push(destino);
    const dataDir2 = carpeta('restaurado');
    const restaurar = await npmRun('restaurar', [archivo, destino.url], { DATA_DIR: dataDir2 });
    expect(restaurar.code, restaurar.out).toBe(0);

    // Independently of the script: every table's count and checksum, and every file's, as the manifest says.
    const c = await abrirPg(destino.url);
    try {
      const { diferencias } = await compararTablas(c.conexion, await leerTablas(c.conexion), m.tablas);
      expect(diferencias).toEqual([]);
    } finally {
      await c.cerrar();
    }
    const sumas = sumasDeArchivos(path.join(dataDir2, 'archivos'));
    expect(sumas).toEqual(Object.fromEntries(Object.entries(m.archivos).map(([k, a]) => [k, a.sha256])));

    // A second restore into the same target is refused.
    const otraVez = await npmRun('restaurar', [archivo, destino.url], { DATA_DIR: carpeta('otra-vez') });
    expect(otraVez.code).toBe(1);
    expect(otraVez.out).toMatch(/no está vacía/);

    // The restored server answers.
    await stop(server);
    const restaurado = await startServer({ DATA_DIR: dataDir2, DATABASE_URL: destino.url, SEED_DEMO: 'false' });
    servidores.push(restaurado);
    expect((await fetch(`${restaurado.url}/api/v4/login`, { headers })).status).toBe(200);
    const lista = await fetch(`${restaurado.url}/api/v4/ordenes/all/filtered`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      // Oldest first: the first page holds «Bajo carga 1» however many orders the load wrote.
      body: JSON.stringify({ buscar: 'Bajo carga', orden: 'antiguas' }),
    });
    expect(lista.status).toBe(200);
    expect(JSON.stringify(await lista.json())).toContain('Bajo carga 1');
    const c2 = await abrirPg(destino.url);
    const [fila] = await c2.conexion.query<{ id: number; orden_id: number; sha256: string }>(
      `select id, orden_id, sha256 from orden_archivos order by id limit 1`,
    );
    await c2.cerrar();
    const bajada = await fetch(`${restaurado.url}/api/v2/archivos/${fila?.orden_id}/descargar/${fila?.id}`, {
      headers,
    });
    expect(bajada.status).toBe(200);
    expect(
      createHash('sha256')
        .update(Buffer.from(await bajada.arrayBuffer()))
        .digest('hex'),
    ).toBe(fila?.sha256);
    // The sequences were restored: a new order does not collide.
    const nueva = await fetch(`${restaurado.url}/api/v2/ordenes/save`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ titulo: 'Tras restaurar', detalle: '', cliente: clientes[0]?.id, responsable: [] }),
    });
    expect(nueva.status).toBe(200);
  }, 180_000);
});
