import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import type { DomainEvent } from '../src/kernel/bus.js';
import { PgBus } from '../src/kernel/pg-bus.js';
import { seedDemo } from '../src/seed/demo.js';
import { auth } from './helpers.js';

/**
 * Two instances on one PostgreSQL, each with its own pool and PgBus: the caches of one are
 * invalidated by what the other changes, and an instance whose listener dropped clears its caches
 * when it listens again (it may have missed anything meanwhile).
 */
const base = process.env.TEST_DATABASE_URL as string;
const dbName = `delego_t_${randomBytes(6).toString('hex')}`;
const url = (() => {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

interface Instancia {
  app: FastifyInstance;
  bus: PgBus;
  database: Database;
}
const instancias: Instancia[] = [];

async function instancia(): Promise<Instancia> {
  const database = await openDatabase({ databaseUrl: url });
  const bus = new PgBus(url, database.pgClient as pg.Pool, { reconnectMs: 3000 });
  await bus.start();
  const app = await buildApp({ config: testConfig(), database, bus, push: null });
  await app.ready();
  const i = { app, bus, database };
  instancias.push(i);
  return i;
}

/** The next event of `tipo` this bus delivers (after the cache registry, subscribed earlier, ran). */
function proximo(bus: PgBus, tipo: DomainEvent['type']): Promise<DomainEvent> {
  return new Promise((resolve) => {
    const quitar = bus.subscribe((e) => {
      if (e.type !== tipo) return;
      quitar();
      resolve(e);
    });
  });
}

let uno: Instancia;
let dos: Instancia;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: url });
  await db.migrate();
  await seedDemo(db.db, new Date());
  await db.close();
  uno = await instancia();
  dos = await instancia();
}, 60_000);

afterAll(async () => {
  for (const i of instancias) {
    await i.app.close();
    await i.database.close();
  }
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

async function ordenConCliente(app: FastifyInstance): Promise<{ id: number; clienteId: number; cliente: string }> {
  const r = await app.inject({
    method: 'POST',
    url: '/api/v4/ordenes/all/filtered',
    headers: auth('admin'),
    payload: {},
  });
  expect(r.statusCode).toBe(200);
  const o = (r.json() as { ordenes: { id: number; cliente: { id: number; nombre: string } | null }[] }).ordenes.find(
    (x) => x.cliente,
  );
  if (!o?.cliente) throw new Error('la demo no tiene órdenes con cliente');
  return { id: o.id, clienteId: o.cliente.id, cliente: o.cliente.nombre };
}

/** The client's name as instance `app` shows it in the order list and in the order's detail. */
async function nombresVistos(app: FastifyInstance, ordenId: number): Promise<[string | undefined, string | undefined]> {
  const lista = await app.inject({
    method: 'POST',
    url: '/api/v4/ordenes/all/filtered',
    headers: auth('admin'),
    payload: {},
  });
  const enLista = (lista.json() as { ordenes: { id: number; cliente: { nombre: string } | null }[] }).ordenes.find(
    (o) => o.id === ordenId,
  );
  const detalle = await app.inject({ method: 'GET', url: `/api/v3/ordenDTO/${ordenId}`, headers: auth('admin') });
  return [enLista?.cliente?.nombre, (detalle.json() as { cliente: { nombre: string } | null }).cliente?.nombre];
}

async function renombrarCliente(app: FastifyInstance, id: number, nombre: string): Promise<void> {
  const r = await app.inject({
    method: 'POST',
    url: '/api/v2/cliente',
    headers: auth('admin'),
    payload: { id, nombre },
  });
  expect(r.statusCode).toBe(200);
}

describe('cachés en varias instancias', () => {
  it('un renombre en una instancia se ve en la lista y el detalle de la otra; tras perder el LISTEN, la otra vacía sus cachés al volver', async () => {
    const orden = await ordenConCliente(dos.app);
    // Instance 2 has the names and the page in memory.
    expect(await nombresVistos(dos.app, orden.id)).toEqual([orden.cliente, orden.cliente]);

    const llegó = proximo(dos.bus, 'clientes.cambiados');
    await renombrarCliente(uno.app, orden.clienteId, 'Cliente Renombrado Uno');
    await llegó;
    expect(await nombresVistos(dos.app, orden.id)).toEqual(['Cliente Renombrado Uno', 'Cliente Renombrado Uno']);

    // Instance 2's listener connection is killed.
    const perdida = new Promise<void>((resolve) => dos.bus.onListenerLost(resolve));
    const vuelta = new Promise<void>((resolve) => dos.bus.onResync(resolve));
    const escuchados: DomainEvent[] = [];
    dos.bus.subscribe((e) => escuchados.push(e));
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const r = await admin.query<{ n: number }>(
      `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2) t`,
      [dbName, dos.bus.listenerName],
    );
    await admin.end();
    expect(r.rows[0]?.n).toBe(1);
    await perdida;

    // A rename while instance 2 does not listen: its event never reaches instance 2...
    await renombrarCliente(uno.app, orden.clienteId, 'Cliente Renombrado Dos');
    // ...and once it listens again it has cleared every cache.
    await vuelta;
    expect(escuchados.filter((e) => e.type === 'clientes.cambiados')).toEqual([]);
    expect(await nombresVistos(dos.app, orden.id)).toEqual(['Cliente Renombrado Dos', 'Cliente Renombrado Dos']);

    // And it hears the other instance again.
    const otra = proximo(dos.bus, 'clientes.cambiados');
    await renombrarCliente(uno.app, orden.clienteId, 'Cliente Renombrado Tres');
    await otra;
    expect(await nombresVistos(dos.app, orden.id)).toEqual(['Cliente Renombrado Tres', 'Cliente Renombrado Tres']);
  });
});
