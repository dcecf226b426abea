import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import { killDuranteLaBandeja } from './kill9-idempotencia.js';

/** kill -9 with the outbox's replay on PostgreSQL: a fresh database on TEST_DATABASE_URL's server. */
const base = process.env.TEST_DATABASE_URL as string;
const dbName = `delego_t_${randomBytes(6).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-kill9-bandeja-pg-'));

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

beforeAll(() => admin(`create database ${dbName}`));
afterAll(async () => {
  await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('PostgreSQL: con SIGKILL en momentos al azar y la bandeja reenviando con su clave, nada queda atascado, duplicado ni perdido', async () => {
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  await killDuranteLaBandeja({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
}, 300_000);
