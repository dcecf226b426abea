/**
 * npm run mover-a-postgres (issue 30, item 3): the demo plus a company with thousands of orders, in
 * an embedded database, moved into a fresh PostgreSQL by the npm script itself; the app on the new
 * database answers the same as on the old one; a non-empty target and an open source are refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/kernel/db/client.js';
import { abrirPg, abrirPglite } from '../src/datos/abrir.js';
import { compararTablas } from '../src/datos/carga.js';
import { leerTablas } from '../src/datos/esquema.js';
import { sumarTabla } from '../src/datos/filas.js';
import { seedDemo } from '../src/seed/demo.js';
import { baseVacia, loQueVe, muchasOrdenes, npmRun } from './datos-helpers.js';
import { auth } from './helpers.js';

const ORDENES = 3000;

describe('mover-a-postgres', () => {
  let dataDir: string;
  let destino: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-mover-'));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await seedDemo(database.db, new Date());
    await muchasOrdenes(database, ORDENES);
    await database.close();
    destino = await baseVacia();
  }, 120_000);

  afterAll(async () => {
    await destino?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copia todo a una base vacía, verifica cada tabla y la app responde lo mismo', async () => {
    const r = await npmRun('mover-a-postgres', [destino.url], { DATA_DIR: dataDir });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/verificadas tabla por tabla/);
    expect(r.out).toContain('DATABASE_URL=');
    expect(r.out).toContain(path.join(dataDir, 'archivos'));

    // Every table: same count and checksum on both sides, read here independently of the script.
    const origen = await abrirPglite(dataDir);
    const pgDestino = await abrirPg(destino.url);
    try {
      const tablas = await leerTablas(origen.conexion);
      const esperado: Record<string, { filas: number; suma: string }> = {};
      await origen.conexion.query('begin');
      for (const t of tablas) esperado[t.nombre] = await sumarTabla(origen.conexion, t);
      await origen.conexion.query('commit');
      expect(esperado.ordenes?.filas).toBeGreaterThan(ORDENES);
      expect(esperado.estadistica_ordenes_dia?.filas ?? esperado.ordenes?.filas).toBeGreaterThan(0);
      const { diferencias, obtenido } = await compararTablas(
        pgDestino.conexion,
        await leerTablas(pgDestino.conexion),
        esperado,
      );
      expect(diferencias).toEqual([]);
      expect(obtenido.ordenes?.filas).toBe(esperado.ordenes?.filas);
    } finally {
      await pgDestino.cerrar();
      await origen.cerrar();
    }

    // Through the app: the same login, list and statistics, for both companies.
    const antes = await openDatabase({ dataDir });
    const despues = await openDatabase({ databaseUrl: destino.url });
    try {
      for (const usuario of ['otra', 'propietario']) {
        const a = await loQueVe(antes, usuario, auth(usuario).authorization);
        const d = await loQueVe(despues, usuario, auth(usuario).authorization);
        expect(d).toEqual(a);
      }
      const lista = (await loQueVe(despues, 'otra', auth('otra').authorization)) as { lista: { total?: number } };
      expect(JSON.stringify(lista.lista)).toContain('Orden masiva');

      // The sequences follow: a new order on PostgreSQL gets a new id and the next number.
      const app = (await import('../src/app.js')).buildApp;
      const a = await app({ config: (await import('../src/config.js')).testConfig(), database: despues, push: null });
      const clientes = (await a.inject({ method: 'GET', url: '/api/v4/clientes', headers: auth('otra') })).json() as {
        id: number;
      }[];
      const nueva = await a.inject({
        method: 'POST',
        url: '/api/v2/ordenes/save',
        headers: auth('otra'),
        payload: { titulo: 'Tras la mudanza', detalle: '', cliente: clientes[0]?.id, responsable: [] },
      });
      expect(nueva.statusCode, nueva.body).toBe(200);
      await a.close();
    } finally {
      await despues.close();
      await antes.close();
    }
  }, 120_000);

  it('rechaza una base de destino que no está vacía', async () => {
    const r = await npmRun('mover-a-postgres', [destino.url], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/no está vacía: tiene filas en/);
  }, 60_000);

  it('rechaza la base embebida mientras otro proceso la tiene abierta', async () => {
    const otro = await baseVacia();
    const abierta = await openDatabase({ dataDir });
    try {
      const r = await npmRun('mover-a-postgres', [otro.url], { DATA_DIR: dataDir });
      expect(r.code).toBe(1);
      expect(r.out).toContain(`pid ${process.pid}`);
      expect(r.out).toMatch(/está abierta por otro proceso/);
    } finally {
      await abierta.close();
      await otro.drop();
    }
  }, 60_000);
});
