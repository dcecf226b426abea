/**
 * npm run bench: starts the built server on PostgreSQL and measures it with autocannon.
 *   1. auth: an authenticated cheap call (/api/v2/plan/estado) against the unauthenticated health route;
 *   2. orders: filtered list (25 rows), detail and create, on 100,000 orders over 20 companies.
 *   3. buscar (issue 36): the list searched with two words typed without accents, without page cache.
 *   files (bench/files.ts): Excel export of 100,000 orders of one company and a ZIP of 1 GB of files.
 *   estadisticas (bench/estadisticas.ts): charts, dashboard and delay export on 1,000,000 orders.
 *   lighthouse (bench/lighthouse.ts): mobile performance and accessibility of /login and /home.
 *   cluster (bench/cluster.ts): the cheap call and the list through HAProxy, one instance against two.
 *   sql (issue 37): the uncached list against the SQL floor alone (the orders part measures it too).
 *   checklists (issue 31, bench/checklists.ts): the detail with a 100-item checklist against the
 *   detail without one (target: within 25 %), that checklist read, and answering one item.
 *   calendario (issue 32, bench/calendario.ts): a calendar month with 2,000 orders (target: p99 < 100 ms).
 *   mantenimiento (issue 32, bench/mantenimiento.ts): the maintenance scheduler's run over 10,000
 *   active plans (target: under 5 s), on a database of its own.
 *   sla (issue 34, bench/sla.ts): the service-level warning scan over 100,000 open orders (target:
 *   under 2 s), on a database of its own.
 * Results are printed and written to .bench/results.json.
 *
 * auth and orders (issue 18, an honest bench): every measured path is first warmed for
 * BENCH_WARMUP_S (5 s) on a server that has already served, then measured in BENCH_ROUNDS (3)
 * interleaved rounds, reported as the median with min and max. A bare node:http server (bench/piso.ts,
 * its own process on BENCH_PISO_PORT, 8090) is measured in every round too, and each path is given as
 * a share of it (req/s) with its CPU time per request: the server's and, apart, its PostgreSQL
 * backends' (the split between Node and PostgreSQL). The SQL floor (bench/piso-sql.ts, issue 37, on
 * BENCH_PISO_SQL_PORT, 8093) runs the list's own page statements bare, beside the uncached list: the
 * list is also given as a share of it, with both CPU figures. BENCH_NODE_ARGS adds options to the server's
 * node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/perfil`: a CPU profile written when it stops).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { REPO_ROOT } from '../src/config.js';
import { openDatabase } from '../src/kernel/db/client.js';
import { seedDemo } from '../src/seed/demo.js';
import { md5 } from '../src/seed/factories.js';
import { ENTORNO_NODE, NODE_FLAGS } from '../src/proceso.js';
import { PASSWORD_BENCH, cabecerasBench, seedBench } from './seed-bench.js';
import { benchLive, benchLiveFloor, type LiveBenchResult } from './live.js';
import { benchFiles } from './files.js';
import { benchEstadisticas } from './estadisticas.js';
import { benchLighthouse } from './lighthouse.js';
import { benchCluster, type ResultadoCluster } from './cluster.js';
import { cargaDeLista } from './filtros-lista.js';
import { casosChecklists } from './checklists.js';
import { borrarCalendario, casosCalendario } from './calendario.js';
import { benchMantenimiento } from './mantenimiento.js';
import { benchSla } from './sla.js';

const BASE =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 8091);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_ONLY;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const PISO_PORT = Number(process.env.BENCH_PISO_PORT ?? 8090);
const PISO_SQL_PORT = Number(process.env.BENCH_PISO_SQL_PORT ?? 8093);
/** Whether a part runs: all without BENCH_ONLY; `auth,orders` runs both (their rounds share the floor). */
const incluye = (parte: string) => !ONLY || ONLY.split(',').includes(parte);
/**
 * The statistics bench alone has its own database: it needs neither the 20 companies nor their seeding
 * time. BENCH_DB names another one (a branch with its own migrations beside the usual database).
 */
const DB_NAME = process.env.BENCH_DB ?? (ONLY === 'estadisticas' ? 'delego_bench_estadisticas' : 'delego_bench');
/** The server's data folder during the bench: attached files live under it. */
const BENCH_DATA = path.join(REPO_ROOT, '.bench', 'data');

function dbUrl(): string {
  const u = new URL(BASE);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
}

async function prepareDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (exists.rowCount && process.env.BENCH_RESEED !== '1') {
    await admin.end();
    console.log(`Base ${DB_NAME} existente: se reutiliza (BENCH_RESEED=1 para recrearla).`);
    return;
  }
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: dbUrl() });
  await database.migrate();
  console.log(ONLY === 'estadisticas' ? 'Sembrando demo...' : 'Sembrando demo + 100.000 órdenes en 20 empresas...');
  const t = Date.now();
  await seedDemo(database.db, new Date());
  if (ONLY !== 'estadisticas') await seedBench(database.db, new Date());
  console.log(`\nSiembra lista en ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await database.close();
}

async function startServer(
  port = PORT,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; peakRssMb: () => number; rssMb: () => number }> {
  // BENCH_SERVER: another build's main.js, measured with the same data and load (an A/B run).
  const main = process.env.BENCH_SERVER ?? path.join(REPO_ROOT, 'apps/server/dist/main.js');
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Started as `npm start` starts it: the same Node flags and allocator settings (src/proceso.ts).
  const child = spawn(process.execPath, [...NODE_FLAGS, ...nodeArgs, main], {
    // The live bench opens 10,000 sockets from 127.0.0.1: lift the per-address connection cap.
    env: {
      ...process.env,
      ...ENTORNO_NODE,
      DATABASE_URL: dbUrl(),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATA_DIR: BENCH_DATA,
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peak = 0;
  const rssMb = () => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 200);
  child.on('exit', () => {
    clearInterval(timer);
    pidPorPuerto.delete(port);
  });
  if (child.pid !== undefined) pidPorPuerto.set(port, child.pid);
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return { child, peakRssMb: () => peak, rssMb };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('El servidor no arrancó');
}

/** The server process listening on each port, for its CPU time. */
const pidPorPuerto = new Map<number, number>();
const TICKS_POR_SEGUNDO = 100; // USER_HZ on Linux

/** CPU time (user + system) of a process so far, in microseconds; undefined off Linux. */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // /proc/<pid>/stat: the command name is in parentheses and may hold spaces; fields follow it.
    const campos = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(campos[11]) + Number(campos[12]); // utime, stime (fields 14 and 15)
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / TICKS_POR_SEGUNDO : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A floor in its own process, with the same loader as this one: the bare node:http one (bench/piso.ts)
 * or the SQL one (bench/piso-sql.ts); it prints a line once it listens.
 */
async function startPiso(
  script = 'piso.ts',
  port = PISO_PORT,
  env: Record<string, string> = { PISO_PORT: String(port) },
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(path.dirname(fileURLToPath(import.meta.url)), script)],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`el piso terminó (${code}) antes de escuchar`)));
    child.stdout?.once('data', () => resolve());
  });
  if (child.pid !== undefined) pidPorPuerto.set(port, child.pid);
  return child;
}

/**
 * The bench database's backends other than the bench's own connection: the servers' pools. Their
 * CPU time over a measurement is PostgreSQL's part of each request (the rest of the cluster, other
 * databases and its background processes, is left out).
 */
let monitor: pg.Client | undefined;

async function backendsDelBench(): Promise<number[]> {
  if (!monitor) return [];
  const r = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return r.rows.map((x) => x.pid);
}

async function cpuDeBackends(): Promise<Map<number, number>> {
  const m = new Map<number, number>();
  for (const pid of await backendsDelBench()) {
    const us = cpuMicros(pid);
    if (us !== undefined) m.set(pid, us);
  }
  return m;
}

/** CPU spent by the backends between two readings (a backend that appeared in between counts whole). */
function cpuEntre(antes: Map<number, number>, despues: Map<number, number>): number {
  let total = 0;
  for (const [pid, us] of despues) total += us - (antes.get(pid) ?? 0);
  return total;
}

interface Result {
  name: string;
  rps: number;
  /**
   * Server CPU time per request, in µs. Unlike req/s it hardly moves when something else loads
   * the machine (the load generator shares the two cores), so it is the figure to compare A/B.
   */
  cpuUsPorSolicitud?: number;
  /** CPU time of the bench database's PostgreSQL backends per request, in µs. */
  pgCpuUsPorSolicitud?: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, opts: autocannon.Options): Promise<Result> {
  const pid = pidPorPuerto.get(Number(new URL(String(opts.url)).port));
  const pgAntes = await cpuDeBackends();
  const cpuAntes = cpuMicros(pid);
  const r = await autocannon({ connections: 10, duration: DURATION, ...opts });
  const cpuDespues = cpuMicros(pid);
  const pgDespues = await cpuDeBackends();
  const solicitudes = r.requests.total;
  const res: Result = {
    name,
    rps: Math.round(r.requests.average),
    cpuUsPorSolicitud:
      cpuAntes !== undefined && cpuDespues !== undefined && solicitudes > 0
        ? Math.round((cpuDespues - cpuAntes) / solicitudes)
        : undefined,
    ...(monitor && solicitudes > 0
      ? { pgCpuUsPorSolicitud: Math.round(cpuEntre(pgAntes, pgDespues) / solicitudes) }
      : {}),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
  console.log(
    `  ${name.padEnd(44)} ${String(res.rps).padStart(6)} req/s   CPU ${res.cpuUsPorSolicitud ?? '?'} µs/sol` +
      `${res.pgCpuUsPorSolicitud !== undefined ? ` + PG ${res.pgCpuUsPorSolicitud} µs/sol` : ''}   p50 ${res.p50} ms   p99 ${res.p99} ms   errores ${res.errors}   no-2xx ${res.non2xx}`,
  );
  return res;
}

/** Stops a server and waits for it to end (10 s at most). */
async function detener(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const fin = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([fin, new Promise((r) => setTimeout(r, 10_000).unref())]);
}

/** A path measured in rounds: its key in the results, its printed name, a fresh load each time. */
interface Caso {
  clave: string;
  nombre: string;
  opciones: () => autocannon.Options;
}

interface Estadistica {
  mediana: number;
  min: number;
  max: number;
}

/** A path over the rounds: each figure as median, min and max; its share of the floor per round. */
interface Resumen {
  name: string;
  rps: Estadistica;
  cpuUsPorSolicitud?: Estadistica;
  pgCpuUsPorSolicitud?: Estadistica;
  p50: Estadistica;
  p99: Estadistica;
  errors: number;
  non2xx: number;
  /** req/s of the path / req/s of the floor in the same round. */
  partePiso?: Estadistica;
  /** CPU µs per request of the floor / the server's for the path, in the same round. */
  partePisoCpu?: Estadistica;
  rondas: Result[];
}

function estadistica(valores: number[], decimales = 0): Estadistica {
  const v = [...valores].sort((a, b) => a - b);
  const medio = Math.floor(v.length / 2);
  const mediana = v.length % 2 ? v[medio]! : (v[medio - 1]! + v[medio]!) / 2;
  const f = 10 ** decimales;
  const r = (x: number) => Math.round(x * f) / f;
  return { mediana: r(mediana), min: r(v[0] ?? 0), max: r(v[v.length - 1] ?? 0) };
}

const definidos = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);

/**
 * Warms every path for WARMUP_S (10 connections, as measured), then measures them all ROUNDS times,
 * round after round (the floor first in each), and summarises each path.
 */
async function medirEnRondas(todos: Caso[]): Promise<Record<string, Resumen>> {
  // BENCH_CASOS=create,list: only those paths (the node floor always, for the shares of it).
  const elegidos = process.env.BENCH_CASOS?.split(',');
  const casos = elegidos ? todos.filter((c) => c.clave === 'piso' || elegidos.includes(c.clave)) : todos;
  console.log(`\nCalentamiento: ${WARMUP_S} s por ruta, 10 conexiones`);
  for (const caso of casos) {
    if (WARMUP_S > 0) await autocannon({ connections: 10, duration: WARMUP_S, ...caso.opciones() });
  }
  const rondas = new Map<string, Result[]>(casos.map((c) => [c.clave, []]));
  for (let r = 1; r <= ROUNDS; r++) {
    console.log(`\nRonda ${r} de ${ROUNDS} (${DURATION} s por ruta):`);
    for (const caso of casos) rondas.get(caso.clave)!.push(await measure(caso.nombre, caso.opciones()));
  }
  const piso = rondas.get('piso');
  const out: Record<string, Resumen> = {};
  console.log(`\nResumen: mediana [mín – máx] de ${ROUNDS} rondas; parte del piso = req/s de la ruta / req/s del piso`);
  for (const caso of casos) {
    const rs = rondas.get(caso.clave)!;
    const cpu = definidos(rs.map((x) => x.cpuUsPorSolicitud));
    const pgCpu = definidos(rs.map((x) => x.pgCpuUsPorSolicitud));
    const parte = piso && caso.clave !== 'piso' ? rs.map((x, i) => x.rps / Math.max(1, piso[i]!.rps)) : undefined;
    const parteCpu =
      piso && caso.clave !== 'piso'
        ? definidos(
            rs.map((x, i) =>
              x.cpuUsPorSolicitud ? (piso[i]!.cpuUsPorSolicitud ?? NaN) / x.cpuUsPorSolicitud : undefined,
            ),
          )
        : undefined;
    const res: Resumen = {
      name: caso.nombre,
      rps: estadistica(rs.map((x) => x.rps)),
      ...(cpu.length === rs.length ? { cpuUsPorSolicitud: estadistica(cpu) } : {}),
      ...(pgCpu.length === rs.length && caso.clave !== 'piso' ? { pgCpuUsPorSolicitud: estadistica(pgCpu) } : {}),
      p50: estadistica(rs.map((x) => x.p50)),
      p99: estadistica(rs.map((x) => x.p99)),
      errors: rs.reduce((a, x) => a + x.errors, 0),
      non2xx: rs.reduce((a, x) => a + x.non2xx, 0),
      ...(parte ? { partePiso: estadistica(parte, 3) } : {}),
      ...(parteCpu?.length ? { partePisoCpu: estadistica(parteCpu.filter(Number.isFinite), 3) } : {}),
      rondas: rs,
    };
    out[caso.clave] = res;
    const e = (x: Estadistica | undefined, sufijo = '') => (x ? `${x.mediana}${sufijo} [${x.min} – ${x.max}]` : '?');
    const pct = (x: Estadistica | undefined) =>
      x ? `${(x.mediana * 100).toFixed(1)} % [${(x.min * 100).toFixed(1)} – ${(x.max * 100).toFixed(1)}]` : '—';
    console.log(
      `  ${caso.nombre.padEnd(44)} ${e(res.rps)} req/s   piso ${pct(res.partePiso)}   ` +
        `CPU ${e(res.cpuUsPorSolicitud)} µs/sol` +
        (res.pgCpuUsPorSolicitud ? ` + PG ${e(res.pgCpuUsPorSolicitud)} µs/sol` : '') +
        `   p99 ${e(res.p99, ' ms')}   errores ${res.errors}   no-2xx ${res.non2xx}`,
    );
  }
  return out;
}

/**
 * Issue 37: the uncached list against the SQL floor in the same rounds: req/s of the list / req/s of
 * the floor (target >= 75 %), and each one's Node and PostgreSQL CPU per request.
 */
function compararConPisoSql(piso: Resumen, lista: Resumen) {
  const parte = estadistica(
    lista.rondas.map((x, i) => x.rps / Math.max(1, piso.rondas[i]!.rps)),
    3,
  );
  const e = (x: Estadistica | undefined) => (x ? `${x.mediana} [${x.min} – ${x.max}]` : '?');
  console.log(
    `\n  lista sin caché / piso SQL: mediana ${(parte.mediana * 100).toFixed(1)} % ` +
      `(mín ${(parte.min * 100).toFixed(1)}, máx ${(parte.max * 100).toFixed(1)}; objetivo >= 75 %)\n` +
      `    CPU de Node por pedido: lista ${e(lista.cpuUsPorSolicitud)} µs, piso SQL ${e(piso.cpuUsPorSolicitud)} µs\n` +
      `    CPU de PostgreSQL por pedido: lista ${e(lista.pgCpuUsPorSolicitud)} µs, piso SQL ${e(piso.pgCpuUsPorSolicitud)} µs`,
  );
  return { piso, parte };
}

/**
 * The cluster (issue 30): the cheap call and the list through HAProxy to one instance and to two
 * (bench/cluster.ts), on ports BENCH_CLUSTER_PORT (HAProxy, PORT + 10) and the two after it.
 */
async function medirCluster(): Promise<ResultadoCluster> {
  const proxy = Number(process.env.BENCH_CLUSTER_PORT ?? PORT + 10);
  console.log('\nClúster (issue 30): dos instancias detrás de HAProxy contra una, el mismo HAProxy:');
  return benchCluster({
    dbUrl: dbUrl(),
    duracionS: DURATION,
    rondas: ROUNDS,
    calentamientoS: WARMUP_S,
    puertos: { proxy, instancias: [proxy + 1, proxy + 2] },
  });
}

async function main(): Promise<void> {
  if (ONLY === 'lighthouse') {
    // Its own server on the demo data (PGlite): no bench database needed.
    console.log('\nLighthouse (issue 17), móvil: /login y /home después de ingresar:');
    const lighthouse = await benchLighthouse();
    guardarResultados('results.json', { fecha: new Date().toISOString(), lighthouse });
    return;
  }
  if (ONLY === 'memoria') {
    // Its own server on PGlite, as npm start runs it (bench/memoria.ts): no bench database needed.
    console.log('\nMemoria (issue 18), PGlite con una carpeta de datos nueva:');
    const { benchMemoria } = await import('./memoria.js');
    const memoria = await benchMemoria();
    guardarResultados('memoria.json', { fecha: new Date().toISOString(), memoria });
    return;
  }
  if (ONLY === 'mantenimiento') {
    // Its own database with 10,000 plans (bench/mantenimiento.ts): no bench database or server needed.
    console.log('\nMantenimiento programado (issue 32): una corrida del programador sobre 10.000 planes activos:');
    const mantenimiento = await benchMantenimiento(BASE);
    guardarResultados('mantenimiento.json', { fecha: new Date().toISOString(), mantenimiento });
    return;
  }
  if (ONLY === 'sla') {
    // Its own database with 100,000 open orders and their service levels (bench/sla.ts).
    console.log('\nNiveles de servicio (issue 34): el escaneo de avisos sobre 100.000 órdenes abiertas:');
    const sla = await benchSla(BASE);
    guardarResultados('sla.json', { fecha: new Date().toISOString(), sla });
    return;
  }
  await prepareDatabase();
  if (ONLY === 'cluster') {
    // Its own instances behind HAProxy on the bench database (bench/cluster.ts): no single server.
    const fecha = new Date().toISOString();
    guardarResultados('cluster.json', { fecha, duracionS: DURATION, cluster: await medirCluster() });
    return;
  }
  const { child, peakRssMb, rssMb } = await startServer();
  const url = `http://127.0.0.1:${PORT}`;
  const results: Record<string, unknown> = { fecha: new Date().toISOString(), duracionS: DURATION, conexiones: 10 };
  // The floor and the PostgreSQL monitor exist only for the paths measured in rounds.
  const enRondas =
    incluye('auth') ||
    incluye('orders') ||
    incluye('buscar') ||
    incluye('sql') ||
    incluye('checklists') ||
    incluye('calendario');
  const piso = enRondas ? await startPiso() : undefined;
  let pisoSql: ChildProcess | undefined;
  if (enRondas) {
    monitor = new pg.Client({ connectionString: dbUrl() });
    await monitor.connect();
  }
  let frio: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const demoAuth = { authorization: `supervisor#${md5('Demo1234!')}` };
    // Warm-up
    await autocannon({ url: `${url}/api/v2/plan/estado?tsp=1`, headers: demoAuth, connections: 2, duration: 1 });

    /** The paths measured in rounds, in the order each round runs them; the floor first. */
    const casos: Caso[] = [
      {
        clave: 'piso',
        nombre: 'GET piso node:http (bench/piso.ts)',
        opciones: () => ({ url: `http://127.0.0.1:${PISO_PORT}/` }),
      },
    ];
    if (incluye('auth')) {
      casos.push(
        {
          clave: 'health',
          nombre: 'GET /api/health (sin autenticación)',
          opciones: () => ({ url: `${url}/api/health` }),
        },
        {
          clave: 'plan',
          nombre: 'GET /api/v2/plan/estado (autenticada)',
          opciones: () => ({ url: `${url}/api/v2/plan/estado?tsp=1`, headers: demoAuth }),
        },
      );
    }

    const usuariosLista = cabecerasBench();
    /**
     * Issue 37: the SQL floor (bench/piso-sql.ts) on the bench database, for Empresa Bench 1, and the
     * uncached list server beside it; measured just before the uncached list in each round.
     */
    const casosSql = async (): Promise<Caso[]> => {
      frio ??= await startServer(PORT + 1, { LIST_CACHE_MS: '0' });
      const entidad = (
        await monitor!.query<{ id: number }>(`select id from entidades where nombre = 'Empresa Bench 1'`)
      ).rows[0]!.id;
      pisoSql = await startPiso('piso-sql.ts', PISO_SQL_PORT, {
        PISO_SQL_PORT: String(PISO_SQL_PORT),
        PISO_SQL_DB: dbUrl(),
        PISO_SQL_ENTIDAD: String(entidad),
      });
      return [
        {
          clave: 'pisoSql',
          nombre: 'POST piso SQL node:http + pg (bench/piso-sql.ts)',
          opciones: () => cargaDeLista(`http://127.0.0.1:${PISO_SQL_PORT}`),
        },
        {
          clave: 'listSinCache',
          nombre: '  … sin caché de páginas (LIST_CACHE_MS=0)',
          opciones: () => cargaDeLista(`http://127.0.0.1:${PORT + 1}`, usuariosLista),
        },
      ];
    };
    if (incluye('sql') && !incluye('orders')) casos.push(...(await casosSql()));

    /** What the orders' part needs after the rounds: the creates to check, and its connection. */
    let ordenes: { c: pg.Client; before: number; acked: () => number; ackedIds: number[] } | undefined;
    if (incluye('orders')) {
      const users = cabecerasBench();
      const detailIds: number[] = [];
      const c = new pg.Client({ connectionString: dbUrl() });
      await c.connect();
      // Orders created by an earlier run's create measurement are removed, so that every run
      // measures the seeded data set and not whatever earlier runs left at its newest end.
      const viejas = await c.query(
        `delete from ordenes where titulo like 'Alta de bench %' and entidad_id in (select id from entidades where nombre like 'Empresa Bench %')`,
      );
      if (viejas.rowCount) console.log(`  (${viejas.rowCount} altas de corridas anteriores borradas)`);
      // What every run leaves dead (the creates' orders, events and statistics rows, the quota's
      // updates) is vacuumed first, as autovacuum would on a server: a PostgreSQL with autovacuum off
      // (this machine's) otherwise measures slower creates on every run (1.87 million dead rows of
      // the statistics rollup after a few runs: 588 pages read per create's upsert).
      await c.query('vacuum analyze');
      const ids = await c.query(
        `select o.id, e.id as e from ordenes o join entidades e on e.id = o.entidad_id where e.nombre like 'Empresa Bench %' order by random() limit 2000`,
      );
      const byEntidad = await c.query(`select id from entidades where nombre like 'Empresa Bench %' order by id`);
      const entIds: number[] = byEntidad.rows.map((r: { id: number }) => r.id);
      for (const r of ids.rows as { id: number; e: number }[]) detailIds.push(r.id, r.e);
      const clientesPorEntidad = await c.query(
        `select entidad_id, min(id) as c from clientes where entidad_id = any($1) group by entidad_id`,
        [entIds],
      );
      const clienteDe = new Map<number, number>(
        clientesPorEntidad.rows.map((r: { entidad_id: number; c: number }) => [r.entidad_id, r.c]),
      );
      const headersDe = (entidadId: number) => users[entIds.indexOf(entidadId)] ?? users[0]!;
      // The same load on a second server with the caches of pages and details off: every page and
      // detail read from PostgreSQL.
      frio ??= await startServer(PORT + 1, { LIST_CACHE_MS: '0' });
      let d = 0;
      const detalle = (base: string): autocannon.Options => ({
        url: base,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              const j = (d++ % (detailIds.length / 2)) * 2;
              return { ...req, path: `/api/v3/ordenDTO/${detailIds[j]}?tsp=1`, headers: headersDe(detailIds[j + 1]!) };
            },
          },
        ],
      });
      const before = Number((await c.query(`select count(*)::int as n from ordenes`)).rows[0].n);
      let n = 0;
      let acked = 0;
      const ackedIds: number[] = [];
      // Every create acknowledged (warm-up and rounds) is looked for in the database afterwards.
      const alta = (): autocannon.Options => ({
        url,
        requests: [
          {
            method: 'POST',
            path: '/api/v2/ordenes/save?tsp=1',
            setupRequest: (req) => {
              const i = n++ % 20;
              const e = entIds[i]!;
              return {
                ...req,
                headers: { ...users[i], 'content-type': 'application/json' },
                body: JSON.stringify({ titulo: `Alta de bench ${n}`, detalle: 'Medición', cliente: clienteDe.get(e) }),
              };
            },
            onResponse: (status: number, body: string) => {
              if (status !== 200) return;
              acked++;
              ackedIds.push((JSON.parse(body) as { id: number }).id);
            },
          },
        ],
      });
      casos.push(
        {
          clave: 'list',
          nombre: 'POST /api/v4/ordenes/all/filtered (25 filas)',
          opciones: () => cargaDeLista(url, usuariosLista),
        },
        ...(await casosSql()),
        { clave: 'detail', nombre: 'GET /api/v3/ordenDTO/{id}', opciones: () => detalle(url) },
        {
          clave: 'detailSinCache',
          nombre: '  … sin caché de detalles (LIST_CACHE_MS=0)',
          opciones: () => detalle(`http://127.0.0.1:${PORT + 1}`),
        },
        { clave: 'create', nombre: 'POST /api/v2/ordenes/save (alta)', opciones: alta },
      );
      ordenes = { c, before, acked: () => acked, ackedIds };
    }

    if (incluye('buscar')) {
      // Issue 36: searches of two words typed without accents, in another order than the title's,
      // on the server without page cache (each one planned and read in PostgreSQL): two that match
      // about 1 order in 15 (≈330 of a company's 5,000), one whose words are never together and one
      // with a word that no order holds.
      frio ??= await startServer(PORT + 1, { LIST_CACHE_MS: '0' });
      const BUSQUEDAS = ['electrico tablero', 'agua tanque', 'tanque electrico', 'piscina agua'];
      const usuarios = cabecerasBench();
      const buscar = (): autocannon.Options => {
        let k = 0;
        return {
          url: `http://127.0.0.1:${PORT + 1}`,
          requests: [
            {
              method: 'POST',
              path: '/api/v4/ordenes/all/filtered?tsp=1',
              setupRequest: (req) => {
                const i = k++;
                return {
                  ...req,
                  headers: { ...usuarios[i % 20], 'content-type': 'application/json' },
                  body: JSON.stringify({ buscar: BUSQUEDAS[Math.floor(i / 20) % BUSQUEDAS.length], porPagina: 25 }),
                };
              },
            },
          ],
        };
      };
      casos.push({ clave: 'buscar', nombre: 'POST …/filtered 2 palabras sin acentos, sin caché', opciones: buscar });
    }

    if (incluye('checklists')) {
      frio ??= await startServer(PORT + 1, { LIST_CACHE_MS: '0' });
      casos.push(...(await casosChecklists(url, `http://127.0.0.1:${PORT + 1}`, dbUrl())));
    }

    if (incluye('calendario')) {
      frio ??= await startServer(PORT + 1, { LIST_CACHE_MS: '0' });
      casos.push(...(await casosCalendario(url, `http://127.0.0.1:${PORT + 1}`, dbUrl())));
    }

    if (enRondas) {
      const medidos = await medirEnRondas(casos);
      if (medidos.calMes1) {
        console.log(
          `\n  calendario, mes de 2.000 órdenes: p99 ${medidos.calMes1.p99.mediana} ms con 1 conexión ` +
            `(sin caché ${medidos.calMesFrio?.p99.mediana} ms; objetivo < 100 ms)`,
        );
        results.calendario = {
          mes1: medidos.calMes1,
          mes10: medidos.calMes10,
          mesFrio: medidos.calMesFrio,
          operario: medidos.calOperario,
        };
        await borrarCalendario(dbUrl());
      }
      if (medidos.ckDetalleSin && medidos.ckDetalle100) {
        const ratio = estadistica(
          medidos.ckDetalle100.rondas.map((x, i) => x.rps / Math.max(1, medidos.ckDetalleSin!.rondas[i]!.rps)),
          3,
        );
        console.log(
          `\n  detalle con 100 ítems / sin checklist: mediana ${(ratio.mediana * 100).toFixed(1)} % ` +
            `(mín ${(ratio.min * 100).toFixed(1)}, máx ${(ratio.max * 100).toFixed(1)}; objetivo >= 75 %)`,
        );
        results.checklists = {
          detalleSin: medidos.ckDetalleSin,
          detalle100: medidos.ckDetalle100,
          checklist100: medidos.ckChecklist100,
          responder: medidos.ckResponder,
          ratio,
        };
      }
      results.piso = medidos.piso;
      results.rondas = ROUNDS;
      results.calentamientoS = WARMUP_S;
      if (medidos.health && medidos.plan) {
        const ratio = estadistica(
          medidos.plan.rondas.map((p, i) => p.rps / Math.max(1, medidos.health!.rondas[i]!.rps)),
          3,
        );
        console.log(
          `\n  relación autenticada / sin autenticación: mediana ${(ratio.mediana * 100).toFixed(1)} % ` +
            `(mín ${(ratio.min * 100).toFixed(1)}, máx ${(ratio.max * 100).toFixed(1)}; objetivo >= 90 %)`,
        );
        results.auth = { health: medidos.health, plan: medidos.plan, ratio };
      }
      if (medidos.buscar) results.buscar = medidos.buscar;
      if (medidos.pisoSql && medidos.listSinCache)
        results.pisoSql = compararConPisoSql(medidos.pisoSql, medidos.listSinCache);
      if (ordenes) {
        const { c, before, ackedIds } = ordenes;
        const acked = ordenes.acked();
        const after = Number((await c.query(`select count(*)::int as n from ordenes`)).rows[0].n);
        const present = Number(
          (await c.query(`select count(*)::int as n from ordenes where id = any($1)`, [ackedIds])).rows[0].n,
        );
        // The measured creates are removed again: the next run starts from the same data set.
        await c.query(`delete from ordenes where id = any($1)`, [ackedIds]);
        await c.query(
          `delete from ordenes where titulo like 'Alta de bench %' and entidad_id in (select id from entidades where nombre like 'Empresa Bench %')`,
        );
        await c.query('vacuum analyze ordenes');
        await c.end();
        console.log(
          `  altas confirmadas (calentamiento y rondas): ${acked}; de ellas presentes en la base: ${present} ` +
            `(${present === acked ? 'ninguna perdida' : 'FALTAN ' + (acked - present)}); filas nuevas: ${after - before}`,
        );
        results.orders = {
          list: medidos.list,
          listSinCache: medidos.listSinCache,
          detail: medidos.detail,
          detailSinCache: medidos.detailSinCache,
          create: medidos.create,
          acked,
          present,
          stored: after - before,
        };
        if (present !== acked) process.exitCode = 1;
      }
    }
    if (!ONLY || ONLY === 'live') {
      const conexiones = Number(process.env.BENCH_LIVE_CONNECTIONS ?? 10_000);
      const eventos = Number(process.env.BENCH_LIVE_EVENTS ?? 30);
      console.log(
        `\nCanal en vivo (issues 6 y 18): ${conexiones.toLocaleString('es-AR')} conexiones STOMP de una empresa en /entidad/{id}, ` +
          `${eventos} altas, cada una repartida a todas antes de la siguiente:`,
      );
      const c = new pg.Client({ connectionString: dbUrl() });
      await c.connect();
      const e = (
        await c.query(
          `select e.id, (select min(id) from clientes where entidad_id = e.id) as cliente from entidades e where nombre = 'Empresa Bench 1'`,
        )
      ).rows[0] as { id: number; cliente: number };
      const opciones = {
        connections: conexiones,
        events: eventos,
        processes: Number(process.env.BENCH_LIVE_PROCESSES ?? 4),
        ids: process.env.BENCH_LIVE_IDS === 'unique' ? ('unique' as const) : ('stompjs' as const),
        cpuOf: cpuMicros,
      };
      const mostrar = (nombre: string, r: LiveBenchResult) =>
        console.log(
          `  ${nombre}: entregados ${r.delivered}/${r.expected} (${r.clientProcesses} procesos cliente, ids ${r.subscriptionIds})   ` +
            `p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms   máx ${r.maxMs} ms\n` +
            `    último socket de cada alta: mediana ${r.lastArrivalMedianMs} ms, peor ${r.lastArrivalMaxMs} ms; ` +
            `respuesta del alta ${r.createMedianMs} ms; health más lenta durante el reparto ${r.healthMaxMs} ms; ` +
            `CPU del servidor ${r.cpuUsPerMessage ?? '?'} µs por MESSAGE\n` +
            `    memoria del servidor: ${r.rssBeforeMb} MB -> ${r.rssAfterMb} MB = ${r.kbPerConnection} KB por conexión; ` +
            `al final ${r.rssEndMb} MB` +
            (r.problems.length ? `\n    PROBLEMAS: ${r.problems.join(' | ')}` : ''),
        );
      try {
        // The floor first: a bare ws server with the same clients, on this machine, now.
        const piso = await benchLiveFloor(opciones);
        mostrar('piso (ws pelado)', piso);
        const live = await benchLive({
          ...opciones,
          port: PORT,
          pid: pidPorPuerto.get(PORT),
          usuario: 'bench1',
          password: PASSWORD_BENCH,
          entidadId: e.id,
          clienteId: e.cliente,
          rssMb,
        });
        mostrar('Delego', live);
        console.log(
          `  Delego: p99 ${live.p99Ms} ms (objetivo <= 100 ms; el piso ${piso.p99Ms} ms), ` +
            `${live.kbPerConnection} KB por conexión (objetivo <= 15 KB), ` +
            `CPU ${((live.cpuUsPerMessage ?? NaN) / (piso.cpuUsPerMessage ?? NaN)).toFixed(2)} veces la del piso por MESSAGE`,
        );
        results.live = { ...live, piso };
      } finally {
        // The bench's orders are removed again: the next run starts from the same data set.
        await c.query(`delete from ordenes where titulo like 'Evento en vivo %' and entidad_id = $1`, [e.id]);
        await c.end();
      }
    }
    if (!ONLY || ONLY === 'files') {
      console.log('\nArchivos (issue 5): Excel de 100.000 órdenes de una empresa y ZIP de 1 GB:');
      const files = await benchFiles({
        url,
        dbUrl: dbUrl(),
        dataDir: BENCH_DATA,
        outDir: path.join(REPO_ROOT, '.bench'),
        rssMb,
      });
      const e = files.export;
      const z = files.zip;
      console.log(
        `  Excel: ${e.rowsRead.toLocaleString('es-AR')} filas (de ${e.rows.toLocaleString('es-AR')}), ${(e.bytes / 1024 / 1024).toFixed(1)} MB en ${e.seconds} s ` +
          `(${e.rowsPerSecond.toLocaleString('es-AR')} filas/s); RSS ${e.rssBeforeMb} -> pico ${e.peakRssMb} MB (objetivo < 300 MB)\n` +
          `  ZIP: ${z.entries} archivos, ${(z.zipBytes / 1024 / 1024).toFixed(0)} MB en ${z.seconds} s (${z.mbPerSecond} MB/s); ` +
          `RSS ${z.rssBeforeMb} -> pico ${z.peakRssMb} MB (objetivo < 300 MB)`,
      );
      results.files = files;
    }
    if (!ONLY || ONLY === 'estadisticas') {
      console.log('\nEstadísticas (issue 14): una empresa con 1.000.000 de órdenes:');
      results.estadisticas = await benchEstadisticas({
        url,
        dbUrl: dbUrl(),
        outDir: path.join(REPO_ROOT, '.bench'),
        rssMb,
        duracionS: DURATION,
      });
    }
    if (!ONLY) {
      console.log('\nMantenimiento programado (issue 32): una corrida del programador sobre 10.000 planes activos:');
      results.mantenimiento = await benchMantenimiento(BASE);
    }
    if (!ONLY) {
      console.log('\nNiveles de servicio (issue 34): el escaneo de avisos sobre 100.000 órdenes abiertas:');
      results.sla = await benchSla(BASE);
    }
    if (!ONLY) results.cluster = await medirCluster();
    if (!ONLY) {
      console.log('\nLighthouse (issue 17), móvil: /login y /home después de ingresar:');
      results.lighthouse = await benchLighthouse();
    }
    results.peakRssMb = Math.round(peakRssMb());
    console.log(`\nMemoria pico del servidor (RSS): ${results.peakRssMb} MB`);
  } finally {
    await monitor?.end().catch(() => undefined);
    monitor = undefined;
    piso?.kill('SIGTERM');
    pisoSql?.kill('SIGTERM');
    // Each server is waited for: with BENCH_NODE_ARGS=--cpu-prof its profile is written as it stops.
    await Promise.all([detener(child), frio ? detener(frio.child) : undefined]);
  }
  guardarResultados('results.json', results);
}

/** Writes a run's results as JSON into `.bench/<archivo>` at the repository's root. */
function guardarResultados(archivo: string, resultados: unknown): void {
  fs.mkdirSync(path.join(REPO_ROOT, '.bench'), { recursive: true });
  fs.writeFileSync(path.join(REPO_ROOT, '.bench', archivo), JSON.stringify(resultados, null, 2));
}

main().then(
  // 0 unless a check failed (an acknowledged create missing): process.exitCode.
  () => process.exit(),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
