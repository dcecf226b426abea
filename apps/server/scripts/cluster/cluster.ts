/**
 * A cluster on this machine (issue 30, item 7): N instances of the built server (dist/main.js) on
 * one PostgreSQL, each on its own port, with one files store (S3 when `S3_URL` is given, otherwise
 * one shared DATA_DIR), behind HAProxy from Debian (/usr/sbin/haproxy) on one port. Used by
 * `npm run cluster` (main.ts), the cluster test (test/cluster.pg.test.ts) and `npm run bench`
 * (bench/cluster.ts). The HAProxy configuration it writes is the one docs/DESPLIEGUE.md documents.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ENTORNO_NODE, NODE_FLAGS } from '../../src/proceso.js';

export const MAIN = path.resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');
export const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

export interface OpcionesCluster {
  /** The one PostgreSQL database of every instance (created if missing: see `crearBaseSiFalta`). */
  databaseUrl: string;
  /** Holds haproxy.cfg and its stats socket; without S3 also the shared DATA_DIR (`<dir>/datos`). */
  dir: string;
  /** HAProxy's port (0: a free one). */
  puerto: number;
  /** HAProxy's address: 127.0.0.1 unless told. */
  host?: string;
  /** The instances' ports (0: a free one each); its length is how many instances. */
  puertosInstancias: number[];
  /** More settings for every instance (S3_*, LOG_LEVEL, SEED_DEMO, ...). */
  env?: Record<string, string | undefined>;
  /** Where the instances' and HAProxy's output goes: the terminal, or kept in memory (tests). */
  salida?: 'terminal' | 'memoria';
}

export interface Instancia {
  /** The name HAProxy gives it (`a`, `b`, ...), also in the `X-Delego-Instancia` response header. */
  nombre: string;
  puerto: number;
  url: string;
  child: ChildProcess;
  salida(): string;
}

export interface Cluster {
  /** HAProxy's address: what clients use. */
  url: string;
  puerto: number;
  instancias: Instancia[];
  /** Stops instance `i` with a signal (SIGKILL: dies at once) and waits until it is gone. */
  detenerInstancia(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts instance `i` again on its port and waits until it is ready. */
  reiniciarInstancia(i: number): Promise<void>;
  /** Each server's state as HAProxy's health checks see it (`UP`, `DOWN`, `UP 1/2`, ...). */
  estadoEnProxy(): Promise<Record<string, string>>;
  /** A command on HAProxy's stats socket (`disable server instancias/b`, `show stat`, ...): its answer. */
  comandoProxy(comando: string): Promise<string>;
  /** Waits until HAProxy sees `nombre` in `estado` (`UP`, `DOWN`, `MAINT` once disabled). */
  esperarEstado(nombre: string, estado: 'UP' | 'DOWN' | 'MAINT', plazoMs?: number): Promise<void>;
  detener(): Promise<void>;
}

export async function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Creates the database of `databaseUrl` on its server when it does not exist. */
export async function crearBaseSiFalta(databaseUrl: string): Promise<boolean> {
  const u = new URL(databaseUrl);
  const nombre = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(nombre)) throw new Error(`nombre de base no válido: ${nombre}`);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [nombre]);
    if (r.rowCount) return false;
    await c.query(`create database ${nombre}`);
    return true;
  } finally {
    await c.end();
  }
}

/**
 * HAProxy's configuration for the cluster:
 * - round robin over the instances, each checked every second on `/api/health/ready` (out after 2
 *   failures, back after 2 passes): an instance that is migrating, draining or without its database
 *   gets no new requests;
 * - the client address: HAProxy replaces any X-Forwarded-For the client sent with the address it
 *   sees, so an instance that trusts HAProxy (TRUST_PROXY=127.0.0.1) reads the real client and no
 *   client can choose the address its limits count against;
 * - retries: a request whose connection to an instance failed (refused: nothing was sent) goes to
 *   another one (`option redispatch`), whatever its method; a GET or HEAD that got no answer or a 503
 *   is retried elsewhere too. Writes are never resent by the proxy after they reached an instance:
 *   the client resends them with the same Idempotency-Key, as the app's outbox does;
 * - WebSocket (`/api/v2/delegoWS`): HAProxy passes the upgrade through; `timeout tunnel` keeps an
 *   established socket open (the live channel sends heart-beats well within it);
 * - `X-Delego-Instancia` in each response names the instance that answered (diagnosis, tests).
 */
export function configHaproxy(o: {
  host: string;
  puerto: number;
  instancias: { nombre: string; puerto: number }[];
  socket: string;
}): string {
  return `# Generated by apps/server/scripts/cluster/cluster.ts (docs/DESPLIEGUE.md «Clúster con HAProxy»).
global
    maxconn 4096
    stats socket ${o.socket} mode 600 level admin

defaults
    mode http
    timeout connect 2s
    timeout client 75s
    timeout server 130s
    timeout http-request 30s
    timeout http-keep-alive 10s
    timeout queue 10s
    timeout tunnel 1h
    timeout client-fin 5s
    retries 2
    option redispatch 1

frontend delego
    bind ${o.host}:${o.puerto}
    http-request set-header X-Forwarded-For %[src]
    default_backend instancias

backend instancias
    balance roundrobin
    option httpchk GET /api/health/ready
    http-check expect status 200
    retry-on conn-failure empty-response 503
    http-request disable-l7-retry unless METH_GET
    http-response set-header X-Delego-Instancia %[srv_name]
    default-server check inter 1s fall 2 rise 2
${o.instancias.map((i) => `    server ${i.nombre} 127.0.0.1:${i.puerto}`).join('\n')}
`;
}

async function esperarListo(url: string, child: ChildProcess, salida: () => string, plazoMs = 90_000) {
  const hasta = Date.now() + plazoMs;
  while (Date.now() < hasta) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `la instancia en ${url} terminó al arrancar (${child.exitCode ?? child.signalCode}):\n${salida()}`,
      );
    }
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`la instancia en ${url} no estuvo lista en ${plazoMs / 1000} s:\n${salida()}`);
}

function esperarFin(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

/** Sends a command to HAProxy's stats socket and returns its answer. */
function comandoHaproxy(socket: string, comando: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = net.connect(socket);
    let out = '';
    c.on('connect', () => c.write(`${comando}\n`));
    c.on('data', (d) => (out += d.toString()));
    c.on('end', () => resolve(out));
    c.on('error', reject);
  });
}

export function requisitos(): void {
  if (!fs.existsSync(MAIN)) {
    throw new Error(`No existe ${MAIN}: compile antes con \`npm run build\` (npm run cluster y npm test lo hacen).`);
  }
  if (spawnSync(HAPROXY, ['-v'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `No se encontró HAProxy en ${HAPROXY}. Instálelo con \`sudo apt-get install haproxy\` (Debian/Ubuntu) ` +
        '(o indique otro con HAPROXY_BIN).',
    );
  }
}

/**
 * Starts the instances one after another (the first migrates and seeds; the others find it done),
 * then HAProxy, and waits until HAProxy sees every instance up.
 */
export async function iniciarCluster(o: OpcionesCluster): Promise<Cluster> {
  requisitos();
  fs.mkdirSync(o.dir, { recursive: true });
  const host = o.host ?? '127.0.0.1';
  const enMemoria = o.salida === 'memoria';
  const socket = path.join(o.dir, 'haproxy.sock');
  const puerto = o.puerto || (await puertoLibre());
  const puertos: number[] = [];
  for (const p of o.puertosInstancias) puertos.push(p || (await puertoLibre()));
  const nombres = puertos.map((_, i) => String.fromCharCode(97 + i));
  const instancias: Instancia[] = [];
  let haproxy: ChildProcess | undefined;

  const capturar = (child: ChildProcess, prefijo: string) => {
    let out = '';
    const guardar = (d: Buffer) => {
      if (enMemoria) out = (out + d.toString()).slice(-8000);
      else for (const l of d.toString().split('\n')) if (l) process.stdout.write(`${prefijo} ${l}\n`);
    };
    child.stdout?.on('data', guardar);
    child.stderr?.on('data', guardar);
    return () => out;
  };

  const arrancar = async (i: number): Promise<Instancia> => {
    const nombre = nombres[i] as string;
    const p = puertos[i] as number;
    const env: NodeJS.ProcessEnv = {
      ...ENTORNO_NODE,
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      SEED_DEMO: 'true',
      DATA_DIR: path.join(o.dir, 'datos'),
      // On SIGTERM an instance stays reachable, already «not ready», until HAProxy's check (every
      // 1 s, 2 failures) has taken it out: no new request lands on a closing instance.
      SHUTDOWN_DELAY_MS: '2500',
      ...o.env,
      DATABASE_URL: o.databaseUrl,
      PORT: String(p),
      HOST: '127.0.0.1',
      // Only HAProxy (on this machine) may tell the client address; it always replaces the header.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: o.env?.PUBLIC_URL ?? `http://localhost:${puerto}`,
    };
    const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const salida = capturar(child, `[${nombre}]`);
    const url = `http://127.0.0.1:${p}`;
    await esperarListo(url, child, salida);
    return { nombre, puerto: p, url, child, salida };
  };

  const cluster: Cluster = {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${puerto}`,
    puerto,
    instancias,
    async detenerInstancia(i, signal = 'SIGTERM') {
      const inst = instancias[i] as Instancia;
      const fin = esperarFin(inst.child);
      inst.child.kill(signal);
      await fin;
    },
    async reiniciarInstancia(i) {
      instancias[i] = await arrancar(i);
    },
    async estadoEnProxy() {
      const csv = await comandoHaproxy(socket, 'show stat');
      const estados: Record<string, string> = {};
      for (const linea of csv.split('\n')) {
        const c = linea.split(',');
        if (c[0] === 'instancias' && c[1] && c[1] !== 'BACKEND') estados[c[1]] = c[17] ?? '';
      }
      return estados;
    },
    comandoProxy: (comando) => comandoHaproxy(socket, comando),
    async esperarEstado(nombre, estado, plazoMs = 15_000) {
      const hasta = Date.now() + plazoMs;
      let visto = '';
      while (Date.now() < hasta) {
        visto = (await cluster.estadoEnProxy())[nombre] ?? '';
        if (visto === estado) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`HAProxy ve la instancia ${nombre} como «${visto}», no ${estado}, tras ${plazoMs / 1000} s`);
    },
    async detener() {
      const hijos = [...instancias.map((i) => i.child), ...(haproxy ? [haproxy] : [])];
      const fines = hijos.map(esperarFin);
      for (const h of hijos) if (h.exitCode === null && h.signalCode === null) h.kill('SIGTERM');
      await Promise.all(fines);
    },
  };

  try {
    for (let i = 0; i < puertos.length; i++) instancias.push(await arrancar(i));
    const cfg = path.join(o.dir, 'haproxy.cfg');
    fs.writeFileSync(
      cfg,
      configHaproxy({
        host,
        puerto,
        socket,
        instancias: instancias.map((i) => ({ nombre: i.nombre, puerto: i.puerto })),
      }),
    );
    const check = spawnSync(HAPROXY, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy.cfg no es válida:\n${check.stderr}${check.stdout}`);
    fs.rmSync(socket, { force: true });
    // -db: in the foreground, no daemon; it dies with us.
    haproxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
    const leer = capturar(haproxy, '[haproxy]');
    const proc = haproxy;
    const hasta = Date.now() + 15_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`HAProxy terminó al arrancar:\n${leer()}`);
      try {
        const estados = await cluster.estadoEnProxy();
        if (nombres.every((n) => estados[n] === 'UP')) break;
      } catch {
        // the socket is not there yet
      }
      if (Date.now() > hasta) throw new Error(`HAProxy no vio las instancias listas en 15 s:\n${leer()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return cluster;
  } catch (e) {
    await cluster.detener();
    throw e;
  }
}
