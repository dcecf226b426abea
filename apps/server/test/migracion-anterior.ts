import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { expect } from 'vitest';
import { SERVER_ROOT } from '../src/config.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import { basePgNueva } from './helpers.js';

const MIGRACIONES = path.join(SERVER_ROOT, 'drizzle');

/** The committed migrations up to `tag`, in a folder of their own. */
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

/**
 * A new database of the engine under test (TEST_DB) migrated up to `tag` only, as an installation of
 * that version has it: a test of a later migration writes what that version wrote, then runs
 * `database.migrate()` (every committed migration) and checks what the later ones made of it.
 */
export async function baseEnMigracion(tag: string): Promise<{ database: Database; cerrar: () => Promise<void> }> {
  let database: Database;
  let soltar: () => Promise<void>;
  if (process.env.TEST_DB === 'postgres') {
    const nueva = await basePgNueva();
    database = await openDatabase({ databaseUrl: nueva.url });
    soltar = async () => {
      await database.close();
      await nueva.drop();
    };
  } else {
    // An empty PGlite (not the test template, which has every migration already).
    database = await openDatabase({});
    soltar = () => database.close();
  }
  const carpeta = migracionesHasta(tag);
  try {
    if (database.kind === 'postgres') {
      await migratePg(drizzlePg(database.pgClient as pg.Pool), { migrationsFolder: carpeta });
    } else {
      await migratePglite(drizzlePglite(database.pgClient as PGlite), { migrationsFolder: carpeta });
    }
  } finally {
    fs.rmSync(carpeta, { recursive: true, force: true });
  }
  return { database, cerrar: soltar };
}
