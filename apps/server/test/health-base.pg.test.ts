import { MENSAJES, PERMISOS_GLOBALES } from '@delego/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/kernel/db/client.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { TestClock, auth, makeEntidad, makeUsuario, openTestDatabase } from './helpers.js';

/**
 * Issue 10, item 6, on PostgreSQL: the server's connections are cut and new ones are refused (the
 * pool is pointed at a port nobody listens on), then the database comes back.
 */

let base: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;
let nombreBase: string;

beforeAll(async () => {
  base = await openTestDatabase();
  const { database } = base;
  await database.migrate();
  await seedCatalogo(database.db);
  const clock = new TestClock();
  const demo = await makeEntidad(database.db, { nombre: 'Demo', plan: 'Pyme', now: clock.now() });
  for (const usuario of ['duenia', 'otro']) {
    await makeUsuario(database.db, {
      entidadId: demo,
      usuario,
      nombre: 'Laura',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    });
  }
  nombreBase = String((await database.db.execute<{ d: string }>(sql`select current_database() as d`)).rows[0]?.d);
  app = await buildApp({ config: testConfig(), database, clock, push: null });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await base?.drop();
});

type Respuesta = { statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown };
function esperar503(r: Respuesta) {
  expect(r.statusCode, r.body).toBe(503);
  expect(r.headers['retry-after']).toBe('5');
  expect(r.json()).toMatchObject({
    code: 'SERVICIO_NO_DISPONIBLE',
    message: MENSAJES.servicioNoDisponible,
    requestId: expect.any(String),
  });
}

/** Cuts every connection of the server to the test database (57P01 admin_shutdown on each). */
async function cortarConexiones() {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [nombreBase],
  );
  await admin.end();
}

describe('PostgreSQL deja de responder y vuelve', () => {
  it('503 con Retry-After mientras no está; la vivacidad no la consulta; al volver, todo responde', async () => {
    const pool = base.database.pgClient as pg.Pool;
    const opciones = pool.options as { connectionString?: string };
    const original = String(opciones.connectionString);
    const orden = (quien = 'duenia') =>
      app.inject({ method: 'GET', url: '/api/v3/ordenDTO/1?tsp=1', headers: auth(quien) });
    expect((await orden()).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ok', db: 'ok' });

    const caida = new URL(original);
    caida.port = '1';
    opciones.connectionString = caida.toString();
    await cortarConexiones();
    try {
      esperar503(await orden());
      esperar503(await orden('otro'));
      const listo = await app.inject({ method: 'GET', url: '/api/health/ready' });
      esperar503(listo);
      expect(listo.json()).toMatchObject({ status: 'error', db: 'error' });
      const vivo = await app.inject({ method: 'GET', url: '/api/health' });
      expect(vivo.statusCode).toBe(200);
      expect(vivo.json()).toEqual({ ok: true });
    } finally {
      opciones.connectionString = original;
    }

    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await orden()).statusCode).toBe(404);
    expect((await orden('otro')).statusCode).toBe(404);
  });

  it('una aplicación que arranca sin base alcanzable responde 503, no 500', async () => {
    const sinBase = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/delego' });
    const otra = await buildApp({ config: testConfig(), database: sinBase, clock: new TestClock(), push: null });
    await otra.ready();
    try {
      esperar503(await otra.inject({ method: 'GET', url: '/api/v2/plan/estado?tsp=1', headers: auth('duenia') }));
      esperar503(await otra.inject({ method: 'GET', url: '/api/health/ready' }));
      expect((await otra.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await otra.close();
      await sinBase.close();
    }
  });
});
