/**
 * The cluster's bench (issue 30, item 7; BENCH_ONLY=cluster): the cheap authenticated call and the
 * order list through HAProxy, first with one instance in the balance and then with two (the same
 * HAProxy and configuration as `npm run cluster`; the second instance is taken out and put back
 * through HAProxy's stats socket), in interleaved rounds; the ratio two / one of each path's req/s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { iniciarCluster } from '../scripts/cluster/cluster.js';
import { md5 } from '../src/seed/factories.js';
import { cargaDeLista } from './filtros-lista.js';
import { cabecerasBench } from './seed-bench.js';

interface Medida {
  rps: number;
  p50: number;
  p99: number;
  errores: number;
  no2xx: number;
}

export interface ResultadoCluster {
  conexiones: number;
  duracionS: number;
  rondas: number;
  cargaAntes: number[];
  /** Per path: req/s with one instance and with two, per round, and the ratio's median. */
  rutas: Record<string, { una: Medida[]; dos: Medida[]; relacion: number }>;
}

const mediana = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? (v[m] as number) : ((v[m - 1] as number) + (v[m] as number)) / 2;
};

export async function benchCluster(o: {
  dbUrl: string;
  duracionS: number;
  rondas: number;
  calentamientoS: number;
  puertos: { proxy: number; instancias: number[] };
}): Promise<ResultadoCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-bench-cluster-'));
  const cluster = await iniciarCluster({
    databaseUrl: o.dbUrl,
    dir,
    puerto: o.puertos.proxy,
    puertosInstancias: o.puertos.instancias,
    // As the single-instance bench runs it (run.ts): no per-address cap (every connection comes from HAProxy anyway).
    env: { LOG_LEVEL: 'warn', SEED_DEMO: 'false', MAX_CONNECTIONS_PER_ADDRESS: '0' },
    salida: 'memoria',
  });
  const conexiones = 10;
  const usuarios = cabecerasBench();
  const casos: Record<string, () => autocannon.Options> = {
    'GET /api/v2/plan/estado (autenticada)': () => ({
      url: `${cluster.url}/api/v2/plan/estado?tsp=1`,
      headers: { authorization: `supervisor#${md5('Demo1234!')}` },
    }),
    'POST /api/v4/ordenes/all/filtered (25 filas)': () => cargaDeLista(cluster.url, usuarios),
  };
  const medir = async (opciones: autocannon.Options, duracion: number): Promise<Medida> => {
    const r = await autocannon({ connections: conexiones, duration: duracion, ...opciones });
    return {
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errores: r.errors,
      no2xx: r.non2xx,
    };
  };
  const conUna = async () => {
    await cluster.comandoProxy('disable server instancias/b');
    await cluster.esperarEstado('b', 'MAINT');
  };
  const conDos = async () => {
    await cluster.comandoProxy('enable server instancias/b');
    await cluster.esperarEstado('b', 'UP');
  };
  const rutas: ResultadoCluster['rutas'] = {};
  const cargaAntes = os.loadavg().map((x) => Math.round(x * 100) / 100);
  try {
    console.log(`  carga de la máquina al empezar: ${cargaAntes.join(', ')} (${os.cpus().length} núcleos)`);
    for (const [nombre, caso] of Object.entries(casos)) {
      rutas[nombre] = { una: [], dos: [], relacion: 0 };
      if (o.calentamientoS > 0) await medir(caso(), o.calentamientoS);
    }
    for (let r = 1; r <= o.rondas; r++) {
      console.log(`  Ronda ${r} de ${o.rondas} (${o.duracionS} s por ruta y reparto):`);
      for (const [etapa, preparar] of [
        ['una', conUna],
        ['dos', conDos],
      ] as const) {
        await preparar();
        for (const [nombre, caso] of Object.entries(casos)) {
          const m = await medir(caso(), o.duracionS);
          rutas[nombre]?.[etapa].push(m);
          console.log(
            `    ${etapa === 'una' ? 'una instancia' : 'dos instancias'}  ${nombre.padEnd(46)} ${String(m.rps).padStart(6)} req/s` +
              `   p50 ${m.p50} ms   p99 ${m.p99} ms   errores ${m.errores}   no-2xx ${m.no2xx}`,
          );
        }
      }
    }
    console.log('\n  Resumen (mediana de las rondas; relación = req/s con dos / req/s con una, por ronda):');
    for (const [nombre, x] of Object.entries(rutas)) {
      x.relacion = Math.round(mediana(x.dos.map((d, i) => d.rps / Math.max(1, x.una[i]?.rps ?? 1))) * 100) / 100;
      console.log(
        `    ${nombre.padEnd(46)} una ${mediana(x.una.map((m) => m.rps))} req/s   dos ${mediana(x.dos.map((m) => m.rps))} req/s   ` +
          `relación ${x.relacion.toFixed(2)}`,
      );
    }
    return { conexiones, duracionS: o.duracionS, rondas: o.rondas, cargaAntes, rutas };
  } finally {
    await cluster.detener();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
