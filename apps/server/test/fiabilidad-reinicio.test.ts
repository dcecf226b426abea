/**
 * The orderly stop (issue 30, item 6; docs/DESPLIEGUE.md, "Reinicios ordenados") as a real process:
 * src/main.ts under tsx, on a fresh PGlite folder or (TEST_DB=postgres) a fresh PostgreSQL database,
 * with its mail going to a slow SMTP server on 127.0.0.1. While order creations are in flight
 * (their bodies still arriving) and a mail is being delivered, SIGTERM:
 * - readiness answers 503 (drenando) to new connections during SHUTDOWN_DELAY_MS;
 * - a STOMP client gets an ERROR frame that says so and a 1012 close;
 * - after the delay new connections are refused while the requests in flight are still served;
 * - every request in flight completes with 200, the order is there after a restart;
 * - the process exits 0, and the mail is sent exactly once across the stop and the restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/config.js';
import { md5 } from '../src/seed/factories.js';
import { basePgNueva } from './helpers.js';
import { connectFrame, rawSocket } from './live-helpers.js';
import { registro } from './mail-helpers.js';
import { puertoLibre } from '../scripts/cluster/cluster.js';

const headers = { authorization: `otra#${md5('Demo1234!')}`, 'content-type': 'application/json' };
const EN_VUELO = 6;
const DEMORA_MS = 1500;

/** An SMTP server that takes `demoraMs` to accept each mail, and counts them per recipient. */
class SmtpLento {
  readonly recibidos: string[] = [];
  /** Resolved when a mail's DATA starts arriving (the worker is in the middle of delivering it). */
  entregando!: Promise<void>;
  private avisar!: () => void;
  private server: SMTPServer | undefined;
  port = 0;

  constructor(private readonly demoraMs: number) {
    this.entregando = new Promise((r) => (this.avisar = r));
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData: (stream, session, cb) => {
        this.avisar();
        stream.resume();
        stream.on('end', () =>
          setTimeout(() => {
            for (const r of session.envelope.rcptTo) this.recibidos.push(r.address);
            cb();
          }, this.demoraMs),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as net.AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

interface Proceso {
  url: string;
  port: number;
  child: ChildProcess;
  salida: Promise<number | null>;
  output(): string;
}

async function arrancar(env: Record<string, string>): Promise<Proceso> {
  const port = await puertoLibre();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    TSX_TSCONFIG_PATH: path.join(SERVER_ROOT, 'tsconfig.dev.json'),
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src', 'main.ts')], {
    cwd: SERVER_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-6000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-6000)));
  const salida = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (código ${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return { url, port, child, salida, output: () => out };
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`el servidor no respondió en 80 s:\n${out}`);
}

/** GET on a new connection (no keep-alive pool): status and parsed body, or the connection's error code. */
function getNueva(url: string): Promise<{ status: number; body: Record<string, unknown> } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      let data = '';
      res.on('data', (d: Buffer) => (data += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) as Record<string, unknown> }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

/** A POST whose body arrives in two halves: in flight until `terminar()`. */
function postLento(
  url: string,
  cuerpo: object,
): { terminar(): void; respuesta: Promise<{ status: number; body: string }> } {
  const datos = Buffer.from(JSON.stringify(cuerpo));
  const mitad = Math.floor(datos.length / 2);
  const req = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-length': String(datos.length) },
  });
  const respuesta = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(datos.subarray(0, mitad));
  return { terminar: () => req.end(datos.subarray(mitad)), respuesta };
}

let datos: { DATA_DIR: string; DATABASE_URL?: string };
let borrar: () => Promise<void>;
let smtp: SmtpLento;

beforeAll(async () => {
  smtp = await new SmtpLento(1200).start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-reinicio-'));
  if (process.env.TEST_DB === 'postgres') {
    const nueva = await basePgNueva();
    datos = { DATA_DIR: dir, DATABASE_URL: nueva.url };
    borrar = nueva.drop;
  } else {
    datos = { DATA_DIR: dir };
    borrar = async () => undefined;
  }
});

afterAll(async () => {
  await smtp?.stop();
  await borrar?.();
  if (datos) fs.rmSync(datos.DATA_DIR, { recursive: true, force: true });
});

describe('reinicio ordenado (SIGTERM)', () => {
  it('drena: 503 en la disponibilidad, aviso al canal en vivo, lo que estaba en vuelo termina, sale con 0, el correo sale una vez', async () => {
    const env = {
      ...datos,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_POLL_MS: '300',
      SHUTDOWN_DELAY_MS: String(DEMORA_MS),
      SHUTDOWN_TIMEOUT_MS: '15000',
    };
    let server: Proceso | undefined = await arrancar(env);
    try {
      const clientes = (await (await fetch(`${server.url}/api/v4/clientes`, { headers })).json()) as { id: number }[];
      const cliente = clientes[0]?.id as number;

      // A live client, connected.
      const { ws, received, closed } = await rawSocket(`ws://127.0.0.1:${server.port}/api/v2/delegoWS`);
      ws.send(connectFrame('otra'));
      for (let i = 0; i < 100 && !received.some((f) => f.startsWith('CONNECTED')); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(received.some((f) => f.startsWith('CONNECTED'))).toBe(true);

      // Requests in flight: their bodies have not finished arriving.
      const enVuelo = Array.from({ length: EN_VUELO }, (_, i) =>
        postLento(`${server!.url}/api/v2/ordenes/save`, {
          titulo: `En vuelo al detenerse n.º ${i}`,
          detalle: 'Creada mientras el servidor se detenía',
          cliente,
          responsable: [],
          fechaInicio: Date.UTC(2026, 0, 1 + i),
        }),
      );
      // A mail queued just before (a sign-up), in the middle of its delivery when the signal arrives.
      const alta = registro();
      const r = await fetch(`${server.url}/api/v2/registrar/usuario`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alta),
      });
      expect(r.status).toBe(201);
      await smtp.entregando;

      const primero = server;
      primero.child.kill('SIGTERM');

      // Draining, still accepting: readiness says 503 (in Spanish) on a new connection.
      const listo = await getNueva(`${primero.url}/api/health/ready`);
      expect(listo).toMatchObject({
        status: 503,
        body: { status: 'error', estado: 'drenando', code: 'SERVICIO_NO_DISPONIBLE' },
      });
      expect('body' in listo && String(listo.body.message)).toMatch(/reiniciando/);

      // After the delay: the live client is told to reconnect (ERROR with a message, then 1012).
      expect(await closed).toBe(1012);
      const error = received.find((f) => f.startsWith('ERROR'));
      expect(error).toMatch(/\nmessage:El servidor se está reiniciando/);

      // New connections are refused while the requests in flight keep the process alive.
      let rechazada = false;
      for (let i = 0; i < 100 && !rechazada; i++) {
        const g = await getNueva(`${primero.url}/api/health`);
        rechazada = 'error' in g && g.error === 'ECONNREFUSED';
        if (!rechazada) await new Promise((res) => setTimeout(res, 50));
      }
      expect(rechazada).toBe(true);
      expect(primero.child.exitCode).toBeNull();

      // The bodies finish arriving: every request in flight is answered 200.
      for (const p of enVuelo) p.terminar();
      const respuestas = await Promise.all(enVuelo.map((p) => p.respuesta));
      expect(respuestas.map((x) => x.status)).toEqual(Array(EN_VUELO).fill(200));
      const ids = respuestas.map((x) => (JSON.parse(x.body) as { id: number }).id);

      expect(await primero.salida, primero.output()).toBe(0);
      expect(primero.output()).not.toMatch(/plazoVencido|salidaForzada|cierreFallo/);
      // The mail being delivered finished before the exit.
      expect(smtp.recibidos.filter((a) => a === alta.email)).toHaveLength(1);

      // Restart on the same data: the orders are there, the mail is not sent again.
      server = await arrancar(env);
      for (const id of ids) {
        const o = await fetch(`${server.url}/api/v3/ordenDTO/${id}`, { headers });
        expect(o.status).toBe(200);
      }
      await new Promise((res) => setTimeout(res, 1500)); // several rounds of the mail worker
      expect(smtp.recibidos.filter((a) => a === alta.email)).toHaveLength(1);
      server.child.kill('SIGTERM');
      expect(await server.salida, server.output()).toBe(0);
      server = undefined;
    } finally {
      if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 120_000);
});
