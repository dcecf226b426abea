import pg from 'pg';
import { expect, it } from 'vitest';
import { basePgParaKill9, diaAtras, esperar, requireBuild, startServer, stop, type Server } from './kill9.js';

/**
 * The scheduler and kill -9 (issue 32, docs/MANTENIMIENTO.md), on the built server over PostgreSQL
 * with pg-boss: the company's plans come back from a server that was down for DIAS days, the
 * scheduler starts catching up, the process is killed with SIGKILL midway, and the next process
 * finishes: every (plan, day) has exactly one order, and no order is without its occurrence.
 */
const entorno = basePgParaKill9('delego-kill9-mantenimiento-pg');
const PLANES = 30;
const DIAS = 40;
const TOTAL = PLANES * DIAS;

it('PostgreSQL: un SIGKILL en medio de la corrida no pierde ni repite ninguna orden; el próximo proceso termina', async () => {
  requireBuild();
  const env = entorno();
  // The first start migrates and seeds the demo; the plans are written while no server runs.
  let server: Server | undefined = await startServer(env);
  await stop(server);
  server = undefined;
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const contar = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
  const ordenes = () => contar(`select count(*) as n from ordenes where titulo like 'Kill9 plan %'`);
  try {
    // Otra Empresa (unlimited plan): daily plans whose cursor is DIAS − 1 days back.
    const desde = diaAtras(DIAS - 1);
    await db.query(
      `insert into mantenimientos (entidad_id, cliente_id, regla, inicio, anticipacion, titulo, detalle,
                                   responsables, activo, creado_por, proxima, generar_desde)
       select u.entidad_id, (select min(id) from clientes c where c.entidad_id = u.entidad_id),
              '{"tipo":"dias","cada":1}'::jsonb, $1, 0, 'Kill9 plan ' || g, '', '[]'::jsonb, true, u.id, $1, $1
         from usuarios u, generate_series(1, $2::int) g
        where u.usuario = 'otra'`,
      [desde, PLANES],
    );

    // The scheduler runs at start (a missed window is caught up): killed once some orders exist.
    server = await startServer(env);
    const primero = server;
    const murio = new Promise((r) => primero.child.once('exit', r));
    await esperar(async () => (await ordenes()) >= 100, 60_000, 'las primeras órdenes');
    primero.child.kill('SIGKILL');
    await murio;
    server = undefined;
    const alMorir = await ordenes();
    expect(alMorir, 'el corte debe llegar antes del final').toBeLessThan(TOTAL);

    // The next process finishes the catch-up.
    server = await startServer(env);
    await esperar(async () => (await ordenes()) >= TOTAL, 120_000, `las ${TOTAL} órdenes`);
    // A moment more: nothing else appears.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await ordenes()).toBe(TOTAL);
    expect(
      await contar(
        `select count(*) as n from mantenimiento_ocurrencias oc join mantenimientos m on m.id = oc.mantenimiento_id
          where m.titulo like 'Kill9 plan %' and oc.estado = 'creada' and oc.orden_id is not null`,
      ),
    ).toBe(TOTAL);
    // Each order belongs to exactly one occurrence, and each plan has its DIAS days.
    expect(
      await contar(
        `select count(*) as n from ordenes o where o.titulo like 'Kill9 plan %'
          and (select count(*) from mantenimiento_ocurrencias oc where oc.orden_id = o.id) <> 1`,
      ),
    ).toBe(0);
    expect(
      await contar(
        `select count(*) as n from (select m.id from mantenimientos m
            join mantenimiento_ocurrencias oc on oc.mantenimiento_id = m.id and oc.estado = 'creada'
           where m.titulo like 'Kill9 plan %' group by m.id having count(*) <> ${DIAS}) x`,
      ),
    ).toBe(0);
    console.log(`kill -9 del programador: ${alMorir} de ${TOTAL} órdenes antes de SIGKILL; todas una vez al terminar`);
  } finally {
    await db.end();
    await stop(server);
  }
}, 300_000);
