/**
 * BENCH_ONLY=memoria (issue 18): the memory of the server as `npm start` runs it, on PGlite with a
 * fresh data folder (migrated and seeded with the demo on start), with the same Node flags and
 * allocator settings (src/proceso.ts). Measures, after the start settles and after a full GC:
 * RSS and process.memoryUsage() (heap, external, arrayBuffers: PGlite's WASM heap is external);
 * then the same under a short load of the order list, with its peak RSS and CPU per request.
 * The server answers the measurements through an IPC channel opened by a preloaded module.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../src/config.js';
import { ENTORNO_NODE, NODE_FLAGS } from '../src/proceso.js';
import { md5 } from '../src/seed/factories.js';

const PORT = Number(process.env.BENCH_MEMORIA_PORT ?? 8095);
/** Seconds of load; 0 measures only the idle server. */
const CARGA_S = Number(process.env.BENCH_MEMORIA_CARGA_S ?? 5);
/** How long the started server is left alone before the idle measurement. */
const QUIETO_MS = Number(process.env.BENCH_MEMORIA_QUIETO_MS ?? 5000);

/**
 * Preloaded into the server: on a message `memoria` it runs a full GC (twice, with a turn of the
 * event loop between them) and answers memoryUsage(); the channel does not keep the process alive.
 */
const SONDA = `
import v8 from 'node:v8';
import vm from 'node:vm';
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
process.on('message', (m) => {
  if (m !== 'memoria') return;
  gc();
  setImmediate(() => {
    gc();
    process.send({ memoria: process.memoryUsage() });
  });
});
process.channel?.unref();
`;

type Uso = Record<'rss' | 'heapTotal' | 'heapUsed' | 'external' | 'arrayBuffers', number>;

export interface Medida {
  /** RSS before the forced GC, MB. */
  rssMb: number;
  /** process.memoryUsage() after a full GC, MB. */
  trasGcMb: Uso;
}

export interface ResultadoMemoria {
  flags: string[];
  entorno: Record<string, string>;
  arranqueS: number;
  /** The peak RSS of the start (migration and demo seeding included), MB. */
  picoArranqueMb: number;
  quieto: Medida;
  carga?: Medida & {
    segundos: number;
    rps: number;
    cpuUsPorSolicitud: number | undefined;
    picoMb: number;
    non2xx: number;
  };
}

const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

function estado(pid: number, campo: 'VmRSS' | 'VmHWM'): number {
  try {
    const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(new RegExp(`${campo}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) / 102.4) / 10;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) of a process so far, µs; undefined off Linux. */
function cpuMicros(pid: number): number | undefined {
  try {
    const campos = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(campos[11]) + Number(campos[12]);
    return Number.isFinite(ticks) ? ticks * 10_000 : undefined;
  } catch {
    return undefined;
  }
}

function medir(child: ChildProcess): Promise<Medida> {
  const rssMb = estado(child.pid!, 'VmRSS');
  return new Promise((resolve, reject) => {
    const alResponder = (m: { memoria?: NodeJS.MemoryUsage }) => {
      if (!m.memoria) return;
      child.off('message', alResponder);
      const u = m.memoria;
      resolve({
        rssMb,
        trasGcMb: {
          rss: mb(u.rss),
          heapTotal: mb(u.heapTotal),
          heapUsed: mb(u.heapUsed),
          external: mb(u.external),
          arrayBuffers: mb(u.arrayBuffers),
        },
      });
    };
    child.on('message', alResponder);
    child.send('memoria', (err) => {
      if (err) reject(err);
    });
  });
}

export async function benchMemoria(): Promise<ResultadoMemoria> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-memoria-'));
  const sonda = `data:text/javascript,${encodeURIComponent(SONDA)}`;
  const main = process.env.BENCH_SERVER ?? path.join(REPO_ROOT, 'apps/server/dist/main.js');
  const inicio = Date.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', sonda, main], {
    env: {
      ...ENTORNO_NODE,
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`El servidor terminó al arrancar (código ${child.exitCode})`);
      if (i > 600) throw new Error('El servidor no arrancó en 120 s');
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const arranqueS = Math.round((Date.now() - inicio) / 100) / 10;
    await new Promise((r) => setTimeout(r, QUIETO_MS));
    const pid = child.pid!;
    const resultado: ResultadoMemoria = {
      flags: [...NODE_FLAGS],
      entorno: { ...ENTORNO_NODE },
      arranqueS,
      picoArranqueMb: estado(pid, 'VmHWM'),
      quieto: await medir(child),
    };
    const q = resultado.quieto;
    console.log(
      `  arranque con la demo en ${arranqueS} s, RSS pico ${resultado.picoArranqueMb} MB\n` +
        `  quieto: RSS ${q.rssMb} MB; tras GC ${q.trasGcMb.rss} MB = heap ${q.trasGcMb.heapTotal} (usado ${q.trasGcMb.heapUsed}) ` +
        `+ external ${q.trasGcMb.external} (arrayBuffers ${q.trasGcMb.arrayBuffers}) + el resto (código, pilas, malloc) (objetivo <= 250 MB)`,
    );

    if (CARGA_S > 0) {
      const auth = { authorization: `supervisor#${md5('Demo1234!')}`, 'content-type': 'application/json' };
      const filtros = [
        { estados: [1, 2, 3], porPagina: 25 },
        { buscar: 'aire', porPagina: 25 },
        { porPagina: 25, pagina: 2 },
      ];
      let pico = 0;
      const muestreo = setInterval(() => {
        pico = Math.max(pico, estado(pid, 'VmRSS'));
      }, 100);
      const cpuAntes = cpuMicros(pid);
      let k = 0;
      const r = await autocannon({
        url,
        connections: 10,
        duration: CARGA_S,
        requests: [
          {
            method: 'POST',
            path: '/api/v4/ordenes/all/filtered?tsp=1',
            setupRequest: (req) => ({ ...req, headers: auth, body: JSON.stringify(filtros[k++ % filtros.length]) }),
          },
        ],
      });
      const cpuDespues = cpuMicros(pid);
      clearInterval(muestreo);
      const m = await medir(child);
      resultado.carga = {
        ...m,
        segundos: CARGA_S,
        rps: Math.round(r.requests.average),
        cpuUsPorSolicitud:
          cpuAntes !== undefined && cpuDespues !== undefined && r.requests.total > 0
            ? Math.round((cpuDespues - cpuAntes) / r.requests.total)
            : undefined,
        picoMb: Math.max(pico, m.rssMb),
        non2xx: r.non2xx,
      };
      const c = resultado.carga;
      console.log(
        `  bajo carga (lista de órdenes, ${CARGA_S} s, 10 conexiones): ${c.rps} req/s, CPU ${c.cpuUsPorSolicitud ?? '?'} µs/sol, ` +
          `no-2xx ${c.non2xx}; RSS pico ${c.picoMb} MB, al terminar ${c.rssMb} MB; tras GC ${c.trasGcMb.rss} MB ` +
          `(heap ${c.trasGcMb.heapTotal}, usado ${c.trasGcMb.heapUsed}, external ${c.trasGcMb.external})`,
      );
    }
    return resultado;
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
