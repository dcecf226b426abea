/**
 * Statistics bench (issue 14), against the running server on PostgreSQL:
 *   1. every chart of the closed set over the last year, one request at a time: p50 / p99
 *      (target p99 <= 100 ms);
 *   2. the scorecard and the delay list over the same year;
 *   3. the dashboard at 10 connections (target >= 1,000 req/s), and what one dashboard costs when it
 *      is not in the cache (a different filter each time);
 *   4. the delay export of >= 100,000 orders: streamed, the server's peak RSS (target < 300 MB).
 * The data: one company ("Empresa Estadísticas") with 1,000,000 orders over three years, generated
 * in SQL (generate_series) once and kept in the bench database: states, due dates, finish times,
 * one or two responsables, hours on a third of the orders, surveys on a seventh of the finished ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  GRAFICOS,
  PERMISOS_GLOBALES,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  diaDeMs,
  finDelDia,
  inicioDelDia,
  sumarDias,
  type AccesoExport,
} from '@delego/contract';
import { openDatabase, type Db } from '../src/kernel/db/client.js';
import { entidades } from '../src/db/schema.js';
import { hashSecret } from '../src/modules/identity/password.js';
import { seedCatalogo } from '../src/seed/catalogo.js';
import { makeCatalogo, makeClientes, makeEntidad, makeUsuario, md5 } from '../src/seed/factories.js';
import { intArray } from '../src/lib/queries.js';
import { PASSWORD_BENCH } from './seed-bench.js';

const EMPRESA = 'Empresa Estadísticas';
const USUARIO = 'estadisticas';
const ORDENES = Number(process.env.BENCH_STATS_ORDERS ?? 1_000_000);
const LOTE = 100_000;
const PEDIDOS_POR_GRAFICO = Number(process.env.BENCH_STATS_REQUESTS ?? 50);
const FILAS_EXPORT = Number(process.env.BENCH_STATS_EXPORT_ROWS ?? 100_000);
const ZONA = ZONA_HORARIA_EMPRESA_POR_DEFECTO;

export interface Latencia {
  nombre: string;
  p50: number;
  p99: number;
  max: number;
  errores: number;
}

export interface EstadisticasBenchResult {
  ordenes: number;
  graficos: Latencia[];
  otros: Latencia[];
  tablero: { rps: number; p50: number; p99: number; errores: number; non2xx: number };
  tableroSinCache: Latencia;
  export: {
    filas: number;
    filasLeidas: number;
    bytes: number;
    segundos: number;
    rssAntesMb: number;
    picoRssMb: number;
  };
}

/** One company with ORDENES orders, generated in SQL; seeded once per bench database. */
async function sembrar(db: Db): Promise<number> {
  const [existe] = await db.select({ id: entidades.id }).from(entidades).where(eq(entidades.nombre, EMPRESA));
  if (existe) {
    const n = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ordenes where entidad_id = ${existe.id}`,
    );
    if ((n.rows[0]?.n ?? 0) >= ORDENES) return existe.id;
    throw new Error(`${EMPRESA} existe con menos de ${ORDENES} órdenes: use BENCH_RESEED=1`);
  }
  console.log(`  sembrando ${EMPRESA}: ${ORDENES.toLocaleString('es-AR')} órdenes (generate_series)...`);
  const t = Date.now();
  const now = new Date();
  await seedCatalogo(db);
  const hash = await hashSecret(md5(PASSWORD_BENCH));
  const e = await makeEntidad(db, { nombre: EMPRESA, plan: 'Ilimitado', now });
  const clientes = await makeClientes(
    db,
    e,
    Array.from({ length: 200 }, (_, k) => ({ nombre: `Cliente ${k + 1} de Estadísticas` })),
  );
  const cat = await makeCatalogo(db, e, {
    areas: ['Electricidad', 'Plomería', 'Climatización', 'Sistemas', 'Obra civil', 'Jardinería'],
    tipos: ['Correctivo', 'Preventivo', 'Instalación', 'Inspección', 'Urgencia', 'Mudanza', 'Garantía', 'Relevamiento'],
  });
  const duenia = await makeUsuario(db, {
    entidadId: e,
    usuario: USUARIO,
    passwordHash: hash,
    nombre: 'Dueña',
    apellido: 'Estadísticas',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  const operarios: number[] = [];
  for (let k = 1; k <= 50; k++) {
    operarios.push(
      await makeUsuario(db, {
        entidadId: e,
        usuario: `${USUARIO}op${k}`,
        passwordHash: hash,
        nombre: `Operario ${k}`,
        apellido: 'Estadísticas',
        roles: ['OPERARIO'],
      }),
    );
  }
  // The statistics triggers (migrations 0011, 0013) are made for the application's writes; for a bulk
  // load of a million orders they are off and the company's rollups are computed once at the end.
  await db.execute(sql.raw(`alter table ordenes disable trigger ${TRIGGERS_ORDENES.join(', disable trigger ')}`));
  await db.execute(
    sql.raw(`alter table orden_responsables disable trigger ${TRIGGERS_RESPONSABLES.join(', disable trigger ')}`),
  );
  await db.execute(sql.raw(`alter table encuesta disable trigger ${TRIGGERS_ENCUESTA.join(', disable trigger ')}`));
  try {
    await cargar(db, e, cat, clientes, duenia, operarios);
    await db.execute(sql`select estadistica_recalcular(${e})`);
  } finally {
    await db.execute(sql.raw(`alter table ordenes enable trigger ${TRIGGERS_ORDENES.join(', enable trigger ')}`));
    await db.execute(
      sql.raw(`alter table orden_responsables enable trigger ${TRIGGERS_RESPONSABLES.join(', enable trigger ')}`),
    );
    await db.execute(sql.raw(`alter table encuesta enable trigger ${TRIGGERS_ENCUESTA.join(', enable trigger ')}`));
  }
  await db.execute(sql`vacuum analyze`);
  console.log(`\n  ${EMPRESA} lista en ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return e;
}

const TRIGGERS_ORDENES = [
  'estadistica_ordenes_alta',
  'estadistica_ordenes_cambio',
  'estadistica_demora_responsable_ordenes',
];
const TRIGGERS_RESPONSABLES = [
  'estadistica_responsables_alta',
  'estadistica_responsables_baja',
  'estadistica_responsables_cambio',
  'estadistica_demora_responsable_alta',
  'estadistica_demora_responsable_baja',
  'estadistica_demora_responsable_cambio',
];

const TRIGGERS_ENCUESTA = [
  'estadistica_encuesta_responsable_alta',
  'estadistica_encuesta_responsable_baja',
  'estadistica_encuesta_responsable_cambio',
];

/** The orders, responsables, hours and surveys of the company (generate_series). */
async function cargar(
  db: Db,
  e: number,
  cat: Awaited<ReturnType<typeof makeCatalogo>>,
  clientes: number[],
  duenia: number,
  operarios: number[],
): Promise<void> {
  await db.execute(sql`select setseed(0.14)`);
  const pick = (ids: number[], r: ReturnType<typeof sql>) =>
    sql`(${intArray(ids)})[1 + floor(${r} * ${ids.length})::int]`;
  for (let desde = 1; desde <= ORDENES; desde += LOTE) {
    const hasta = Math.min(ORDENES, desde + LOTE - 1);
    // Created over the last three years, more of them lately; 85 % with a due date 1-21 days
    // after creation (the last ms of that Argentina day); finished 1 hour to ~30 days after
    // creation when that moment has passed (98 %; 3 % of those cancelled), otherwise open.
    await db.execute(sql`
      insert into ordenes (entidad_id, numero, titulo, detalle, tipo_orden_id, area_id, prioridad_id, estado_id, cliente_id,
        fecha_fin, registro_responsable_id, creada, actualizada, finalizada)
      select ${e}, g, 'Orden de trabajo ' || g, '',
        ${pick(cat.tipos, sql`random()`)}, ${pick(cat.areas, sql`random()`)}, ${pick(cat.prioridades, sql`random()`)},
        s.estado, ${pick(clientes, sql`power(random(), 2)`)},
        c.fecha_fin, ${duenia}, c.creada, coalesce(case when s.estado = 4 then c.fin end, c.creada),
        case when s.estado = 4 then c.fin end
      from (
        select g, creada, r, creada + interval '1 hour' + power(r[4], 2) * interval '30 days' as fin,
          case when r[1] < 0.85 then
            (date_trunc('day', (creada + (1 + floor(r[2] * 21)) * interval '1 day') at time zone ${ZONA}) + interval '1 day' - interval '1 millisecond') at time zone ${ZONA}
          end as fecha_fin
        from (
          -- Volatile values in the select list of the series: one draw per row.
          select g, now() - power(random(), 1.3) * interval '1095 days' as creada,
            array[random(), random(), random(), random(), random(), random()] as r
          from generate_series(${desde}::int, ${hasta}::int) g
        ) a
      ) c
      cross join lateral (
        select case
          when c.fin < now() and c.r[5] < 0.98 then case when c.r[6] < 0.97 then 4 else 5 end
          else 1 + floor(c.r[3] * 3)::int
        end as estado
      ) s`);
    process.stdout.write(`  ${hasta.toLocaleString('es-AR')} órdenes\r`);
  }
  // One responsable each, a second one on a fifth of them.
  await db.execute(sql`
    insert into orden_responsables (orden_id, usuario_id)
    select o.id, (${intArray(operarios)})[1 + (o.id * 7) % ${operarios.length}] from ordenes o where o.entidad_id = ${e}`);
  await db.execute(sql`
    insert into orden_responsables (orden_id, usuario_id)
    select o.id, (${intArray(operarios)})[1 + (o.id * 13 + 5) % ${operarios.length}] from ordenes o where o.entidad_id = ${e} and o.id % 5 = 0
    on conflict do nothing`);
  // Hours on a third of the orders, on their creation day.
  await db.execute(sql`
    insert into registro_horas (entidad_id, orden_id, usuario_id, autor_id, fecha, dia, minutos, descripcion)
    select o.entidad_id, o.id, (${intArray(operarios)})[1 + (o.id * 7) % ${operarios.length}], ${duenia}, o.creada,
      (o.creada at time zone ${ZONA})::date, 30 + (o.id % 8) * 30, 'Trabajo en sitio'
    from ordenes o where o.entidad_id = ${e} and o.id % 3 = 0`);
  // Surveys on a seventh of the finished orders, answered within 3 days, mostly good.
  await db.execute(sql`
    insert into encuesta (entidad_id, orden_id, email, token_hash, enviada_por, enviada_en, vence_en, puntaje, respondida_en)
    select o.entidad_id, o.id, 'cliente@bench.test', md5('estadisticas-' || o.id), ${duenia}, o.finalizada,
      o.finalizada + interval '30 days', least(5, 1 + floor(power(random(), 0.4) * 5))::int,
      o.finalizada + random() * interval '3 days'
    from ordenes o where o.entidad_id = ${e} and o.estado_id = 4 and o.id % 7 = 0`);
}

/** p50/p99/max of `n` requests made one after the other (after two to warm up). */
async function latencias(
  nombre: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  n = PEDIDOS_POR_GRAFICO,
): Promise<Latencia> {
  const cuerpo = JSON.stringify(body);
  const h = { ...headers, 'content-type': 'application/json' };
  for (let i = 0; i < 2; i++)
    await fetch(url, { method: 'POST', headers: h, body: cuerpo }).then((r) => r.arrayBuffer());
  const ms: number[] = [];
  let errores = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fetch(url, { method: 'POST', headers: h, body: cuerpo });
    await r.arrayBuffer();
    ms.push(performance.now() - t);
    if (r.status !== 200) errores++;
  }
  return resumen(nombre, ms, errores);
}

function resumen(nombre: string, ms: number[], errores: number): Latencia {
  ms.sort((a, b) => a - b);
  const q = (p: number) => Math.round((ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)] ?? 0) * 10) / 10;
  const res = { nombre, p50: q(0.5), p99: q(0.99), max: q(1), errores };
  console.log(
    `  ${nombre.padEnd(48)} p50 ${String(res.p50).padStart(6)} ms   p99 ${String(res.p99).padStart(6)} ms   errores ${errores}`,
  );
  return res;
}

export async function benchEstadisticas(o: {
  url: string;
  dbUrl: string;
  outDir: string;
  rssMb: () => number;
  duracionS: number;
}): Promise<EstadisticasBenchResult> {
  const database = await openDatabase({ databaseUrl: o.dbUrl });
  let e: number;
  let rangoExport: { desde: number; hasta: number; filas: number };
  let clientes: number[];
  try {
    e = await sembrar(database.db);
    const cs = await database.db.execute<{ id: number }>(
      sql`select id from clientes where entidad_id = ${e} order by id limit 30`,
    );
    clientes = cs.rows.map((c) => Number(c.id));
    // The newest due dates that hold FILAS_EXPORT orders of the delay set: the export's range.
    const r = await database.db.execute<{ desde: Date | string; hasta: Date | string }>(sql`
      select (select fecha_fin from ordenes where entidad_id = ${e} and eliminada is null and estado_id <> 5 and fecha_fin is not null
                order by fecha_fin desc offset ${FILAS_EXPORT - 1} limit 1) as desde,
             (select max(fecha_fin) from ordenes where entidad_id = ${e}) as hasta`);
    const fila = r.rows[0];
    if (!fila) throw new Error('sin órdenes con vencimiento');
    const desdeDia = diaDeMs(new Date(fila.desde).getTime(), ZONA);
    const hastaDia = diaDeMs(new Date(fila.hasta).getTime(), ZONA);
    const n = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ordenes where entidad_id = ${e} and eliminada is null and estado_id <> 5
        and fecha_fin between ${new Date(inicioDelDia(desdeDia, ZONA)).toISOString()}::timestamptz and ${new Date(finDelDia(hastaDia, ZONA)).toISOString()}::timestamptz
        and (estado_id <> 4 or finalizada is not null)`);
    rangoExport = {
      desde: inicioDelDia(desdeDia, ZONA),
      hasta: finDelDia(hastaDia, ZONA),
      filas: Number(n.rows[0]?.n ?? 0),
    };
  } finally {
    await database.close();
  }
  const headers = { authorization: `${USUARIO}#${md5(PASSWORD_BENCH)}` };
  const hoy = diaDeMs(Date.now(), ZONA);
  const anio = { fechaDesde: inicioDelDia(sumarDias(hoy, -364), ZONA), fechaHasta: finDelDia(hoy, ZONA) };

  console.log(`  Gráficos sobre un año (${PEDIDOS_POR_GRAFICO} pedidos de a uno cada uno; objetivo p99 <= 100 ms):`);
  const graficos: Latencia[] = [];
  for (const g of GRAFICOS) {
    graficos.push(
      await latencias(`POST /api/v2/estadisticas/${g}`, `${o.url}/api/v2/estadisticas/${g}?tsp=1`, headers, anio),
    );
  }
  const otros = [
    await latencias(
      'POST …/responsables/desempeno',
      `${o.url}/api/v2/estadisticas/responsables/desempeno?tsp=1`,
      headers,
      anio,
    ),
    await latencias(
      'POST …/demora/ordenes (25 filas)',
      `${o.url}/api/v2/estadisticas/demora/ordenes?tsp=1`,
      headers,
      anio,
    ),
  ];

  // The dashboard without the cache: each request a different filter (client), computed afresh.
  const ms: number[] = [];
  for (const cliente of clientes) {
    const t = performance.now();
    const r = await fetch(`${o.url}/api/v4/dashboard?tsp=1`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ cliente }),
    });
    await r.arrayBuffer();
    ms.push(performance.now() - t);
  }
  const tableroSinCache = resumen('POST /api/v4/dashboard (sin caché, filtro distinto)', ms, 0);
  const carga = await autocannon({
    url: `${o.url}/api/v2/dashboard?tsp=1`,
    headers,
    connections: 10,
    duration: o.duracionS,
  });
  const tablero = {
    rps: Math.round(carga.requests.average),
    p50: carga.latency.p50,
    p99: carga.latency.p99,
    errores: carga.errors,
    non2xx: carga.non2xx,
  };
  console.log(
    `  GET /api/v2/dashboard (10 conexiones)                ${tablero.rps} req/s   p50 ${tablero.p50} ms   p99 ${tablero.p99} ms   no-2xx ${tablero.non2xx} (objetivo >= 1.000 req/s)`,
  );

  // The export: a token, then the download the browser would make, with the server's RSS sampled.
  const acceso = (await (
    await fetch(`${o.url}/api/v2/estadisticas/demora/export/acceso?tsp=1`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ fechaDesde: rangoExport.desde, fechaHasta: rangoExport.hasta }),
    })
  ).json()) as AccesoExport;
  const archivo = path.join(o.outDir, 'demoras.xlsx');
  fs.mkdirSync(o.outDir, { recursive: true });
  const rssAntesMb = Math.round(o.rssMb());
  let picoRssMb = rssAntesMb;
  const timer = setInterval(() => {
    picoRssMb = Math.max(picoRssMb, Math.round(o.rssMb()));
  }, 50);
  const t = performance.now();
  try {
    const r = await fetch(`${o.url}${acceso.url}`);
    if (!r.ok || !r.body) throw new Error(`exportación: ${r.status}`);
    await pipeline(Readable.fromWeb(r.body as import('node:stream/web').ReadableStream), fs.createWriteStream(archivo));
  } finally {
    clearInterval(timer);
  }
  const segundos = Math.round((performance.now() - t) / 100) / 10;
  let filasLeidas = 0;
  const lector = new ExcelJS.stream.xlsx.WorkbookReader(archivo, {});
  for await (const hoja of lector) for await (const _fila of hoja) filasLeidas++;
  const exp = {
    filas: rangoExport.filas,
    filasLeidas: filasLeidas - 1,
    bytes: fs.statSync(archivo).size,
    segundos,
    rssAntesMb,
    picoRssMb,
  };
  console.log(
    `  Excel de demoras: ${exp.filasLeidas.toLocaleString('es-AR')} filas (de ${exp.filas.toLocaleString('es-AR')}), ` +
      `${(exp.bytes / 1024 / 1024).toFixed(1)} MB en ${exp.segundos} s; RSS ${exp.rssAntesMb} -> pico ${exp.picoRssMb} MB (objetivo < 300 MB)`,
  );
  return { ordenes: ORDENES, graficos, otros, tablero, tableroSinCache, export: exp };
}
