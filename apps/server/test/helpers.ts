import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppParts } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import type { Clock } from '../src/kernel/clock.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { md5 } from '../src/seed/factories.js';

export { makeCatalogo, makeClientes, makeEntidad, makeUsuario, md5 } from '../src/seed/factories.js';

export const PASSWORD = 'Demo1234!';

/** The Authorization header of a user with the demo password (or another). */
export function auth(usuario: string, password = PASSWORD): { authorization: string } {
  return { authorization: `${usuario}#${md5(password)}` };
}

/** A clock tests can move. */
export class TestClock implements Clock {
  constructor(public t: Date = new Date()) {}
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t = new Date(this.t.getTime() + ms);
  }
}

export interface TestEnv {
  app: FastifyInstance;
  puertos(): FastifyInstance['puertos'];
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

let plantilla: Blob | undefined;

/** The migrated PGlite that test/plantilla-pglite.ts dumped before the run (read once per file). */
function plantillaPglite(): Blob | undefined {
  const archivo = inject('plantillaPglite');
  if (!archivo) return undefined;
  plantilla ??= new Blob([readFileSync(archivo)]);
  return plantilla;
}

/** A new, empty database on the PostgreSQL of TEST_DATABASE_URL: its URL, and `drop`, which removes it. */
export async function basePgNueva(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres necesita TEST_DATABASE_URL');
  const name = `delego_t_${randomBytes(6).toString('hex')}`;
  const sobreLaBase = async (sql: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await sobreLaBase(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => sobreLaBase(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh database for one test file: PGlite in memory, or (TEST_DB=postgres) a new database on
 * the PostgreSQL of TEST_DATABASE_URL, dropped at the end.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const nueva = await basePgNueva();
    const database = await openDatabase({ databaseUrl: nueva.url });
    return {
      database,
      async drop() {
        await database.close();
        await nueva.drop();
      },
    };
  }
  const database = await openDatabase({ plantilla: plantillaPglite() });
  return { database, drop: () => database.close() };
}

export async function createTestEnv(parts: Partial<AppParts> = {}): Promise<TestEnv> {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  await seedCatalogo(database.db);
  const clock = new TestClock();
  const app = await buildApp({ config: testConfig(), database, clock, push: null, ...parts });
  await app.ready();
  return {
    app,
    puertos: () => app.puertos,
    database,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}
