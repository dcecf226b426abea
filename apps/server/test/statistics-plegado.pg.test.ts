import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import { plegarResumen } from '../src/modules/statistics/plegado.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { basePgNueva, makeClientes, makeEntidad, makeUsuario, TestClock } from './helpers.js';
import { resumenGuardadoYRecalculado } from './resumen-recalculado.js';

/**
 * Issue 37, creates in batches for the statistics (migration 0033, docs/ESTADISTICAS.md «Altas por
 * lotes»): what creates append is folded into the rollup exactly once, even with several instances
 * folding while orders are created, and a fold never holds up a write of orders.
 */
let url = '';
let borrarBase = async () => undefined as void;
const bases: Database[] = [];
const clock = new TestClock(new Date('2026-12-07T12:00:00Z'));
let entidadId = 0;
let clienteId = 0;
let usuarioId = 0;
let numero = 0;

async function base(): Promise<Database> {
  const d = await openDatabase({ databaseUrl: url });
  bases.push(d);
  return d;
}

/** `cuantas` orders of the company in one statement: the create trigger appends their rows. */
async function altas(db: Database, cuantas: number): Promise<void> {
  const desde = numero + 1;
  numero += cuantas;
  const t = clock.now();
  await db.db.execute(sql`
    insert into ordenes (entidad_id, numero, titulo, estado_id, cliente_id, registro_responsable_id, creada, actualizada)
    select ${entidadId}, g, 'Orden ' || g, 1 + g % 3, ${clienteId}, ${usuarioId}, ${t}, ${t}
      from generate_series(${desde}::int, ${numero}::int) g`);
}

async function pendientes(db: Database): Promise<number> {
  const r = await db.db.execute<{ n: number }>(sql`select count(*)::int as n from estadistica_altas_pendientes`);
  return Number(r.rows[0]?.n);
}

async function resumenExacto(db: Database): Promise<void> {
  const { guardado, recalculado } = await resumenGuardadoYRecalculado(db.db);
  expect(guardado.length).toBeGreaterThan(0);
  expect(guardado).toEqual(recalculado);
}

beforeAll(async () => {
  ({ url, drop: borrarBase } = await basePgNueva());
  const admin = await base();
  await admin.migrate();
  await seedCatalogo(admin.db);
  entidadId = await makeEntidad(admin.db, { nombre: 'Plegado SA', plan: 'Ilimitado', now: clock.now() });
  [clienteId] = (await makeClientes(admin.db, entidadId, [{ nombre: 'Planta' }])) as [number];
  usuarioId = await makeUsuario(admin.db, { entidadId, usuario: 'jefa', nombre: 'Jefa', roles: ['ADMIN'] });
}, 60_000);

afterAll(async () => {
  for (const d of bases) await d.close();
  await borrarBase();
});

it('cuatro instancias plegando mientras se crean órdenes mueven cada fila una vez', async () => {
  const [a, b, c, d] = [await base(), await base(), await base(), await base()];
  let movidas = 0;
  for (let ronda = 0; ronda < 15; ronda++) {
    const [, ...folds] = await Promise.all([
      altas(a, 20),
      plegarResumen(b.db),
      plegarResumen(c.db),
      plegarResumen(d.db),
      plegarResumen(a.db),
    ]);
    movidas += folds.reduce((s, n) => s + n, 0);
    // Exact at every moment: the reads add what is not folded yet.
    await resumenExacto(a);
  }
  expect(movidas).toBeGreaterThan(0);
  await plegarResumen(b.db);
  expect(await pendientes(a)).toBe(0);
  // Every appended row moved once: the rollup alone is now the orders' figures.
  await resumenExacto(a);
  const soloResumen = await a.db.execute<{ n: number }>(
    sql`select sum(n)::int as n from estadistica_resumen where entidad_id = ${entidadId} and medida = 1`,
  );
  expect(Number(soloResumen.rows[0]?.n)).toBe(numero);
});

it('un plegado no espera a una escritura de órdenes abierta: la deja para el próximo', async () => {
  const db = await base();
  await altas(db, 5);
  expect(await pendientes(db)).toBeGreaterThan(0);
  // A change of an order in an open transaction holds the rollup rows of its state and day.
  const escritura = new pg.Client({ connectionString: url });
  await escritura.connect();
  try {
    await escritura.query('begin');
    await escritura.query(`update ordenes set estado_id = 4, finalizada = $2 where entidad_id = $1 and numero = 1`, [
      entidadId,
      clock.now(),
    ]);
    // The fold gives up after its lock_timeout instead of waiting for the commit.
    expect(await plegarResumen(db.db)).toBe(0);
    expect(await pendientes(db)).toBeGreaterThan(0);
    await escritura.query('commit');
  } finally {
    await escritura.end();
  }
  expect(await plegarResumen(db.db)).toBeGreaterThan(0);
  expect(await pendientes(db)).toBe(0);
  await resumenExacto(db);
});

it('recalcular una empresa descarta lo que sus altas agregaron: nada cuenta dos veces', async () => {
  const db = await base();
  await altas(db, 30);
  expect(await pendientes(db)).toBeGreaterThan(0);
  await db.db.execute(sql`select estadistica_recalcular(${entidadId})`);
  expect(await pendientes(db)).toBe(0);
  await resumenExacto(db);
});
