/**
 * The calendar's part of the bench (issue 32, docs/CALENDARIO.md): «Empresa Bench 1» gets 2,000
 * orders due in one calendar month (a month ahead, so no other order of its history falls in it),
 * each with one or two of its operators as responsables. Measured: GET /api/v4/calendario for that
 * month as the owner (every order: 2,000 in the answer), with one connection (one person's wait,
 * the target p99 < 100 ms) and with ten, answered from the calendar's cache as the list's pages are;
 * the same read every time on the server without caches (`urlFrio`, LIST_CACHE_MS=0); and as an
 * operator (the list's visibility: his own), without caches.
 */
import { PASSWORD_BENCH, cabecerasBench } from './seed-bench.js';
import { md5 } from '../src/seed/factories.js';
import pg from 'pg';
import type { CasoChecklist } from './checklists.js';

const TITULO = 'Bench calendario';
export const ORDENES_DEL_MES = 2000;

/** The month after next (UTC is enough to name it): its first and last day. */
function mesDelBench(now = new Date()): { desde: string; hasta: string } {
  const primero = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  const ultimo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 0));
  return { desde: primero.toISOString().slice(0, 10), hasta: ultimo.toISOString().slice(0, 10) };
}

/** Writes the month's orders (those of an earlier run go first) and returns the measured paths. */
export async function casosCalendario(url: string, urlFrio: string, dbUrl: string): Promise<CasoChecklist[]> {
  const mes = mesDelBench();
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(`delete from ordenes where titulo like '${TITULO}%'`);
  const { entidad, duenio } = (
    await c.query<{ entidad: number; duenio: number }>(`
      select e.id as entidad, (select id from usuarios where usuario = 'bench1') as duenio
      from entidades e where e.nombre = 'Empresa Bench 1'`)
  ).rows[0]!;
  // Spread over the month's days (Buenos Aires, end of day), the states, the 30 clients; numbers
  // far above the history's.
  await c.query(
    `insert into ordenes (entidad_id, numero, titulo, estado_id, cliente_id, registro_responsable_id, fecha_fin)
     select $1, 900000 + g, '${TITULO} ' || g, 1 + g % 3,
            (select array_agg(id order by id) from clientes where entidad_id = $1)[1 + g % 30], $2,
            (($3::date + (g % (($4::date - $3::date) + 1)))::timestamp + interval '23:59:59.999')
              at time zone 'America/Argentina/Buenos_Aires'
     from generate_series(1, ${ORDENES_DEL_MES}) g`,
    [entidad, duenio, mes.desde, mes.hasta],
  );
  await c.query(
    `insert into orden_responsables (orden_id, usuario_id)
     select o.id, op.id from ordenes o
     join lateral (
       select u.id from usuarios u
       where u.entidad_id = o.entidad_id and u.usuario like 'bench1op%'
       order by (u.id + o.id) % 8 limit 1 + o.id % 2
     ) op on true
     where o.titulo like '${TITULO}%'`,
  );
  await c.query('analyze ordenes; analyze orden_responsables');
  await c.end();
  const duenioH = cabecerasBench()[0]!;
  const operarioH = { authorization: `bench1op1#${md5(PASSWORD_BENCH)}` };
  const ruta = `/api/v4/calendario?desde=${mes.desde}&hasta=${mes.hasta}&tsp=1`;
  const pedir =
    (headers: Record<string, string>, connections: number, base = url) =>
    () => ({
      url: base,
      connections,
      requests: [{ method: 'GET' as const, path: ruta, headers }],
    });
  return [
    {
      clave: 'calMes1',
      nombre: `GET /api/v4/calendario mes, ${ORDENES_DEL_MES} órdenes, 1 conexión`,
      opciones: pedir(duenioH, 1),
    },
    { clave: 'calMes10', nombre: '  … 10 conexiones', opciones: pedir(duenioH, 10) },
    { clave: 'calMesFrio', nombre: '  … sin caché, 1 conexión', opciones: pedir(duenioH, 1, urlFrio) },
    {
      clave: 'calOperario',
      nombre: '  … un operario (las suyas), sin caché, 1 conexión',
      opciones: pedir(operarioH, 1, urlFrio),
    },
  ];
}

/** The month's orders go when the bench ends: the other parts read the history as seeded. */
export async function borrarCalendario(dbUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(`delete from ordenes where titulo like '${TITULO}%'`);
  await c.end();
}
