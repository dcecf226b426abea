import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_PLANES, type PlanCatalogo, type PlanHabilitado } from '@delego/contract';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { SECRETO_WEBHOOK_PRUEBA } from '../src/modules/plans/proveedor-prueba.js';
import { auth, createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Issue 28, item 4: without MercadoPago credentials, a server others reach (HOST beyond loopback)
 * or a production one refuses plan changes and webhooks unless PAGOS_MODO_PRUEBA=true; whenever
 * the test mode is on, the start logs a warning. The apps below share one database.
 */

let env: TestEnv;
let entidadId: number;
const apps: FastifyInstance[] = [];

async function app(config: Partial<Config>, lineas?: string[]): Promise<FastifyInstance> {
  const a = await buildApp({
    config: testConfig({ ...config, ...(lineas ? { logLevel: 'info' } : {}) }),
    database: env.database,
    clock: env.clock,
    push: null,
    ...(lineas
      ? {
          logStream: new Writable({
            write(chunk: Buffer, _enc, done) {
              lineas.push(chunk.toString());
              done();
            },
          }),
        }
      : {}),
  });
  await a.ready();
  apps.push(a);
  return a;
}

async function subirAPyme(a: FastifyInstance) {
  const planes = (await a.inject({ url: '/api/v2/plan/all', headers: auth('duena') })).json() as PlanCatalogo[];
  return a.inject({
    method: 'POST',
    url: '/api/v2/plan/suscribir',
    headers: auth('duena'),
    payload: {
      entidadId,
      planId: planes.find((p) => p.nombre === 'Pyme')?.id,
      datosTarjeta: { token: 'prueba_0123456789abcdef01', marca: 'visa', ultimosCuatro: '3704', titular: 'APRO' },
    },
  });
}

async function planActual(): Promise<string> {
  const r = await env.database.db.execute(
    sql`select p.nombre from suscripciones s join planes p on p.id = s.plan_id where s.entidad_id = ${entidadId}`,
  );
  return (r.rows[0] as { nombre: string }).nombre;
}

beforeAll(async () => {
  env = await createTestEnv();
  entidadId = await makeEntidad(env.database.db, { nombre: 'Abierta S.A.', plan: 'Inicial', now: env.clock.now() });
  await makeUsuario(env.database.db, {
    entidadId,
    usuario: 'duena',
    nombre: 'D',
    email: 'duena@example.com',
    roles: ['PROPIETARIO'],
  });
});

afterAll(async () => {
  for (const a of apps) await a.close();
  await env?.close();
});

describe('pagos sin MercadoPago fuera de esta máquina o en producción', () => {
  for (const [caso, config] of [
    ['HOST=0.0.0.0', { host: '0.0.0.0' }],
    ['HOST=::', { host: '::' }],
    ['NODE_ENV=production en 127.0.0.1', { nodeEnv: 'production' }],
    ['PAGOS_MODO_PRUEBA=false en 127.0.0.1', { pagosModoPrueba: false }],
  ] as const) {
    it(`${caso}: suscribir 503 en español, nada cambia; habilitado lo dice; el webhook se rechaza`, async () => {
      const lineas: string[] = [];
      const a = await app(config, lineas);
      expect(lineas.join('\n')).toContain('planes.pagosSinConfigurar');
      expect(lineas.join('\n')).not.toContain('planes.modoPrueba');
      const r = await subirAPyme(a);
      expect(r.statusCode, r.body).toBe(503);
      expect(r.json()).toMatchObject({ code: 'SERVICIO_NO_DISPONIBLE', message: MENSAJES_PLANES.pagosNoConfigurados });
      expect(await planActual()).toBe('Inicial');
      const pagos = await env.database.db.execute(sql`select count(*)::int as n from pagos`);
      expect(pagos.rows[0]).toEqual({ n: 0 });

      const h = (await a.inject({ url: '/api/v2/plan/habilitado', headers: auth('duena') })).json() as PlanHabilitado;
      expect(h).toMatchObject({ habilitado: false, motivo: MENSAJES_PLANES.pagosNoConfigurados, modoPrueba: false });

      // The sandbox's secret is public: a notification signed with it changes nothing.
      const ts = String(Math.floor(env.clock.now().getTime() / 1000));
      const v1 = createHmac('sha256', SECRETO_WEBHOOK_PRUEBA).update(`id:123;request-id:r1;ts:${ts};`).digest('hex');
      const w = await a.inject({
        method: 'POST',
        url: '/api/v2/plan/webhook/mercadopago?data.id=123&type=payment',
        headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'r1' },
        payload: { id: 'ev-1', type: 'payment', data: { id: '123' } },
      });
      expect(w.statusCode).toBe(503);
      const eventos = await env.database.db.execute(sql`select count(*)::int as n from pagos_eventos`);
      expect(eventos.rows[0]).toEqual({ n: 0 });
    });
  }

  it('PAGOS_MODO_PRUEBA=true con HOST=0.0.0.0 y producción: modo de prueba elegido, con aviso al arrancar', async () => {
    const lineas: string[] = [];
    const a = await app({ host: '0.0.0.0', nodeEnv: 'production', pagosModoPrueba: true }, lineas);
    const aviso = lineas
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .find((l) => /modoPrueba/.test(l.msg));
    expect(aviso?.level).toBe(40);
    expect(aviso?.msg).toMatch(/MODO DE PRUEBA/);
    const h = (await a.inject({ url: '/api/v2/plan/habilitado', headers: auth('duena') })).json() as PlanHabilitado;
    expect(h).toMatchObject({ habilitado: true, motivo: null, modoPrueba: true });
    const r = await subirAPyme(a);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().estado).toBe('aprobado');
    expect(await planActual()).toBe('Pyme');
  });

  it('en 127.0.0.1 fuera de producción (npm run dev, las pruebas) el modo de prueba sigue, también con aviso', async () => {
    const lineas: string[] = [];
    await app({}, lineas);
    expect(lineas.join('\n')).toContain('planes.modoPrueba');
  });
});
