/**
 * The service-level scan's bench (issue 34: the warning scan over 100,000 open orders under 2 s).
 * On a database of its own (created and dropped here): 10 companies, each with a policy created
 * through the API (response in 4 business hours, resolution in 3 business days), and 100,000 open
 * orders that already have their `orden_sla` rows, both written with SQL (generate_series): created
 * over the last 60 days, 80 % already answered, the targets that passed before the scan's clock
 * already warned (their marks set, as earlier scans left them), and at the scan's clock 1 % of the
 * orders past the 80 % of their resolution and 0.5 % past its due instant, not yet warned; every
 * other target still ahead. Nothing needs repair (`sincronizada` = `actualizada`).
 *
 * Measured, BENCH_SLA_ROUNDS (3) rounds each, `escanear()` as the background job runs it (an app
 * built with `ejecutorSla: null`):
 *   - with ~1,500 warnings due (1,000 at 80 %, 500 breaches, with their notifications: responsables
 *     and creator, and the company's administrators at the breach); the marks and notifications
 *     are cleared before each round;
 *   - with nothing due (the steady state: each run after that one);
 *   - the repair step alone (`OrdenSlaRepository.pendientes`) with nothing to repair, and its plan
 *     (EXPLAIN ANALYZE of the repository's own statement).
 * Runs alone with `npx tsx --tsconfig apps/server/tsconfig.dev.json apps/server/bench/sla.ts`, and
 * inside `npm run bench` (BENCH_ONLY=sla for this part only).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type DbOrTx } from '../src/kernel/db/client.js';
import { OrdenSlaRepository } from '../src/modules/sla/orden-sla.repository.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { makeClientes, makeEntidad, makeUsuario, md5 } from '../src/seed/factories.js';
import { TestClock } from '../test/helpers.js';

const ORDENES = Number(process.env.BENCH_SLA_ORDENES ?? 100_000);
const RONDAS = Math.max(1, Number(process.env.BENCH_SLA_ROUNDS ?? 3));
const EMPRESAS = 10;
const OPERARIOS = 8;
const PASSWORD = 'Bench1234!';
/** The scan's clock: Monday 7 December 2026, 12:00 in Buenos Aires. */
const AHORA = new Date('2026-12-07T15:00:00Z');
const H = 3_600_000;
const DIA = 24 * H;
/** What the repair scan looks back over (REPARAR_DIAS in orden-sla.service.ts). */
const REPARAR_DIAS = 7;

export interface ResultadoSla {
  ordenes: number;
  /** Warnings due at the scan's clock: 80 % of the resolution, and breaches. */
  debidos: { avisos: number; incumplidas: number };
  /** `escanear()` with the warnings due, ms per round, and what it sent. */
  conAvisos: { ms: number[]; avisos: number; incumplidas: number; notificaciones: number };
  /** `escanear()` with nothing due, ms per round. */
  nadaVence: { ms: number[] };
  /** The repair step alone with nothing to repair, ms per round. */
  reparar: { ms: number[]; plan: string };
}

export async function benchSla(base: string): Promise<ResultadoSla> {
  const nombre = `delego_bench_sla_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${nombre} with (force)`);
  await admin.query(`create database ${nombre}`);
  const u = new URL(base);
  u.pathname = `/${nombre}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  const c = new pg.Client({ connectionString: u.toString() });
  try {
    await database.migrate();
    await seedCatalogo(database.db);
    // The policies are in force from 90 days before the scan: every order was created under one.
    const clock = new TestClock(new Date(AHORA.getTime() - 90 * DIA));
    const empresas: number[] = [];
    for (let e = 0; e < EMPRESAS; e++) {
      const entidadId = await makeEntidad(database.db, { nombre: `SLA ${e + 1}`, plan: 'Ilimitado', now: clock.now() });
      await makeClientes(database.db, entidadId, [{ nombre: 'Planta' }, { nombre: 'Oficinas' }]);
      await makeUsuario(database.db, {
        entidadId,
        usuario: `sla${e}jefa`,
        nombre: 'Jefa',
        password: PASSWORD,
        roles: ['ADMIN'],
        permisos: PERMISOS_GLOBALES,
      });
      for (let o = 1; o <= OPERARIOS; o++)
        // They never sign in: no hash to compute.
        await makeUsuario(database.db, {
          entidadId,
          usuario: `sla${e}op${o}`,
          nombre: `Operario ${o}`,
          passwordHash: '-',
        });
      empresas.push(entidadId);
    }
    const app = await buildApp({
      config: testConfig(),
      database,
      clock,
      push: null,
      ejecutorSla: null,
      ejecutorMantenimiento: null,
      verificarRespuestas: false,
    });
    await app.ready();
    try {
      for (let e = 0; e < EMPRESAS; e++) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/v4/sla/politicas',
          headers: { authorization: `sla${e}jefa#${md5(PASSWORD)}` },
          payload: {
            nombre: 'General',
            respuesta: { cantidad: 4, unidad: 'horas' },
            resolucion: { cantidad: 3, unidad: 'dias' },
          },
        });
        if (r.statusCode !== 200) throw new Error(`política: ${r.statusCode} ${r.body}`);
      }
      clock.t = AHORA;
      await c.connect();
      const debidos = await sembrar(c, empresas);

      const pool = database.pgClient as pg.Pool;
      const reposo = async () => {
        while (pool.waitingCount > 0 || pool.idleCount < pool.totalCount) await new Promise((r) => setTimeout(r, 5));
      };
      const escanear = async () => {
        const t = performance.now();
        const r = await app.puertos.sla.escanear();
        return { ms: Math.round(performance.now() - t), r };
      };

      // (b) ~1,500 warnings due: the marks the previous round set are cleared first.
      const conAvisos: ResultadoSla['conAvisos'] = { ms: [], avisos: 0, incumplidas: 0, notificaciones: 0 };
      for (let i = 0; i < RONDAS; i++) {
        await rearmar(c);
        await reposo();
        const { ms, r } = await escanear();
        if (r.sincronizadas !== 0 || r.avisos !== debidos.avisos || r.incumplidas !== debidos.incumplidas)
          throw new Error(`escaneo inesperado: ${JSON.stringify(r)}, debidos ${JSON.stringify(debidos)}`);
        conAvisos.ms.push(ms);
        conAvisos.avisos = r.avisos;
        conAvisos.incumplidas = r.incumplidas;
        conAvisos.notificaciones = Number(
          (await c.query(`select count(*) n from notificaciones where tipo in ('SLA_POR_VENCER', 'SLA_INCUMPLIDO')`))
            .rows[0].n,
        );
        await app.puertos.notifications.idle();
      }

      // (a) Nothing due: the scan each run after that one.
      await c.query('vacuum analyze orden_sla');
      const nadaVence: ResultadoSla['nadaVence'] = { ms: [] };
      for (let i = 0; i < RONDAS; i++) {
        await reposo();
        const { ms, r } = await escanear();
        if (r.sincronizadas + r.avisos + r.incumplidas !== 0)
          throw new Error(`escaneo inesperado: ${JSON.stringify(r)}`);
        nadaVence.ms.push(ms);
      }

      // (c) The repair step alone, nothing to repair, and the plan of its statement.
      const desde = new Date(AHORA.getTime() - REPARAR_DIAS * DIA);
      const reparar: ResultadoSla['reparar'] = { ms: [], plan: '' };
      for (let i = 0; i < RONDAS; i++) {
        const t = performance.now();
        const p = await new OrdenSlaRepository(database.db).pendientes(desde, 500);
        reparar.ms.push(Math.round((performance.now() - t) * 10) / 10);
        if (p.length) throw new Error(`${p.length} órdenes para reparar`);
      }
      reparar.plan = await planDePendientes(database.db, desde);

      const lista = (ms: number[]) => ms.join(' / ');
      console.log(
        `  ${ORDENES.toLocaleString('es-AR')} órdenes abiertas con su copia, ${EMPRESAS} empresas; ${RONDAS} rondas:\n` +
          `  con ${conAvisos.avisos} avisos del 80 % y ${conAvisos.incumplidas} incumplidas por enviar ` +
          `(${conAvisos.notificaciones} notificaciones): ${lista(conAvisos.ms)} ms (objetivo < 2000 ms)\n` +
          `  nada vence: ${lista(nadaVence.ms)} ms\n` +
          `  la reparación sola, nada que reparar: ${lista(reparar.ms)} ms\n` +
          reparar.plan.replace(/^/gm, '    '),
      );
      return { ordenes: ORDENES, debidos, conAvisos, nadaVence, reparar };
    } finally {
      await app.close();
    }
  } finally {
    await c.end().catch(() => undefined);
    await database.close();
    // BENCH_SLA_CONSERVAR=1 keeps it, to look at plans by hand (dropped by the next run's name only if the pid repeats).
    if (process.env.BENCH_SLA_CONSERVAR === '1') console.log(`  base conservada: ${nombre}`);
    else await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  }
}

/**
 * The orders and their rows. Order g: company g % 10, created within the last 60 days, open
 * (Pendiente when not answered, else En proceso). Its resolution: for g % 200 = 0 due in the last
 * hour (a breach to send; its 80 % warned when it came), for g % 200 in 1..2 its 80 % in the last
 * hour (a warning to send), for the rest both ahead, spread over the next 30 days. Its response:
 * answered an hour after creation for 80 %; the rest's instants 3.2 and 4 hours after creation
 * (warned already if past).
 */
async function sembrar(c: pg.Client, empresas: number[]): Promise<{ avisos: number; incumplidas: number }> {
  const t = performance.now();
  const ahora = AHORA.toISOString();
  // The statistics triggers are made for the application's writes: for the bulk load they are off
  // and each company's rollups are computed once at the end (as bench/estadisticas.ts loads).
  await c.query('alter table ordenes disable trigger user; alter table orden_responsables disable trigger user');
  await c.query(
    `create temp table bench_o as
     select g, e.entidad_id, e.cliente_id, e.creador, e.politica,
            $2::timestamptz - ((g * 7919) % (60 * 24 * 60)) * interval '1 minute' - interval '1 hour' as creada,
            g % 5 <> 0 as respondida,
            case when g % 200 = 0 then $2::timestamptz - ((g / 200) % 60) * interval '1 minute'
                 else $2::timestamptz + interval '6 hours' + ((g * 31) % (30 * 24 * 60)) * interval '1 minute' end as res_vence,
            case when g % 200 in (1, 2) then $2::timestamptz - ((g / 200) % 60) * interval '1 minute' end as res_aviso_debido
       from generate_series(1, $1::int) g
       join (select x.i, x.entidad_id,
                    (select min(id) from clientes where entidad_id = x.entidad_id) as cliente_id,
                    (select id from usuarios where entidad_id = x.entidad_id and usuario like '%jefa') as creador,
                    (select id from sla_politicas where entidad_id = x.entidad_id) as politica
               from unnest($3::int[]) with ordinality as x(entidad_id, i)) e on e.i = 1 + g % ${EMPRESAS}`,
    [ORDENES, ahora, empresas],
  );
  await c.query(
    `insert into ordenes (id, entidad_id, numero, titulo, estado_id, cliente_id, registro_responsable_id, creada, actualizada)
     select g, entidad_id, g, 'Orden SLA ' || g, case when respondida then 2 else 1 end, cliente_id, creador,
            creada, case when respondida then creada + interval '1 hour' else creada end
       from bench_o`,
  );
  await c.query(`select setval(pg_get_serial_sequence('ordenes', 'id'), (select max(id) from ordenes))`);
  // One or two of the company's operators as responsables.
  await c.query(
    `insert into orden_responsables (orden_id, usuario_id)
     select o.g, op.id from bench_o o
       join lateral (select u.id from usuarios u where u.entidad_id = o.entidad_id and u.usuario like '%op%'
                      order by (u.id + o.g) % ${OPERARIOS} limit 1 + o.g % 2) op on true`,
  );
  // Resolution in 3 business days (27 h of 9-hour days), response in 4 business hours (put here as
  // 4 wall hours: the scan reads instants, not how they were counted). A target that passed before
  // the scan's clock was warned by an earlier scan: its marks are set.
  await c.query(
    `insert into orden_sla (orden_id, entidad_id, politica_version_id, politica_nombre, pausa_en_espera, inicio,
                            resp_objetivo, resp_total_ms, resp_vence, resp_aviso, resp_cumplida, resp_avisada, resp_incumplida,
                            res_objetivo, res_total_ms, res_vence, res_aviso, res_avisada, sincronizada)
     select g, entidad_id, politica, 'General', false, creada,
            '{"cantidad":4,"unidad":"horas"}', ${4 * H}, resp_vence, resp_aviso, resp_cumplida,
            case when resp_cumplida is null and resp_aviso <= $1 then resp_aviso end,
            case when resp_cumplida is null and resp_vence <= $1 then resp_vence end,
            '{"cantidad":3,"unidad":"dias"}', ${27 * H}, res_vence, res_aviso,
            case when res_vence <= $1 then res_aviso end,
            actualizada
       from (select o.*, creada + interval '4 hours' as resp_vence, creada + interval '3.2 hours' as resp_aviso,
                    case when respondida then creada + interval '1 hour' end as resp_cumplida,
                    coalesce(res_aviso_debido, res_vence - interval '5 hours') as res_aviso,
                    case when respondida then creada + interval '1 hour' else creada end as actualizada
               from bench_o o) x`,
    [ahora],
  );
  const debidos = (
    await c.query<{ avisos: string; incumplidas: string }>(
      `select count(*) filter (where res_aviso_debido is not null) avisos, count(*) filter (where res_vence <= $1) incumplidas
         from bench_o`,
      [ahora],
    )
  ).rows[0]!;
  await c.query('drop table bench_o');
  await c.query('alter table ordenes enable trigger user; alter table orden_responsables enable trigger user');
  for (const e of empresas) await c.query('select estadistica_recalcular($1)', [e]);
  await c.query('vacuum analyze ordenes, orden_responsables, orden_sla');
  console.log(
    `  sembradas ${ORDENES.toLocaleString('es-AR')} órdenes con su copia en ${Math.round(performance.now() - t)} ms`,
  );
  return { avisos: Number(debidos.avisos), incumplidas: Number(debidos.incumplidas) };
}

/** Clears what a round with warnings set (the claims' marks, their notifications): the next finds them due again. */
async function rearmar(c: pg.Client): Promise<void> {
  await c.query(`delete from notificaciones where tipo in ('SLA_POR_VENCER', 'SLA_INCUMPLIDO')`);
  await c.query(
    `update orden_sla set res_avisada = null where res_avisada is not null and res_aviso <= $1 and res_vence > $1`,
    [AHORA],
  );
  await c.query(`update orden_sla set res_incumplida = null where res_incumplida is not null`);
  await c.query('vacuum analyze orden_sla, notificaciones');
}

/** EXPLAIN ANALYZE of the repair step's own statement (captured from the repository, not copied). */
async function planDePendientes(db: DbOrTx, desde: Date): Promise<string> {
  let consulta: SQL | undefined;
  const espia = {
    execute: async (q: SQL) => {
      consulta = q;
      return { rows: [] };
    },
  } as unknown as DbOrTx;
  await new OrdenSlaRepository(espia).pendientes(desde, 500);
  const filas = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${consulta!}`);
  return filas.rows.map((f) => f['QUERY PLAN']).join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log('Niveles de servicio (issue 34): el escaneo de avisos sobre 100.000 órdenes abiertas');
  await benchSla(base);
}
