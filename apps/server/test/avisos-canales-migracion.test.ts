import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/kernel/db/client.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { makeEntidad } from './helpers.js';
import { baseEnMigracion } from './migracion-anterior.js';

/**
 * Migration 0029 (issue 35) on a database that had the service levels' «also by mail» choices of
 * 0027: each becomes the mail channel of the user's SLA_POR_VENCER row before the old table is
 * dropped (a row that named another company than its user's is left behind, as the old read
 * ignored it), and the notifications already stored stay visible and out of WhatsApp.
 */
const ULTIMA_ANTERIOR = '0028_orden_sla_abiertas';

let database: Database;
let cerrar: () => Promise<void>;

beforeAll(async () => {
  ({ database, cerrar } = await baseEnMigracion(ULTIMA_ANTERIOR));
});
afterAll(async () => {
  await cerrar?.();
});

it('copia cada elección de correo de los avisos de SLA a SLA_POR_VENCER.correo y recién entonces borra la tabla vieja', async () => {
  const db = database.db;
  await seedCatalogo(db);
  const now = new Date('2026-12-01T12:00:00Z');
  const demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  // The users table as 0028 left it: the factory would also name the columns later migrations add.
  const usuarioDe0028 = async (entidadId: number, usuario: string, nombre: string) => {
    const r = await db.execute<{ id: number }>(
      sql`insert into usuarios (entidad_id, usuario, nombre, password_hash) values (${entidadId}, ${usuario}, ${nombre}, 'sin-clave') returning id`,
    );
    return r.rows[0]!.id;
  };
  const conCorreo = await usuarioDe0028(demo, 'diego', 'Diego');
  const sinCorreo = await usuarioDe0028(demo, 'lucia', 'Lucía');
  const deOtra = await usuarioDe0028(otra, 'otro', 'Otro');
  const cruzado = await usuarioDe0028(otra, 'cruz', 'Cruz');
  await db.execute(sql`
    insert into sla_avisos_usuario (usuario_id, entidad_id, correo, actualizado) values
      (${conCorreo}, ${demo}, true, '2026-11-20T10:00:00Z'),
      (${sinCorreo}, ${demo}, false, '2026-11-21T10:00:00Z'),
      (${deOtra}, ${otra}, true, '2026-11-22T10:00:00Z'),
      (${cruzado}, ${demo}, true, '2026-11-23T10:00:00Z')`);
  await db.execute(sql`
    insert into notificaciones (entidad_id, usuario_id, tipo, titulo, mensaje)
    values (${demo}, ${conCorreo}, 'ORDEN_ASIGNADA', 'Nueva orden asignada: #1', 'Caldera')`);

  await database.migrate();

  const filas = await db.execute<{
    usuario_id: number;
    entidad_id: number;
    evento: string;
    app: boolean;
    push: boolean;
    correo: boolean;
    whatsapp: boolean;
    actualizado: Date | string;
  }>(sql`select * from canales_aviso order by usuario_id`);
  expect(filas.rows.map((f) => ({ ...f, actualizado: new Date(f.actualizado).toISOString() }))).toEqual([
    {
      usuario_id: conCorreo,
      entidad_id: demo,
      evento: 'SLA_POR_VENCER',
      app: true,
      push: true,
      correo: true,
      whatsapp: false,
      actualizado: '2026-11-20T10:00:00.000Z',
    },
    {
      usuario_id: sinCorreo,
      entidad_id: demo,
      evento: 'SLA_POR_VENCER',
      app: true,
      push: true,
      correo: false,
      whatsapp: false,
      actualizado: '2026-11-21T10:00:00.000Z',
    },
    {
      usuario_id: deOtra,
      entidad_id: otra,
      evento: 'SLA_POR_VENCER',
      app: true,
      push: true,
      correo: true,
      whatsapp: false,
      actualizado: '2026-11-22T10:00:00.000Z',
    },
  ]);
  const vieja = await db.execute<{ t: string | null }>(sql`select to_regclass('sla_avisos_usuario')::text as t`);
  expect(vieja.rows[0]?.t ?? null).toBeNull();
  const n = await db.execute<{ oculta: boolean; whatsapp: boolean }>(sql`select oculta, whatsapp from notificaciones`);
  expect(n.rows).toEqual([{ oculta: false, whatsapp: false }]);
  // Applied once: migrating again changes nothing.
  await database.migrate();
  expect((await db.execute(sql`select 1 from canales_aviso`)).rows).toHaveLength(3);
});
