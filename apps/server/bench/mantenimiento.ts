/**
 * The maintenance scheduler's bench (issue 32, point 7: a run over 10,000 active plans under 5 s).
 * On a database of its own (created and dropped here), 10,000 active plans over 10 companies with
 * the four kinds of rule, their due days spread over the week and the month, and the scheduler run
 * (`ejecutar`, the tick pg-boss runs each minute) timed on two days and once with nothing due.
 * BENCH_MANT_TODOS=1 makes every plan daily: the worst case, one order per plan in one run. Runs alone with `npx tsx apps/server/bench/mantenimiento.ts`, and inside
 * `npm run bench` (BENCH_ONLY=mantenimiento for this part only).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { fechasDeRegla, sumarDias, type ReglaRecurrencia } from '@delego/contract';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/kernel/db/client.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { makeClientes, makeEntidad, makeUsuario } from '../src/seed/factories.js';
import { makeMantenimientos } from '../src/seed/mantenimiento.js';
import { TestClock } from '../test/helpers.js';

/**
 * A run: `ms` is `ejecutar()` itself; `conReacciones` goes on until what the new orders' events set
 * off in other modules (each order's checklist, the responsables' notifications), which runs beside
 * the run on the same pool, is done too.
 */
interface Corrida {
  ms: number;
  conReacciones: number;
  creadas: number;
}

export interface ResultadoMantenimiento {
  planes: number;
  /** A usual day: every plan is read, the ones due today (their days spread over the month) create their order. */
  diaTipico: Corrida;
  /** The next day, same thing. */
  diaSiguiente: Corrida;
  /** A run with nothing due (each minute's usual case). */
  vacio: { ms: number };
}

const PLANES = Number(process.env.BENCH_MANT_PLANES ?? 10_000);
const EMPRESAS = 10;
const HOY = '2026-06-10';
/** BENCH_MANT_TODOS=1: every plan due today (the worst case: one order per plan in one run). */
const TODOS = process.env.BENCH_MANT_TODOS === '1';

/** Rule `i`: a quarter of each kind, their due days spread over the week or the month. */
function regla(i: number): ReglaRecurrencia {
  if (TODOS) return { tipo: 'dias', cada: 1 };
  const k = Math.floor(i / 4);
  switch (i % 4) {
    case 0:
      return { tipo: 'semanas', cada: 1, diasSemana: [(k % 7) + 1] };
    case 1:
      return { tipo: 'meses', cada: 1, dia: (k % 28) + 1 };
    case 2:
      return { tipo: 'dias', cada: 14 };
    default:
      return { tipo: 'tras_finalizar', dias: 30 };
  }
}

/** Plan `i` started on one of the 30 days before HOY (the every-14-days and after-finished ones fall on different days). */
const inicio = (i: number) => sumarDias('2026-05-11', Math.floor(i / 4) % 30);

export async function benchMantenimiento(base: string): Promise<ResultadoMantenimiento> {
  const nombre = `delego_bench_mant_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${nombre} with (force)`);
  await admin.query(`create database ${nombre}`);
  const u = new URL(base);
  u.pathname = `/${nombre}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  try {
    await database.migrate();
    await seedCatalogo(database.db);
    const clock = new TestClock(new Date(`${HOY}T15:00:00Z`));
    const porEmpresa = PLANES / EMPRESAS;
    for (let e = 0; e < EMPRESAS; e++) {
      const entidadId = await makeEntidad(database.db, {
        nombre: `Mantenimiento ${e + 1}`,
        plan: 'Ilimitado',
        now: clock.now(),
      });
      const [clienteId] = (await makeClientes(database.db, entidadId, [{ nombre: 'Planta' }])) as [number];
      const tecnico = await makeUsuario(database.db, { entidadId, usuario: `tecnico${e}`, nombre: 'Técnico' });
      await makeMantenimientos(database.db, {
        entidadId,
        clienteId,
        creadoPor: tecnico,
        n: porEmpresa,
        regla,
        inicio,
        // The cursor as the runs before HOY left it; an after-finished plan waits on its start.
        primera: (i) =>
          regla(i).tipo === 'tras_finalizar'
            ? sumarDias(inicio(i), 30)
            : (fechasDeRegla(regla(i), { inicio: inicio(i), fin: null }, HOY, null, 1)[0] ?? HOY),
        responsables: [tecnico],
      });
    }
    const app = await buildApp({
      config: testConfig(),
      database,
      clock,
      push: null,
      ejecutorMantenimiento: null,
      verificarRespuestas: false,
    });
    await app.ready();
    try {
      const pool = database.pgClient as pg.Pool;
      /** Until the pool has had nothing to do for 100 ms (the reactions' transactions all ended). */
      const reposo = async () => {
        let quieto = 0;
        while (quieto < 10) {
          await new Promise((r) => setTimeout(r, 10));
          quieto = pool.waitingCount === 0 && pool.idleCount === pool.totalCount ? quieto + 1 : 0;
        }
        return performance.now() - 100;
      };
      const medir = async (): Promise<Corrida> => {
        const t = performance.now();
        const r = await app.puertos.maintenance.ejecutar();
        const ms = Math.round(performance.now() - t);
        return { ms, conReacciones: Math.round((await reposo()) - t), creadas: r.creadas };
      };
      const diaTipico = await medir();
      clock.advance(86_400_000);
      const diaSiguiente = await medir();
      const vacio = { ms: (await medir()).ms };
      const r = { planes: PLANES, diaTipico, diaSiguiente, vacio };
      const dicho = (c: Corrida) =>
        `${c.ms} ms (${c.creadas} órdenes, ${Math.round((c.creadas * 1000) / Math.max(c.ms, 1))}/s; ` +
        `con sus reacciones ${c.conReacciones} ms)`;
      console.log(
        `  ${PLANES} planes activos${TODOS ? ' (todos diarios)' : ''}: ${HOY} ${dicho(diaTipico)}; ` +
          `día siguiente ${dicho(diaSiguiente)}; sin nada que hacer ${vacio.ms} ms (objetivo < 5000 ms)`,
      );
      return r;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log('Mantenimiento programado (issue 32): una corrida del programador');
  await benchMantenimiento(base);
}
