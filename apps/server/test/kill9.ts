/**
 * The kill -9 proof (issue 10, item 11), shared by the PGlite and the PostgreSQL variants: the built
 * server (dist/main.js) takes 200 concurrent order creations, is killed with SIGKILL while they are
 * in flight, starts again on the same data, and every creation it acknowledged is there, intact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { md5 } from '../src/seed/factories.js';
import { puertoLibre } from '../scripts/cluster/cluster.js';

export const MAIN = path.resolve(import.meta.dirname, '..', 'dist', 'main.js');
const TOTAL = 200;
/** The server is killed once this many creations have been acknowledged. */
const KILL_AFTER = 100;
/** The demo company with an unlimited plan: no quota runs out midway. */
const headers = { authorization: `otra#${md5('Demo1234!')}`, 'content-type': 'application/json' };

export function requireBuild(): void {
  if (!fs.existsSync(MAIN)) {
    throw new Error(
      `No existe ${MAIN}: esta prueba arranca el servidor compilado. Compile antes con \`npm run build\` ` +
        '(npm test compila en el paso "Compilación", antes de las pruebas de API).',
    );
  }
}

export interface Server {
  url: string;
  child: ChildProcess;
  output(): string;
}

/**
 * Starts dist/main.js with the given data (DATA_DIR, and DATABASE_URL for PostgreSQL), and any other
 * setting in `env`, and waits for /api/health.
 */
export async function startServer(
  env: { DATA_DIR: string; DATABASE_URL?: string } & Record<string, string | undefined>,
): Promise<Server> {
  const port = await puertoLibre();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [MAIN], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (código ${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, output: () => out };
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`el servidor no respondió en 60 s:\n${out}`);
}

export async function stop(s: Server | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill(signal);
  await exited;
}

interface Acked {
  id: number;
  numero: number;
  titulo: string;
  detalle: string;
  cliente: number;
  fechaInicio: number;
}

/** The whole proof, on a fresh data folder or database. */
export async function killDuringCreates(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<void> {
  requireBuild();
  let server: Server | undefined = await startServer(env);
  try {
    const clientes = (await (await fetch(`${server.url}/api/v4/clientes`, { headers })).json()) as { id: number }[];
    const cliente = clientes[0]?.id;
    expect(cliente, 'la demo debe tener clientes de Otra Empresa').toBeTypeOf('number');

    const acked: Acked[] = [];
    let failed = 0;
    let killedAt = -1;
    const first = server;
    const exited = new Promise((r) => first.child.once('exit', r));
    const calls = Array.from({ length: TOTAL }, async (_, i) => {
      const body = {
        titulo: `Kill -9 n.º ${i}`,
        detalle: `Creada en ráfaga, índice ${i}: ${'ñ'.repeat(i % 17)}`,
        cliente: cliente as number,
        responsable: [],
        fechaInicio: Date.UTC(2026, 0, 1 + (i % 28)),
      };
      try {
        const r = await fetch(`${first.url}/api/v2/ordenes/save`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        if (r.status < 200 || r.status >= 300) {
          failed++;
          return;
        }
        const o = (await r.json()) as { id: number; numero: number };
        acked.push({
          id: o.id,
          numero: o.numero,
          titulo: body.titulo,
          detalle: body.detalle,
          cliente: body.cliente,
          fechaInicio: body.fechaInicio,
        });
        if (acked.length === KILL_AFTER) {
          killedAt = acked.length;
          first.child.kill('SIGKILL');
        }
      } catch {
        failed++; // the connection died with the server
      }
    });
    await Promise.all(calls);
    await exited;
    expect(first.child.signalCode, 'el servidor debe haber muerto por SIGKILL').toBe('SIGKILL');
    expect(killedAt).toBe(KILL_AFTER);
    // The kill happened with creations still in flight: not every one was answered.
    expect(failed).toBeGreaterThan(0);
    expect(acked.length + failed).toBe(TOTAL);
    expect(new Set(acked.map((a) => a.numero)).size).toBe(acked.length);

    // Same data, new process.
    server = await startServer(env);
    const lost: string[] = [];
    const wrong: string[] = [];
    for (let i = 0; i < acked.length; i += 20) {
      await Promise.all(
        acked.slice(i, i + 20).map(async (a) => {
          const r = await fetch(`${server!.url}/api/v3/ordenDTO/${a.id}`, { headers });
          if (r.status !== 200) {
            lost.push(`id ${a.id} n.º ${a.numero}: ${r.status}`);
            return;
          }
          const o = (await r.json()) as {
            numero: number;
            titulo: string;
            detalle: string;
            cliente: { id: number } | null;
            fechaInicio: number | null;
          };
          const got = {
            numero: o.numero,
            titulo: o.titulo,
            detalle: o.detalle,
            cliente: o.cliente?.id,
            fechaInicio: o.fechaInicio,
          };
          const want = {
            numero: a.numero,
            titulo: a.titulo,
            detalle: a.detalle,
            cliente: a.cliente,
            fechaInicio: a.fechaInicio,
          };
          if (JSON.stringify(got) !== JSON.stringify(want))
            wrong.push(`${JSON.stringify(want)} != ${JSON.stringify(got)}`);
        }),
      );
    }
    expect(lost, 'órdenes confirmadas que no están tras el reinicio').toEqual([]);
    expect(wrong, 'órdenes confirmadas que cambiaron tras el reinicio').toEqual([]);

    // The restarted server keeps working, and never hands out an acknowledged number again.
    const r = await fetch(`${server.url}/api/v2/ordenes/save`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ titulo: 'Después del reinicio', cliente, responsable: [] }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const nueva = (await r.json()) as { numero: number };
    expect(acked.map((a) => a.numero)).not.toContain(nueva.numero);
    console.log(
      `kill -9 (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${acked.length} confirmadas antes de SIGKILL, ${failed} sin respuesta; todas las confirmadas intactas tras reiniciar`,
    );
  } finally {
    await stop(server);
  }
}

/**
 * For a *.pg kill -9 file: a fresh database on TEST_DATABASE_URL's server and a data folder, made
 * before its tests and dropped after them. Gives the server's environment for that database.
 */
export function basePgParaKill9(prefijo: string): () => { DATA_DIR: string; DATABASE_URL: string } {
  const base = process.env.TEST_DATABASE_URL as string;
  const dbName = `delego_t_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefijo}-`));
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  beforeAll(() => admin(`create database ${dbName}`));
  afterAll(async () => {
    await admin(`drop database if exists ${dbName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  };
}

/** The demo company's time zone: the maintenance kill -9 tests count its days. */
const ZONA_DEMO = 'America/Argentina/Buenos_Aires';

/** A day of the demo company's calendar, `n` days before today (yyyy-MM-dd). */
export function diaAtras(n: number): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA_DEMO }).format(new Date());
  const [a, m, d] = hoy.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(a, m - 1, d - n)).toISOString().slice(0, 10);
}

/** Waits until `cond` holds, for `ms` at most; `que` says what it waited for. */
export async function esperar(cond: () => Promise<boolean>, ms: number, que: string): Promise<void> {
  const limite = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > limite) throw new Error(`no pasó en ${ms} ms: ${que}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
