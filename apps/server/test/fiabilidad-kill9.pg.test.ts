import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import { killDuringCreates } from './kill9.js';

/** kill -9 with PostgreSQL: a fresh database on the server of TEST_DATABASE_URL (see kill9.ts). */
const base = process.env.TEST_DATABASE_URL as string;
const dbName = `delego_t_${randomBytes(6).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-kill9-pg-'));

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

it('PostgreSQL: tras SIGKILL con 200 altas en curso, toda orden confirmada sigue ahí e intacta', async () => {
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  await killDuringCreates({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
}, 180_000);
