import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5 } from '../src/seed/factories.js';
import { stompConnect } from './live-helpers.js';

/** Two server processes on one PostgreSQL: events cross between them through LISTEN/NOTIFY. */
const base = process.env.TEST_DATABASE_URL as string;
const dbName = `delego_t_${randomBytes(6).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-instancias-'));
const procs: ChildProcess[] = [];

function dbUrl(): string {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
}

async function startInstance(port: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: dbUrl(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  procs.push(child);
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`la instancia en ${port} no arrancó`);
}

const portA = 18000 + Math.floor(Math.random() * 1000);
const portB = portA + 1000;
const header = (u: string) => ({ authorization: `${u}#${md5('Demo1234!')}` });

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  await startInstance(portA); // migrates and seeds the demo
  await startInstance(portB);
}, 90_000);

afterAll(async () => {
  for (const p of procs) p.kill('SIGTERM');
  await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.on('exit', r)))));
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('varias instancias', () => {
  it('un usuario conectado a B recibe lo que se publicó en A', async () => {
    const operario = (await (
      await fetch(`http://127.0.0.1:${portB}/api/v4/login?tsp=1`, { headers: header('operario') })
    ).json()) as { id: number; entidadId: number };
    const urlB = `ws://127.0.0.1:${portB}/api/v2/delegoWS`;
    const op = await stompConnect(urlB, 'operario');
    await op.subscribe(`/usuario/${operario.id}`);
    const sup = await stompConnect(urlB, 'supervisor');
    await sup.subscribe(`/entidad/${operario.entidadId}`);
    await sup.subscribe(`/plan/entidad/${operario.entidadId}`);

    const clientes = (await (
      await fetch(`http://127.0.0.1:${portA}/api/v2/empresasAsignables?tsp=1`, { headers: header('supervisor') })
    ).json()) as { id: number }[];
    const r = await fetch(`http://127.0.0.1:${portA}/api/v2/ordenes/save?tsp=1`, {
      method: 'POST',
      headers: { ...header('supervisor'), 'content-type': 'application/json' },
      body: JSON.stringify({ titulo: 'Orden creada en A', cliente: clientes[0]!.id, responsable: [operario.id] }),
    });
    expect(r.status).toBe(200);
    const orden = (await r.json()) as { id: number; numero: number };

    const [n] = (await op.waitFor(`/usuario/${operario.id}`, 1, 8000)) as { tipo: string; ordenId: number }[];
    expect(n).toMatchObject({ tipo: 'ORDEN_ASIGNADA', ordenId: orden.id });
    expect(await sup.waitFor(`/entidad/${operario.entidadId}`, 1, 8000)).toContainEqual({
      tipo: 'orden.creada',
      ordenId: orden.id,
    });
    const [plan] = (await sup.waitFor(`/plan/entidad/${operario.entidadId}`, 1, 8000)) as { quotaDisponible: number }[];
    expect(plan!.quotaDisponible).toBe(99);

    // Only one notification exists, however many instances heard the event.
    const lista = (await (
      await fetch(`http://127.0.0.1:${portB}/api/v2/notificaciones/all?tsp=1`, { headers: header('operario') })
    ).json()) as { ordenId: number }[];
    expect(lista.filter((x) => x.ordenId === orden.id)).toHaveLength(1);

    // The order's own channel, authorised on B by reading the order, gets a change made on A.
    await op.subscribe(`/orden/${orden.id}`);
    const estado = await fetch(`http://127.0.0.1:${portA}/api/v2/estado/${orden.id}?tsp=1`, {
      method: 'PUT',
      headers: { ...header('supervisor'), 'content-type': 'application/json' },
      body: JSON.stringify({ estado: 2, comentarios: 'En camino' }),
    });
    expect(estado.status).toBe(200);
    // (The demo's first client has a service-level policy: its copy on the order may change too,
    // `orden.slaCambiado`, on the same channel.)
    await vi.waitFor(
      async () =>
        expect(await op.waitFor(`/orden/${orden.id}`, 1, 8000)).toContainEqual({
          tipo: 'orden.estadoCambiado',
          ordenId: orden.id,
        }),
      { timeout: 8000 },
    );
    await op.stop();
    await sup.stop();
  }, 30_000);
});
