import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/kernel/db/client.js';
import { md5 } from '../src/seed/factories.js';
import { diaAtras, esperar, MAIN, requireBuild, startServer, stop, type Server } from './kill9.js';
import { puertoLibre } from '../scripts/cluster/cluster.js';

/**
 * The scheduler and kill -9 on PGlite (issue 32, docs/MANTENIMIENTO.md), the twin of
 * maintenance-kill9.pg.test.ts for the in-process runner: the built server on a PGlite data folder
 * starts catching up the plans of a server that was down for DIAS days, is killed with SIGKILL
 * midway, and the next process finishes: every (plan, day) has exactly one order, and no order is
 * without its occurrence. PGlite is one process, so the folder is read by the test only while no
 * server holds it (a copy of it right after the kill).
 */
const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-kill9-mantenimiento-'));
afterAll(() => fs.rmSync(carpeta, { recursive: true, force: true }));
const DATA_DIR = path.join(carpeta, 'datos');
const PLANES = 30;
const DIAS = 40;
const TOTAL = PLANES * DIAS;
/** Otra Empresa: an unlimited plan, so no occurrence waits for quota. */
const headers = { authorization: `otra#${md5('Demo1234!')}`, 'content-type': 'application/json' };

/** Runs `fn` on the PGlite folder of `dataDir` (no server may hold it) and closes it. */
async function conLaBase<T>(
  dataDir: string,
  fn: (
    contar: (sql: string) => Promise<number>,
    consulta: (sql: string, params: unknown[]) => Promise<unknown>,
  ) => Promise<T>,
): Promise<T> {
  const base = await openDatabase({ dataDir });
  try {
    const pglite = base.pgClient as { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> };
    const contar = async (sql: string) => Number((await pglite.query<{ n: number | string }>(sql)).rows[0]?.n ?? 0);
    return await fn(contar, (sql, params) => pglite.query(sql, params));
  } finally {
    await base.close();
  }
}

/** The built server on the test's PGlite folder, not yet answering (it catches up first). */
async function arrancar(logLevel: 'warn' | 'info' = 'warn'): Promise<Server> {
  const port = await puertoLibre();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: logLevel,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [MAIN], {
    env,
    stdio: ['ignore', logLevel === 'info' ? 'pipe' : 'ignore', 'ignore'],
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => '' };
}

/** The orders of the test's plans, as the server's order list counts them (while it holds the folder). */
async function ordenesSegunElServidor(server: Server): Promise<number> {
  const r = await fetch(`${server.url}/api/v4/ordenes/all/filtered`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ buscar: 'Kill9 plan', pagina: 0, porPagina: 1 }),
  });
  if (!r.ok) throw new Error(`lista de órdenes: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { total: number }).total;
}

const ORDENES = `select count(*)::int as n from ordenes where titulo like 'Kill9 plan %'`;

it('PGlite: un SIGKILL en medio de la corrida no pierde ni repite ninguna orden; el próximo proceso termina', async () => {
  requireBuild();
  // The first start migrates and seeds the demo; the plans are written while no server runs.
  let server: Server | undefined = await startServer({ DATA_DIR });
  await stop(server);
  server = undefined;
  try {
    // Daily plans whose cursor is DIAS − 1 days back.
    const desde = diaAtras(DIAS - 1);
    await conLaBase(DATA_DIR, (_contar, consulta) =>
      consulta(
        `insert into mantenimientos (entidad_id, cliente_id, regla, inicio, anticipacion, titulo, detalle,
                                     responsables, activo, creado_por, proxima, generar_desde)
         select u.entidad_id, (select min(id) from clientes c where c.entidad_id = u.entidad_id),
                '{"tipo":"dias","cada":1}'::jsonb, $1, 0, 'Kill9 plan ' || g, '', '[]'::jsonb, true, u.id, $1, $1
           from usuarios u, generate_series(1, $2::int) g
          where u.usuario = 'otra'`,
        [desde, PLANES],
      ),
    );

    // The runner catches up at start (a missed window), before the server answers at all: PGlite
    // runs in the process's own thread, so the catch-up is not watched through the API but through
    // the line the runner logs after each committed batch of orders. The process is killed at the
    // first one (on PGlite a batch is 100 of the 1,200, so it dies midway however fast the
    // machine is), and what it left is read from a copy of the folder (the next server recovers the
    // folder itself).
    const hijo = (await arrancar('info')).child;
    const murio = new Promise((r) => hijo.once('exit', r));
    await new Promise<void>((listo, fallo) => {
      let salida = '';
      const plazo = setTimeout(
        () => fallo(new Error(`ningún lote se confirmó en 120 s:\n${salida.slice(-2000)}`)),
        120_000,
      );
      hijo.stdout!.on('data', (d: Buffer) => {
        salida = (salida + d.toString()).slice(-8000);
        if (salida.includes('"msg":"mantenimiento.loteCreado"')) {
          clearTimeout(plazo);
          hijo.kill('SIGKILL');
          listo();
        }
      });
      hijo.once('exit', () => {
        clearTimeout(plazo);
        fallo(new Error(`el servidor terminó antes del primer lote:\n${salida.slice(-2000)}`));
      });
    });
    await murio;
    expect(hijo.signalCode, 'el servidor debe haber muerto por SIGKILL').toBe('SIGKILL');
    const copia = path.join(carpeta, 'copia');
    fs.cpSync(path.join(DATA_DIR, 'pglite'), path.join(copia, 'pglite'), { recursive: true });
    const alMorir = await conLaBase(copia, (contar) => contar(ORDENES));
    fs.rmSync(copia, { recursive: true, force: true });
    expect(alMorir, 'el primer lote estaba confirmado al morir').toBeGreaterThan(0);
    expect(alMorir, 'el corte debe llegar antes del final').toBeLessThan(TOTAL);

    // The next process finishes the catch-up.
    server = await arrancar();
    const segundo = server;
    await esperar(
      async () => (await fetch(`${segundo.url}/api/health`).catch(() => null))?.ok === true,
      180_000,
      'que el servidor responda tras recuperar',
    );
    await esperar(async () => (await ordenesSegunElServidor(segundo)) >= TOTAL, 120_000, `las ${TOTAL} órdenes`);
    // A moment more: nothing else appears.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await ordenesSegunElServidor(segundo)).toBe(TOTAL);
    await stop(server);
    server = undefined;

    await conLaBase(DATA_DIR, async (contar) => {
      expect(await contar(ORDENES)).toBe(TOTAL);
      expect(
        await contar(
          `select count(*)::int as n from mantenimiento_ocurrencias oc join mantenimientos m on m.id = oc.mantenimiento_id
            where m.titulo like 'Kill9 plan %' and oc.estado = 'creada' and oc.orden_id is not null`,
        ),
      ).toBe(TOTAL);
      // Each order belongs to exactly one occurrence, and each plan has its DIAS days, each once.
      expect(
        await contar(
          `select count(*)::int as n from ordenes o where o.titulo like 'Kill9 plan %'
            and (select count(*) from mantenimiento_ocurrencias oc where oc.orden_id = o.id) <> 1`,
        ),
      ).toBe(0);
      expect(
        await contar(
          `select count(*)::int as n from (select m.id from mantenimientos m
              join mantenimiento_ocurrencias oc on oc.mantenimiento_id = m.id and oc.estado = 'creada'
             where m.titulo like 'Kill9 plan %' group by m.id
            having count(*) <> ${DIAS} or count(distinct oc.fecha) <> ${DIAS}) x`,
        ),
      ).toBe(0);
    });
    console.log(
      `kill -9 del programador (PGlite): ${alMorir} de ${TOTAL} órdenes al morir, tras el primer lote; todas una vez al terminar`,
    );
  } finally {
    await stop(server);
  }
}, 300_000);
