import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { DomainEvent, EventBus } from '../src/kernel/bus.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import { PgBus } from '../src/kernel/pg-bus.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { auth, basePgNueva, makeClientes, makeEntidad, makeUsuario, TestClock } from './helpers.js';

/**
 * Issue 34, exactly once: two instances on one PostgreSQL scan the service levels at the same
 * time, and their statements are cancelled again and again in the middle (as a killed process
 * leaves its transaction: rolled back). Every order's copy is written (by the repair scan: these
 * orders were stored without one) and every warning is sent once to each of its people: none
 * twice, none lost. And, through the PostgreSQL bus, a company's first policy created on one
 * instance is seen at once by the orders' reaction of another (issue 37).
 */
let url = '';
let borrarBase = async () => undefined as void;
let admin: Database;
const H = 3_600_000;
/** Monday 7 December 2026, 09:00 in Buenos Aires. */
const LUNES_9 = new Date('2026-12-07T12:00:00Z');
const clock = new TestClock(LUNES_9);
const bases: Database[] = [];
const apps: FastifyInstance[] = [];
const ORDENES = 600;

/** An instance on the shared database; `conBus`: its events travel to the others (PgBus), as in production. */
async function instancia(conBus = false): Promise<FastifyInstance> {
  const database = await openDatabase({ databaseUrl: url });
  bases.push(database);
  let bus: PgBus | undefined;
  if (conBus) {
    bus = new PgBus(url, database.pgClient as pg.Pool, { reconnectMs: 3000 });
    await bus.start();
  }
  const app = await buildApp({
    config: testConfig(),
    database,
    ...(bus ? { bus } : {}),
    clock,
    push: null,
    ejecutorSla: null,
    ejecutorMantenimiento: null,
  });
  await app.ready();
  apps.push(app);
  return app;
}

let entidadId = 0;
let jefa = 0;
let tecnico = 0;

beforeAll(async () => {
  ({ url, drop: borrarBase } = await basePgNueva());
  admin = await openDatabase({ databaseUrl: url });
  await admin.migrate();
  await seedCatalogo(admin.db);
  entidadId = await makeEntidad(admin.db, { nombre: 'Instancias SA', plan: 'Ilimitado', now: clock.now() });
  const [clienteId] = (await makeClientes(admin.db, entidadId, [{ nombre: 'Planta' }])) as [number];
  jefa = await makeUsuario(admin.db, {
    entidadId,
    usuario: 'jefa',
    nombre: 'Jefa',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  tecnico = await makeUsuario(admin.db, { entidadId, usuario: 'tecnico', nombre: 'Técnico' });
  const uno = await instancia();
  const r = await uno.inject({
    method: 'POST',
    url: '/api/v4/sla/politicas',
    headers: auth('jefa'),
    payload: { nombre: 'General', respuesta: { cantidad: 2, unidad: 'horas' } },
  });
  expect(r.statusCode, r.body).toBe(200);
  // The orders, stored without their copy (as a crash right after their commit would leave them).
  await admin.db.execute(sql`
    insert into ordenes (entidad_id, numero, titulo, estado_id, cliente_id, registro_responsable_id, creada, actualizada)
    select ${entidadId}, g, 'Orden ' || g, 1, ${clienteId}, ${jefa}, ${new Date(LUNES_9.getTime() + 1000)}, ${new Date(LUNES_9.getTime() + 1000)}
      from generate_series(1, ${ORDENES}) g`);
  await admin.db.execute(sql`
    insert into orden_responsables (orden_id, usuario_id) select id, ${tecnico} from ordenes where entidad_id = ${entidadId}`);
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const d of bases) await d.close();
  await admin?.close();
  await borrarBase();
});

async function cuentas() {
  const r = await admin.db.execute<{ copias: number; avisadas: number; notificaciones: number; repetidas: number }>(sql`
    select (select count(*)::int from orden_sla where entidad_id = ${entidadId} and resp_total_ms is not null) as copias,
           (select count(*)::int from orden_sla where entidad_id = ${entidadId} and resp_avisada is not null) as avisadas,
           (select count(*)::int from notificaciones where entidad_id = ${entidadId} and tipo = 'SLA_POR_VENCER') as notificaciones,
           (select count(*)::int from (select orden_id, usuario_id from notificaciones where entidad_id = ${entidadId}
                                        and tipo = 'SLA_POR_VENCER' group by 1, 2 having count(*) > 1) x) as repetidas`);
  return r.rows[0]!;
}

it('dos instancias escanean a la vez, cortadas a mitad de camino: cada aviso llega una vez a cada uno', async () => {
  const dos = await instancia();
  const [uno] = apps as [FastifyInstance];
  // Past 80 % of the 2 business hours of every order.
  clock.t = new Date(LUNES_9.getTime() + 1.7 * H);
  const escanear = (a: FastifyInstance) =>
    a.puertos.sla.escanear().then(
      () => 'terminó',
      () => 'cortada',
    );
  const corridas = [escanear(uno), escanear(dos)];
  let terminadas = false;
  void Promise.all(corridas).then(() => (terminadas = true));
  let canceladas = 0;
  while (!terminadas) {
    await new Promise((r) => setTimeout(r, 5));
    const r = await admin.db.execute<{ n: number }>(sql`
      select count(*) filter (where pg_cancel_backend(pid))::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
         and query not ilike '%listen%'`);
    canceladas += r.rows[0]!.n;
  }
  await Promise.all(corridas);
  // Until every run ends on its own (a restarted instance scans again).
  for (let i = 0; i < 20; i++) {
    const [a, b] = await Promise.all([uno.puertos.sla.escanear(), dos.puertos.sla.escanear()]);
    if (a.sincronizadas + b.sincronizadas + a.avisos + b.avisos === 0) break;
  }
  await Promise.all(apps.map((a) => a.puertos.notifications.idle()));
  // Each order: its copy, one warning, and a notification for its responsable and its creator.
  expect(await cuentas()).toEqual({ copias: ORDENES, avisadas: ORDENES, notificaciones: 2 * ORDENES, repetidas: 0 });
  expect(canceladas).toBeGreaterThan(0);
}, 120_000);

/** The next event of `tipo` that `bus` delivers (after the cache registry, subscribed earlier, ran). */
function proximo(bus: EventBus, tipo: DomainEvent['type']): Promise<void> {
  return new Promise((resolve) => {
    const quitar = bus.subscribe((e) => {
      if (e.type !== tipo) return;
      quitar();
      resolve();
    });
  });
}

it('la primera política de una empresa, creada en otra instancia, descarta el «nunca tuvo una» de esta: su orden siguiente tiene su copia enseguida', async () => {
  const a = await instancia(true);
  const b = await instancia(true);
  const nueva = await makeEntidad(admin.db, { nombre: 'Nueva SA', plan: 'Ilimitado', now: clock.now() });
  const [cliente] = (await makeClientes(admin.db, nueva, [{ nombre: 'Depósito' }])) as [number];
  await makeUsuario(admin.db, {
    entidadId: nueva,
    usuario: 'nueva',
    nombre: 'Nora',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  const crearEnA = async () => {
    const r = await a.inject({
      method: 'POST',
      url: '/api/v2/ordenes/save',
      headers: auth('nueva'),
      payload: { titulo: 'Portón', cliente },
    });
    expect(r.statusCode, r.body).toBe(200);
    await a.puertos.sla.idle();
    return (r.json() as { id: number }).id;
  };
  const copias = async (ordenId: number) =>
    (await admin.db.execute<{ n: number }>(sql`select count(*)::int as n from orden_sla where orden_id = ${ordenId}`))
      .rows[0]!.n;
  // No policy yet: no copy, and A's reaction remembers that the company never had one.
  expect(await copias(await crearEnA())).toBe(0);
  const llego = proximo(a.bus, 'sla.politicasCambiadas');
  const r = await b.inject({
    method: 'POST',
    url: '/api/v4/sla/politicas',
    headers: auth('nueva'),
    payload: { nombre: 'General', resolucion: { cantidad: 2, unidad: 'dias' } },
  });
  expect(r.statusCode, r.body).toBe(200);
  // The event reaches A through PostgreSQL (a few milliseconds); without it, A would still skip.
  await Promise.race([llego, new Promise((r) => setTimeout(r, 5_000))]);
  // No scan runs (ejecutorSla: null): the copy is the reaction's, on A.
  expect(await copias(await crearEnA())).toBe(1);
}, 60_000);
