/**
 * npm run bench: starts the built server on PostgreSQL and measures it with autocannon.
 *   1. auth: an authenticated cheap call (/api/v2/plan/estado) against the unauthenticated health route;
 *   2. orders: filtered list (25 rows), detail and create, on 100,000 orders over 20 companies.
 *   files (bench/files.ts): Excel export of 100,000 orders of one company and a ZIP of 1 GB of files.
 *   estadisticas (bench/estadisticas.ts): charts, dashboard and delay export on 1,000,000 orders.
 *   lighthouse (bench/lighthouse.ts): mobile performance and accessibility of /login and /home.
 * Results are printed and written to .bench/results.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { REPO_ROOT } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedDemo } from '../src/seed/demo.js';
import { md5 } from '../src/seed/factories.js';
import { seedBench } from './seed-bench.js';
import { benchLive } from './live.js';
import { benchFiles } from './files.js';
import { benchEstadisticas } from './estadisticas.js';
import { benchLighthouse } from './lighthouse.js';

const BASE =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 8091);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_ONLY;
/** The statistics bench alone has its own database: it needs neither the 20 companies nor their seeding time. */
const DB_NAME = ONLY === 'estadisticas' ? 'delego_bench_estadisticas' : 'delego_bench';
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
  const child = spawn(process.execPath, [main], {
    // The live bench opens 2,000 sockets from 127.0.0.1: lift the per-address connection cap.
    env: {
      ...process.env,
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

interface Result {
  name: string;
  rps: number;
  /**
   * Server CPU time per request, in µs. Unlike req/s it hardly moves when something else loads
   * the machine (the load generator shares the two cores), so it is the figure to compare A/B.
   */
  cpuUsPorSolicitud?: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, opts: autocannon.Options): Promise<Result> {
  const pid = pidPorPuerto.get(Number(new URL(String(opts.url)).port));
  const cpuAntes = cpuMicros(pid);
  const r = await autocannon({ connections: 10, duration: DURATION, ...opts });
  const cpuDespues = cpuMicros(pid);
  const solicitudes = r.requests.total;
  const res: Result = {
    name,
    rps: Math.round(r.requests.average),
    cpuUsPorSolicitud:
      cpuAntes !== undefined && cpuDespues !== undefined && solicitudes > 0
        ? Math.round((cpuDespues - cpuAntes) / solicitudes)
        : undefined,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
  console.log(
    `  ${name.padEnd(44)} ${String(res.rps).padStart(6)} req/s   CPU ${res.cpuUsPorSolicitud ?? '?'} µs/sol   p50 ${res.p50} ms   p99 ${res.p99} ms   errores ${res.errors}   no-2xx ${res.non2xx}`,
  );
  return res;
}

async function main(): Promise<void> {
  if (ONLY === 'lighthouse') {
    // Its own server on the demo data (PGlite): no bench database needed.
    console.log('\nLighthouse (issue 17), móvil: /login y /home después de ingresar:');
    const lighthouse = await benchLighthouse();
    fs.mkdirSync(path.join(REPO_ROOT, '.bench'), { recursive: true });
    fs.writeFileSync(
      path.join(REPO_ROOT, '.bench', 'results.json'),
      JSON.stringify({ fecha: new Date().toISOString(), lighthouse }, null, 2),
    );
    return;
  }
  await prepareDatabase();
  const { child, peakRssMb, rssMb } = await startServer();
  const url = `http://127.0.0.1:${PORT}`;
  const results: Record<string, unknown> = { fecha: new Date().toISOString(), duracionS: DURATION, conexiones: 10 };
  try {
    const demoAuth = { authorization: `supervisor#${md5('Demo1234!')}` };
    // Warm-up
    await autocannon({ url: `${url}/api/v2/plan/estado?tsp=1`, headers: demoAuth, connections: 2, duration: 1 });

    if (!ONLY || ONLY === 'auth') {
      console.log('\nAutenticación (issue 2):');
      const health = await measure('GET /api/health (sin autenticación)', { url: `${url}/api/health` });
      const plan = await measure('GET /api/v2/plan/estado (autenticada)', {
        url: `${url}/api/v2/plan/estado?tsp=1`,
        headers: demoAuth,
      });
      const ratio = plan.rps / health.rps;
      console.log(`  relación autenticada / sin autenticación: ${(ratio * 100).toFixed(1)} % (objetivo >= 70 %)`);
      results.auth = { health, plan, ratio };
    }

    if (!ONLY || ONLY === 'orders') {
      console.log('\nÓrdenes (issue 3), 100.000 órdenes en 20 empresas:');
      const users = Array.from({ length: 20 }, (_, i) => ({ authorization: `bench${i + 1}#${md5('Bench1234!')}` }));
      const detailIds: number[] = [];
      const c = new pg.Client({ connectionString: dbUrl() });
      await c.connect();
      // Orders created by an earlier run's create measurement are removed, so that every run
      // measures the seeded data set and not whatever earlier runs left at its newest end.
      const viejas = await c.query(
        `delete from ordenes where titulo like 'Alta de bench %' and entidad_id in (select id from entidades where nombre like 'Empresa Bench %')`,
      );
      if (viejas.rowCount) {
        await c.query('vacuum analyze ordenes');
        await c.query('vacuum analyze orden_eventos');
        await c.query('vacuum analyze orden_responsables');
        console.log(`  (${viejas.rowCount} altas de corridas anteriores borradas)`);
      }
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
      const FILTROS = [
        { estados: [1, 2, 3], porPagina: 25 },
        { estados: [1, 2, 3], orden: 'vencimiento', porPagina: 25 },
        { buscar: 'aire', porPagina: 25 },
        { porPagina: 25, pagina: 3 },
      ];
      const listar = (base: string, name: string) => {
        let k = 0;
        return measure(name, {
          url: base,
          requests: [
            {
              method: 'POST',
              path: '/api/v4/ordenes/all/filtered?tsp=1',
              setupRequest: (req) => {
                const i = k++ % 20;
                return {
                  ...req,
                  headers: { ...users[i], 'content-type': 'application/json' },
                  body: JSON.stringify(FILTROS[k % 4]),
                };
              },
            },
          ],
        });
      };
      const list = await listar(url, 'POST /api/v4/ordenes/all/filtered (25 filas)');
      // The same load on a second server with the page cache off: every page read from PostgreSQL.
      const frio = await startServer(PORT + 1, { LIST_CACHE_MS: '0' });
      let listSinCache: Result;
      try {
        await autocannon({ url: `http://127.0.0.1:${PORT + 1}/api/health`, connections: 2, duration: 1 });
        listSinCache = await listar(`http://127.0.0.1:${PORT + 1}`, '  … sin caché de páginas (LIST_CACHE_MS=0)');
      } finally {
        frio.child.kill('SIGTERM');
      }
      let d = 0;
      const detail = await measure('GET /api/v3/ordenDTO/{id}', {
        url,
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
      const create = await measure('POST /api/v2/ordenes/save (alta)', {
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
        `  altas confirmadas: ${acked}; de ellas presentes en la base: ${present} ` +
          `(${present === acked ? 'ninguna perdida' : 'FALTAN ' + (acked - present)}); filas nuevas: ${after - before}`,
      );
      results.orders = { list, listSinCache, detail, create, acked, present, stored: after - before };
    }
    if (!ONLY || ONLY === 'live') {
      console.log('\nCanal en vivo (issue 6): 2.000 conexiones STOMP de una empresa en /entidad/{id}, 100 eventos:');
      const c = new pg.Client({ connectionString: dbUrl() });
      await c.connect();
      const e = (
        await c.query(
          `select e.id, (select min(id) from clientes where entidad_id = e.id) as cliente from entidades e where nombre = 'Empresa Bench 1'`,
        )
      ).rows[0] as { id: number; cliente: number };
      await c.end();
      const live = await benchLive({
        port: PORT,
        usuario: 'bench1',
        password: 'Bench1234!',
        entidadId: e.id,
        clienteId: e.cliente,
        connections: Number(process.env.BENCH_LIVE_CONNECTIONS ?? 2000),
        events: 100,
        rssMb,
      });
      console.log(
        `  entregados ${live.delivered}/${live.expected}   p50 ${live.p50Ms} ms   p99 ${live.p99Ms} ms   máx ${live.maxMs} ms\n` +
          `  memoria del servidor: ${live.rssBeforeMb} MB -> ${live.rssAfterMb} MB = ${live.kbPerConnection} KB por conexión (objetivo < 50 KB, p99 < 250 ms)`,
      );
      results.live = live;
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
      console.log('\nLighthouse (issue 17), móvil: /login y /home después de ingresar:');
      results.lighthouse = await benchLighthouse();
    }
    results.peakRssMb = Math.round(peakRssMb());
    console.log(`\nMemoria pico del servidor (RSS): ${results.peakRssMb} MB`);
  } finally {
    child.kill('SIGTERM');
  }
  fs.mkdirSync(path.join(REPO_ROOT, '.bench'), { recursive: true });
  fs.writeFileSync(path.join(REPO_ROOT, '.bench', 'results.json'), JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
