import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MENSAJES, PERMISOS_GLOBALES } from '@delego/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/kernel/db/client.js';
import { healthRoutes } from '../src/modules/health/health.routes.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { TestClock, auth, makeClientes, makeEntidad, makeUsuario } from './helpers.js';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 10, item 6, on PGlite (PostgreSQL has its own in health-base.pg.test.ts): with the database
 * gone, every call that needs it answers 503 with Retry-After; readiness says so; liveness does not
 * touch the database and keeps answering 200.
 */

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  await seedCatalogo(database.db);
  const clock = new TestClock();
  const demo = await makeEntidad(database.db, { nombre: 'Demo', plan: 'Pyme', now: clock.now() });
  await makeClientes(database.db, demo, [{ nombre: 'Hotel Los Andes' }]);
  for (const usuario of ['duenia', 'otro']) {
    await makeUsuario(database.db, {
      entidadId: demo,
      usuario,
      nombre: 'Laura',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    });
  }
  app = await buildApp({ config: testConfig(), database, clock, push: null });
  await app.ready();
});
afterAll(() => app?.close());

function esperar503(r: { statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown }) {
  expect(r.statusCode, r.body).toBe(503);
  expect(r.headers['retry-after']).toBe('5');
  expect(r.json()).toMatchObject({
    code: 'SERVICIO_NO_DISPONIBLE',
    message: MENSAJES.servicioNoDisponible,
    requestId: expect.any(String),
  });
}

describe('la base de datos deja de responder', () => {
  it('503 con Retry-After en rutas autenticadas y en la disponibilidad; la vivacidad sigue en 200', async () => {
    const orden = () => app.inject({ method: 'GET', url: '/api/v3/ordenDTO/1?tsp=1', headers: auth('duenia') });
    expect((await orden()).statusCode).toBe(404);
    const listo = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(listo.statusCode).toBe(200);
    expect(listo.json()).toEqual({ status: 'ok', db: 'ok' });

    await database.close();

    // Credentials remembered a moment ago: the route's own query fails.
    esperar503(await orden());
    // Credentials never seen: the authentication hook's query fails.
    esperar503(await app.inject({ method: 'GET', url: '/api/v4/clientes?tsp=1', headers: auth('otro') }));
    // A write.
    esperar503(
      await app.inject({
        method: 'POST',
        url: '/api/v3/areas?tsp=1',
        headers: auth('duenia'),
        payload: { nombre: 'Nueva' },
      }),
    );

    const caida = await app.inject({ method: 'GET', url: '/api/health/ready' });
    esperar503(caida);
    expect(caida.json()).toMatchObject({ status: 'error', db: 'error' });

    const vivo = await app.inject({ method: 'GET', url: '/api/health' });
    expect(vivo.statusCode).toBe(200);
    expect(vivo.json()).toEqual({ ok: true });
  });

  it('si la base no contesta, la disponibilidad no espera más que su límite', async () => {
    const colgada = { execute: () => new Promise(() => undefined) } as unknown as Db;
    const solo = Fastify();
    solo.setValidatorCompiler(validatorCompiler);
    solo.setSerializerCompiler(serializerCompiler);
    await solo.register(healthRoutes({ db: colgada, esperaMs: 100 }));
    const t0 = Date.now();
    const r = await solo.inject({ method: 'GET', url: '/api/health/ready' });
    expect(Date.now() - t0).toBeLessThan(2000);
    esperar503(r);
    expect(r.json()).toMatchObject({ status: 'error', db: 'tiempo_agotado' });
    expect((await solo.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await solo.close();
  });
});
