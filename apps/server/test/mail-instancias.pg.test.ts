/**
 * The outbox with two instances on one PostgreSQL (issue 12; docs/CORREO.md): each claims rows
 * with FOR UPDATE SKIP LOCKED, so every mail leaves once, whether both drain the outbox at the same
 * moment or both workers run on their own.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/kernel/db/client.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { PUBLIC_URL, SmtpCapture, registro } from './mail-helpers.js';

const base = process.env.TEST_DATABASE_URL as string;
const dbName = `delego_t_${randomBytes(6).toString('hex')}`;
const url = (() => {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

let smtp: SmtpCapture;
let dir: string;
const instancias: { app: FastifyInstance; database: Database }[] = [];

async function instancia(): Promise<FastifyInstance> {
  const database = await openDatabase({ databaseUrl: url });
  const config = testConfig({ dataDir: dir, smtpUrl: smtp.url, publicUrl: PUBLIC_URL, mailPollMs: 100 });
  const app = await buildApp({ config, database, push: null });
  await app.ready();
  instancias.push({ app, database });
  return app;
}

beforeAll(async () => {
  smtp = await new SmtpCapture().start();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-correo-pg-'));
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: url });
  await db.migrate();
  await seedCatalogo(db.db);
  await db.close();
}, 60_000);

afterAll(async () => {
  for (const i of instancias) {
    await i.app.close();
    await i.database.close();
  }
  await smtp?.stop();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every Message-ID the capture received, with how many times. */
function repetidos(): string[] {
  const vistos = new Map<string, number>();
  for (const m of smtp.mails) vistos.set(m.messageId ?? '', (vistos.get(m.messageId ?? '') ?? 0) + 1);
  return [...vistos].filter(([, n]) => n > 1).map(([id]) => id);
}

it('dos instancias vaciando la cola a la vez: cada correo sale una sola vez', async () => {
  const uno = await instancia();
  const dos = await instancia();
  const db = instancias[0]!.database.db;
  await db.transaction(async (tx) => {
    for (let i = 0; i < 60; i++) {
      await uno.puertos.mail.enqueue(tx, {
        tipo: 'recuperacion',
        para: `persona${i}@example.com`,
        entidadId: null,
        logo: null,
        contenido: { asunto: `Correo ${i}`, html: `<p>${i}</p>`, texto: `${i}` },
      });
    }
  });
  const [a, b] = await Promise.all([uno.puertos.mail.deliverPending(), dos.puertos.mail.deliverPending()]);
  expect(a + b).toBe(60);
  expect(smtp.mails).toHaveLength(60);
  expect(repetidos()).toEqual([]);
  expect(await uno.puertos.mail.deliverPending()).toBe(0);
  expect(await dos.puertos.mail.deliverPending()).toBe(0);
}, 120_000);

it('con los dos trabajadores en marcha, las altas de una y otra instancia salen una vez cada una', async () => {
  const [uno, dos] = [instancias[0]!.app, instancias[1]!.app];
  const antes = smtp.mails.length;
  uno.puertos.mail.start();
  dos.puertos.mail.start();
  const altas = Array.from({ length: 12 }, (_, i) => registro({ usuario: `pg-alta-${i}` }));
  await Promise.all(
    altas.map(async (body, i) => {
      const r = await (i % 2 ? uno : dos).inject({
        method: 'POST',
        url: '/api/v2/registrar/usuario',
        payload: body,
        remoteAddress: `10.6.0.${i}`,
      });
      expect(r.statusCode, r.body).toBe(201);
    }),
  );
  const hasta = Date.now() + 30_000;
  while (smtp.mails.length < antes + altas.length && Date.now() < hasta) await new Promise((r) => setTimeout(r, 50));
  // A little longer: a second delivery of any of them would show up now.
  await new Promise((r) => setTimeout(r, 500));
  expect(smtp.mails.length - antes).toBe(altas.length);
  for (const body of altas) expect(smtp.para(body.email as string)).toHaveLength(1);
  expect(repetidos()).toEqual([]);
}, 120_000);
