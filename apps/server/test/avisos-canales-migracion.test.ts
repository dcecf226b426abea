import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/config.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { basePgNueva, makeEntidad } from './helpers.js';

/**
 * Migration 0029 (issue 35) on a database that had the service levels' «also by mail» choices of
 * 0027: each becomes the mail channel of the user's SLA_POR_VENCER row before the old table is
 * dropped (a row that named another company than its user's is left behind, as the old read
 * ignored it), and the notifications already stored stay visible and out of WhatsApp.
 */
const ULTIMA_ANTERIOR = '0028_orden_sla_abiertas';
const MIGRACIONES = path.join(SERVER_ROOT, 'drizzle');

let database: Database;
let cerrar: () => Promise<void>;
let carpeta: string;

/** The committed migrations up to ULTIMA_ANTERIOR, in a folder of their own. */
function migracionesHasta(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-migr-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRACIONES, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const hasta = journal.entries.findIndex((e) => e.tag === tag);
  expect(hasta).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, hasta + 1);
  for (const e of entries) fs.copyFileSync(path.join(MIGRACIONES, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    const nueva = await basePgNueva();
    database = await openDatabase({ databaseUrl: nueva.url });
    cerrar = async () => {
      await database.close();
      await nueva.drop();
    };
  } else {
    // An empty PGlite (not the test template, which has every migration already).
    database = await openDatabase({});
    cerrar = () => database.close();
  }
  carpeta = migracionesHasta(ULTIMA_ANTERIOR);
  if (database.kind === 'postgres') {
    await migratePg(drizzlePg(database.pgClient as pg.Pool), { migrationsFolder: carpeta });
  } else {
    await migratePglite(drizzlePglite(database.pgClient as PGlite), { migrationsFolder: carpeta });
  }
});
afterAll(async () => {
  await cerrar?.();
  if (carpeta) fs.rmSync(carpeta, { recursive: true, force: true });
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
