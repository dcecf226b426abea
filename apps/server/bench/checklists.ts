/**
 * The checklists' part of the bench (issue 31), on Empresa Bench 1: its first order type gets a
 * template of 100 items; one order is created with it and one without a type. Measured: the order
 * detail without a checklist and with the 100 items (on the server without the detail cache, so
 * each one is read from PostgreSQL; the target is within 25 %), the 100-item checklist itself, and
 * answering one item (a tick of the 100, in turn).
 */
import type autocannon from 'autocannon';
import pg from 'pg';
import { cabecerasBench } from './seed-bench.js';

const TITULO = 'Bench checklist';

export interface CasoChecklist {
  clave: string;
  nombre: string;
  opciones: () => autocannon.Options;
}

async function pedir<T>(url: string, metodo: string, headers: Record<string, string>, cuerpo?: unknown): Promise<T> {
  const r = await fetch(url, {
    method: metodo,
    headers: { ...headers, ...(cuerpo === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(cuerpo === undefined ? {} : { body: JSON.stringify(cuerpo) }),
  });
  if (!r.ok) throw new Error(`${metodo} ${url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** Prepares the two orders and returns the measured paths (`url`: the server; `urlFrio`: without caches). */
export async function casosChecklists(url: string, urlFrio: string, dbUrl: string): Promise<CasoChecklist[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  // Orders of an earlier run go (their checklists with them): every run measures the same thing.
  await c.query(`delete from ordenes where titulo like '${TITULO}%'`);
  const { tipo, cliente } = (
    await c.query<{ tipo: number; cliente: number }>(`
      select (select min(id) from tipos_orden where entidad_id = e.id) as tipo,
             (select min(id) from clientes where entidad_id = e.id) as cliente
      from entidades e where e.nombre = 'Empresa Bench 1'`)
  ).rows[0]!;
  await c.end();
  const h = cabecerasBench()[0]!;
  const kinds = ['tick', 'pasa_falla', 'numero', 'texto'] as const;
  const items = Array.from({ length: 100 }, (_, k) => {
    const tipoItem = kinds[k % kinds.length]!;
    return {
      seccion: `Sección ${Math.floor(k / 10) + 1}`,
      etiqueta: `Verificación número ${k + 1} del equipo`,
      tipo: tipoItem,
      requerido: k % 3 === 0,
      ...(tipoItem === 'numero' ? { unidad: 'bar', min: 1, max: 9 } : {}),
    };
  });
  await pedir(`${url}/api/v2/checklist/plantilla/${tipo}`, 'PUT', h, { items });
  const crear = (titulo: string, tipoOrden: number | null) =>
    pedir<{ id: number }>(`${url}/api/v2/ordenes/save`, 'POST', h, { titulo, cliente, tipoOrden });
  const con = await crear(`${TITULO} 100 ítems`, tipo);
  const sin = await crear(`${TITULO} sin checklist`, null);
  const ck = await pedir<{ items: { id: number; tipo: string }[] }>(
    `${url}/api/v2/checklist/orden/${con.id}`,
    'GET',
    h,
  );
  const ticks = ck.items.filter((i) => i.tipo === 'tick').map((i) => i.id);
  const detalle = (id: number) => (): autocannon.Options => ({
    url: urlFrio,
    requests: [{ method: 'GET', path: `/api/v3/ordenDTO/${id}?tsp=1`, headers: h }],
  });
  let k = 0;
  return [
    { clave: 'ckDetalleSin', nombre: 'GET /api/v3/ordenDTO/{id} sin checklist, sin caché', opciones: detalle(sin.id) },
    { clave: 'ckDetalle100', nombre: '  … con checklist de 100 ítems, sin caché', opciones: detalle(con.id) },
    {
      clave: 'ckChecklist100',
      nombre: 'GET /api/v2/checklist/orden/{id} (100 ítems)',
      opciones: () => ({
        url,
        requests: [{ method: 'GET', path: `/api/v2/checklist/orden/${con.id}?tsp=1`, headers: h }],
      }),
    },
    {
      clave: 'ckResponder',
      nombre: 'PUT …/checklist/orden/{id}/item/{item} (un ítem)',
      opciones: () => ({
        url,
        requests: [
          {
            method: 'PUT',
            setupRequest: (req) => {
              const i = k++;
              return {
                ...req,
                path: `/api/v2/checklist/orden/${con.id}/item/${ticks[i % ticks.length]}?tsp=1`,
                headers: { ...h, 'content-type': 'application/json' },
                body: JSON.stringify({ tipo: 'tick', marcado: Math.floor(i / ticks.length) % 2 === 0 }),
              };
            },
          },
        ],
      }),
    },
  ];
}
