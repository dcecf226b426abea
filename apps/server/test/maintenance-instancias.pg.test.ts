import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { makeMantenimientos } from '../src/seed/mantenimiento.js';
import { basePgNueva, makeClientes, makeEntidad, makeUsuario, TestClock } from './helpers.js';

/**
 * Issue 32, exactly once: two instances on one PostgreSQL run the maintenance scheduler at the
 * same time, by pg-boss and by hand, and a run killed in the middle (every connection cut) is
 * finished by the next one: every due day has exactly one order, none is skipped.
 */
let url = '';
let borrarBase = async () => undefined as void;
let admin: Database;
const clock = new TestClock(new Date('2026-06-10T15:00:00Z'));
const bases: Database[] = [];
const apps: FastifyInstance[] = [];
let entidadId = 0;
let clienteId = 0;
let usuario = 0;

async function instancia(conPgBoss: boolean): Promise<FastifyInstance> {
  const database = await openDatabase({ databaseUrl: url });
  bases.push(database);
  const app = await buildApp({
    config: testConfig(),
    database,
    clock,
    push: null,
    ...(conPgBoss ? {} : { ejecutorMantenimiento: null }),
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  ({ url, drop: borrarBase } = await basePgNueva());
  admin = await openDatabase({ databaseUrl: url });
  await admin.migrate();
  await seedCatalogo(admin.db);
  entidadId = await makeEntidad(admin.db, { nombre: 'Instancias SA', plan: 'Ilimitado', now: clock.now() });
  [clienteId] = (await makeClientes(admin.db, entidadId, [{ nombre: 'Planta' }])) as [number];
  usuario = await makeUsuario(admin.db, { entidadId, usuario: 'jefa', nombre: 'Jefa', roles: ['ADMIN'] });
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const d of bases) await d.close();
  await admin?.close();
  await borrarBase();
});

/** Due days written, orders created for them, and any (plan, day) with more than one order. */
async function cuentas(prefijo: string) {
  const r = await admin.db.execute<{ ocurrencias: number; creadas: number; ordenes: number; repetidas: number }>(sql`
    select (select count(*)::int from mantenimiento_ocurrencias oc join mantenimientos m on m.id = oc.mantenimiento_id
             where m.titulo like ${prefijo + '%'}) as ocurrencias,
           (select count(*)::int from mantenimiento_ocurrencias oc join mantenimientos m on m.id = oc.mantenimiento_id
             where m.titulo like ${prefijo + '%'} and oc.estado = 'creada' and oc.orden_id is not null) as creadas,
           (select count(*)::int from ordenes where titulo like ${prefijo + '%'}) as ordenes,
           (select count(*)::int from (select titulo, fecha_fin from ordenes where titulo like ${prefijo + '%'}
                                        group by titulo, fecha_fin having count(*) > 1) x) as repetidas`);
  return r.rows[0]!;
}

describe('mantenimiento con dos instancias', () => {
  it('pg-boss en las dos: cada día vencido tiene una orden y una sola', async () => {
    // 60 daily plans started 4 days ago: 5 due days each (the 6th to the 10th).
    await makeMantenimientos(admin.db, {
      entidadId,
      clienteId,
      creadoPor: usuario,
      n: 60,
      regla: () => ({ tipo: 'dias', cada: 1 }),
      inicio: () => '2026-06-06',
      titulo: (i) => `boss ${i}`,
    });
    await instancia(true);
    await instancia(true);
    const limite = Date.now() + 60_000;
    let c = await cuentas('boss ');
    while (c.creadas < 300 && Date.now() < limite) {
      await new Promise((r) => setTimeout(r, 500));
      c = await cuentas('boss ');
    }
    expect(c).toEqual({ ocurrencias: 300, creadas: 300, ordenes: 300, repetidas: 0 });
    // The queue ran in pg-boss's schema.
    const jobs = await admin.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mantenimiento-tick'`,
    );
    expect(jobs.rows[0]!.n).toBeGreaterThan(0);
    // Both stop cleanly (pg-boss ends its worker before the pool closes).
    for (const app of apps.splice(0)) await app.close();
    for (const d of bases.splice(0)) await d.close();
  }, 90_000);

  it('dos corridas a la vez y un corte a mitad de camino: la siguiente termina sin repetir ni saltear', async () => {
    await makeMantenimientos(admin.db, {
      entidadId,
      clienteId,
      creadoPor: usuario,
      n: 400,
      regla: () => ({ tipo: 'dias', cada: 1 }),
      inicio: () => '2026-06-06',
      titulo: (i) => `corte ${i}`,
    });
    const uno = await instancia(false);
    const dos = await instancia(false);
    const corridas = [uno, dos].map((a) =>
      a.puertos.maintenance.ejecutar().then(
        () => 'terminó',
        () => 'cortada',
      ),
    );
    // Let them write and create some, then cancel what every other connection of the test
    // database is running, again and again until both runs end: a run cut in the middle of a
    // transaction, as a killed process would leave it (rolled back).
    const limite = Date.now() + 30_000;
    while ((await cuentas('corte ')).creadas < 100 && Date.now() < limite) await new Promise((r) => setTimeout(r, 20));
    let terminadas = false;
    void Promise.all(corridas).then(() => (terminadas = true));
    let canceladas = 0;
    while (!terminadas) {
      const r = await admin.db.execute<{ n: number }>(sql`
        select count(*) filter (where pg_cancel_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
           and query not ilike '%listen%'`);
      canceladas += r.rows[0]!.n;
    }
    expect(canceladas).toBeGreaterThan(0);
    const resultado = await Promise.all(corridas);
    const aMitad = await cuentas('corte ');
    expect(resultado).toContain('cortada');
    expect(aMitad.creadas).toBeLessThan(2000);
    // A restarted instance runs again: everything due, once.
    const tres = await instancia(false);
    await tres.puertos.maintenance.ejecutar();
    await tres.puertos.maintenance.ejecutar();
    expect(await cuentas('corte ')).toEqual({ ocurrencias: 2000, creadas: 2000, ordenes: 2000, repetidas: 0 });
  }, 120_000);
});
