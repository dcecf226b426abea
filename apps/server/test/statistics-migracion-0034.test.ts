import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/kernel/db/client.js';
import { plegarResumen } from '../src/modules/statistics/plegado.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { makeClientes, makeEntidad } from './helpers.js';
import { baseEnMigracion } from './migracion-anterior.js';
import { resumenGuardadoYRecalculado } from './resumen-recalculado.js';

/**
 * Migration 0034 (issue 37) on a database of 0033 whose creates appended rollup rows that no fold
 * moved yet: the migration moves them into the rollup and leaves their table empty (an instance of
 * the version before reads it during an update), and from then on creates leave their orders pending
 * and every figure stays the orders' own.
 */
let database: Database;
let cerrar: () => Promise<void>;

beforeAll(async () => {
  ({ database, cerrar } = await baseEnMigracion('0033_estadistica_resumen_deltas'));
});
afterAll(async () => {
  await cerrar?.();
});

async function cuantas(tabla: 'estadistica_resumen_deltas' | 'estadistica_altas_pendientes'): Promise<number> {
  const r = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(tabla)}`);
  return Number(r.rows[0]?.n);
}

async function resumenExacto(): Promise<void> {
  const { guardado, recalculado } = await resumenGuardadoYRecalculado(database.db);
  expect(guardado.length).toBeGreaterThan(0);
  expect(guardado).toEqual(recalculado);
}

it('pliega lo que 0033 dejó sin plegar, deja su tabla vacía y las altas siguientes quedan pendientes con el resumen exacto', async () => {
  const db = database.db;
  await seedCatalogo(db);
  const now = new Date('2026-11-30T12:00:00Z');
  const e = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  const [cliente] = await makeClientes(db, e, [{ nombre: 'Clínica' }]);
  // The users table as 0033 left it.
  const u = await db.execute<{ id: number }>(
    sql`insert into usuarios (entidad_id, usuario, nombre, password_hash) values (${e}, 'diego', 'Diego', 'sin-clave') returning id`,
  );
  const usuario = u.rows[0]!.id;
  /** Orders of every state on several days, a third finished late and a third with a responsable. */
  const altas = async (desde: number, hasta: number) => {
    await db.execute(sql`
      insert into ordenes (entidad_id, numero, titulo, estado_id, cliente_id, registro_responsable_id, creada, actualizada,
                           fecha_fin, finalizada)
      select ${e}, g, 'Orden ' || g, 1 + g % 5, case when g % 2 = 0 then ${cliente!}::int end, ${usuario},
             ${now}::timestamptz - (g || ' hours')::interval, ${now}::timestamptz,
             case when g % 4 <> 0 then ${now}::timestamptz - (g || ' minutes')::interval end,
             case when 1 + g % 5 = 4 then ${now}::timestamptz - ((g % 3) || ' minutes')::interval end
      from generate_series(${desde}::int, ${hasta}::int) g`);
    await db.execute(sql`
      insert into orden_responsables (orden_id, usuario_id)
      select id, ${usuario} from ordenes where entidad_id = ${e} and numero between ${desde} and ${hasta} and numero % 3 = 0`);
  };
  await altas(1, 60);
  // A change before any fold writes the rollup directly, beside the appended rows.
  await db.execute(sql`update ordenes set estado_id = 4, finalizada = ${now} where entidad_id = ${e} and numero <= 5`);
  expect(await cuantas('estadistica_resumen_deltas')).toBeGreaterThan(0);

  await database.migrate();

  expect(await cuantas('estadistica_resumen_deltas')).toBe(0);
  expect(await cuantas('estadistica_altas_pendientes')).toBe(0);
  await resumenExacto();

  await altas(61, 90);
  expect(await cuantas('estadistica_altas_pendientes')).toBe(30);
  expect(await cuantas('estadistica_resumen_deltas')).toBe(0);
  await resumenExacto();
  expect(await plegarResumen(db)).toBe(30);
  expect(await cuantas('estadistica_altas_pendientes')).toBe(0);
  await resumenExacto();
});
