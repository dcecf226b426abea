import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTADO,
  PERMISOS_GLOBALES,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO as ZONA,
  diaDeMs,
  finDelDia,
  inicioDelDia,
  sumarDias,
} from '@delego/contract';
import { StatisticsRepository, type Agrupacion, type Rango } from '../src/modules/statistics/statistics.repository.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * The daily rollup `estadistica_resumen` (migration 0011, docs/ESTADISTICAS.md «Resumen diario»),
 * property style: a seeded random sequence of writes through the API (create, state changes,
 * delegation, edits of type/area/client, deletion) and straight in SQL (hard deletes, bulk updates,
 * several responsables in one statement, moved creation times, another company's orders), then:
 *   - the rollup table equals the one recomputed from the orders (the migration's backfill);
 *   - every chart read from the rollup equals the same chart counted on the orders, over random
 *     ranges of whole Argentina days.
 */
const SEMILLA = 20261124;
const PASOS = 160;
const INICIO = Date.UTC(2026, 0, 5, 2, 30); // 04/01/2026 23:30 ART: the steps cross midnights

let env: TestEnv;
let demo = 0;
let otra = 0;
let clientes: number[] = [];
let tipos: number[] = [];
let areas: number[] = [];
const usuarios: number[] = [];
let usuariosOtra: number[] = [];
let clientesOtra: number[] = [];
const ordenes: number[] = [];

/** mulberry32: the same sequence on every run. */
function azar(semilla: number): () => number {
  let a = semilla;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r = azar(SEMILLA);
const uno = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const algunos = <T>(xs: readonly T[], max: number): T[] => {
  const n = Math.floor(r() * (max + 1));
  return [...new Set(Array.from({ length: n }, () => uno(xs)))];
};
const oNull = <T>(x: T): T | null => (r() < 0.2 ? null : x);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) =>
  env.app.inject({
    method,
    url,
    headers: auth(who),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  env = await createTestEnv();
  env.clock.t = new Date(INICIO);
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  clientes = await makeClientes(db, demo, [{ nombre: 'Clínica' }, { nombre: 'Hotel' }, { nombre: 'Colegio' }]);
  const cat = await makeCatalogo(db, demo, {
    areas: ['Electricidad', 'Plomería'],
    tipos: ['Correctivo', 'Preventivo'],
  });
  tipos = cat.tipos;
  areas = cat.areas;
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    apellido: 'Gómez',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  for (const [usuario, nombre] of [
    ['ana', 'Ana'],
    ['beto', 'Beto'],
    ['carla', 'Carla'],
  ] as const) {
    usuarios.push(
      await makeUsuario(db, { entidadId: demo, usuario, nombre, apellido: 'Operaria', roles: ['OPERARIO'] }),
    );
  }
  await makeCatalogo(db, otra, { areas: ['Obras'], tipos: ['Correctivo'] });
  clientesOtra = await makeClientes(db, otra, [{ nombre: 'Panadería' }]);
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });
  usuariosOtra = [await makeUsuario(db, { entidadId: otra, usuario: 'otraop', nombre: 'Op', roles: ['OPERARIO'] })];
});
afterAll(() => env?.close());

/** One random write; returns its name (for the failure message). */
async function paso(): Promise<string> {
  const db = env.database.db;
  env.clock.advance(Math.floor(r() * 10 * 3_600_000)); // 0-10 hours
  const x = r();
  const orden = ordenes.length ? uno(ordenes) : 0;
  if (x < 0.3 || !orden) {
    const res = await call('POST', '/api/v2/ordenes/save', 'admin', {
      titulo: 'Orden de prueba',
      detalle: '',
      cliente: uno(clientes),
      responsable: algunos(usuarios, 2),
      tipoOrden: oNull(uno(tipos)),
      area: oNull(uno(areas)),
      fechaFin: r() < 0.7 ? env.clock.now().getTime() + Math.floor(r() * 5) * 86_400_000 : undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    ordenes.push((res.json() as { id: number }).id);
    return 'alta';
  }
  if (x < 0.5) {
    const estado = uno([ESTADO.PENDIENTE, ESTADO.EN_PROCESO, ESTADO.EN_ESPERA, ESTADO.FINALIZADA, ESTADO.CANCELADA]);
    await call('PUT', `/api/v2/estado/${orden}`, 'admin', { estado, comentarios: 'cambio' });
    return `estado ${orden} -> ${estado}`;
  }
  if (x < 0.62) {
    await call('PUT', `/api/v3/responsable/${orden}`, 'admin', { responsable: algunos(usuarios, 3) });
    return `responsables ${orden}`;
  }
  if (x < 0.68) {
    await call('POST', `/api/v2/tipoOrden/${orden}/${uno(tipos)}`, 'admin', {});
    return `tipo ${orden}`;
  }
  if (x < 0.72) {
    await call('POST', `/api/v2/area/${orden}/${uno(areas)}`, 'admin', {});
    return `area ${orden}`;
  }
  if (x < 0.76) {
    await call('DELETE', `/api/v2/orden/${orden}`, 'admin');
    return `baja ${orden}`;
  }
  if (x < 0.8) {
    // A hard delete: the responsables go by cascade.
    await db.execute(sql`delete from ordenes where id = ${orden}`);
    ordenes.splice(ordenes.indexOf(orden), 1);
    return `borrado ${orden}`;
  }
  if (x < 0.84) {
    // One statement over several orders: state, client and a creation moved across days.
    const ids = algunos(ordenes, 4);
    await db.execute(sql`update ordenes set estado_id = case when id % 2 = 0 then ${ESTADO.FINALIZADA}::smallint else estado_id end,
      finalizada = case when id % 2 = 0 then coalesce(finalizada, creada + (id % 7) * interval '17 hours') else finalizada end,
      fecha_fin = case when id % 2 = 0 then coalesce(fecha_fin, creada + interval '2 days') else fecha_fin end,
      cliente_id = ${oNull(uno(clientes))}, creada = creada - interval '13 hours'
      where id in (select unnest(${`{${ids.join(',')}}`}::int[]))`);
    return `masivo ${ids.join(',')}`;
  }
  if (x < 0.88) {
    // Several responsables in one statement, some already there.
    await db.execute(sql`insert into orden_responsables (orden_id, usuario_id)
      select o, u from unnest(${`{${algunos(ordenes, 3).join(',')}}`}::int[]) o, unnest(${`{${usuarios.join(',')}}`}::int[]) u
      where (o + u) % 2 = 0 on conflict do nothing`);
    return 'responsables masivos';
  }
  if (x < 0.91) {
    await db.execute(sql`update orden_responsables set usuario_id = ${uno(usuarios)}
      where orden_id = ${orden} and usuario_id = (select min(usuario_id) from orden_responsables where orden_id = ${orden})
        and not exists (select 1 from orden_responsables where orden_id = ${orden} and usuario_id = ${uno(usuarios)})`);
    return `responsable cambiado ${orden}`;
  }
  if (x < 0.95) {
    await db.execute(sql`delete from orden_responsables where orden_id = ${orden}`);
    return `sin responsables ${orden}`;
  }
  const res = await call('POST', '/api/v2/ordenes/save', 'otra', {
    titulo: 'De otra empresa',
    detalle: '',
    cliente: clientesOtra[0],
    responsable: usuariosOtra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return 'alta de otra';
}

async function tablaResumen(): Promise<unknown[]> {
  const q = await env.database.db.execute(sql`
    select entidad_id, medida, dia::text as dia, valor, n, trim_scale(suma)::text as suma from estadistica_resumen
    where n <> 0 or suma <> 0 order by 1, 2, 3, 4`);
  return q.rows;
}

/** The rollup recomputed from the orders, as the migration's backfill does it. */
async function tablaRecalculada(): Promise<unknown[]> {
  const q = await env.database.db.execute(sql`
    select entidad_id, medida, dia::text as dia, valor, n, trim_scale(suma)::text as suma from (
      select x.entidad_id, x.medida, x.dia, x.valor, count(*)::int as n, sum(x.suma) as suma
      from ordenes o cross join lateral estadistica_aportes(o.entidad_id, o.creada, o.estado_id, o.tipo_orden_id,
        o.area_id, o.cliente_id, o.finalizada, o.eliminada, o.fecha_fin) x
      group by 1, 2, 3, 4
      union all
      select o.entidad_id, b.medida, b.dia, coalesce(r.usuario_id, 0), count(*)::int, sum(b.suma)
      from ordenes o left join orden_responsables r on r.orden_id = o.id
      cross join lateral estadistica_base_responsables(o.creada, o.estado_id, o.finalizada, o.eliminada, o.fecha_fin) b
      group by 1, 2, 3, 4
    ) t order by 1, 2, 3, 4`);
  return q.rows;
}

/** Averages add float8 seconds live and exact numeric seconds in the rollup: equal to 1e-9 relative. */
function casi(a: number | null, b: number | null, msg: string): void {
  if (a == null || b == null) return expect(a, msg).toBe(b);
  expect(Math.abs(a - b), msg).toBeLessThanOrEqual(Math.abs(b) * 1e-9 + 1e-9);
}

describe('resumen diario de estadísticas', () => {
  it('después de escrituras al azar, el resumen es el de las órdenes y cada gráfico da lo mismo que en vivo', async () => {
    const hechos: string[] = [];
    const repo = new StatisticsRepository(env.database.db);
    const primerDia = diaDeMs(INICIO, ZONA);
    for (let i = 0; i < PASOS; i++) {
      hechos.push(await paso());
      if (i % 40 !== 39) continue;
      expect(await tablaResumen(), hechos.join('; ')).toEqual(await tablaRecalculada());
      const ultimoDia = diaDeMs(env.clock.now().getTime(), ZONA);
      const rangos: Rango[] = [
        { desdeMs: inicioDelDia(sumarDias(primerDia, -1), ZONA), hastaMs: finDelDia(ultimoDia, ZONA) },
      ];
      for (let k = 0; k < 4; k++) {
        const a = sumarDias(primerDia, Math.floor(r() * 20));
        rangos.push({ desdeMs: inicioDelDia(a, ZONA), hastaMs: finDelDia(sumarDias(a, Math.floor(r() * 15)), ZONA) });
      }
      for (const rango of rangos) {
        for (const por of ['estado', 'tipo', 'area', 'cliente', 'responsable'] as Agrupacion[]) {
          const ordenar = (xs: { id: number | null; n: number }[]) => [...xs].sort((p, q) => (p.id ?? 0) - (q.id ?? 0));
          expect(ordenar(await repo.contarPor(demo, rango, por)), `${por} ${JSON.stringify(rango)}`).toEqual(
            ordenar(await repo.contarPorEnVivo(demo, rango, por)),
          );
        }
        const cortes: number[] = [];
        for (let d = diaDeMs(rango.desdeMs, ZONA); inicioDelDia(d, ZONA) <= rango.hastaMs; d = sumarDias(d, 3))
          cortes.push(inicioDelDia(d, ZONA));
        expect(await repo.creadasYFinalizadas(demo, rango, cortes)).toEqual(
          await repo.creadasYFinalizadasEnVivo(demo, rango, cortes),
        );
        const donde = JSON.stringify(rango);
        const limites = [1, 3, 7, 14, 30].map((d) => d * 86_400);
        const res = await repo.resolucion(demo, rango, limites);
        const resVivo = await repo.resolucionEnVivo(demo, rango, limites);
        expect({ ...res, promedio: 0 }, donde).toEqual({ ...resVivo, promedio: 0 });
        casi(res.promedio, resVivo.promedio, donde);
        const ahora = env.clock.now().getTime();
        const rd = await repo.resumenDemora(demo, rango, ahora, null);
        const rdVivo = await repo.resumenDemoraEnVivo(demo, rango, ahora, null);
        expect({ ...rd, promedio_seg: 0 }, donde).toEqual({ ...rdVivo, promedio_seg: 0 });
        casi(rd.promedio_seg, rdVivo.promedio_seg, donde);
        for (const por of ['tipo', 'responsable'] as const) {
          const ordenar = <T extends { id: number | null }>(xs: T[]) =>
            [...xs].sort((p, q) => (p.id ?? 0) - (q.id ?? 0));
          const dp = ordenar(await repo.demoraPor(demo, rango, ahora, por));
          const dpVivo = ordenar(await repo.demoraPorEnVivo(demo, rango, ahora, por));
          expect(
            dp.map((g) => ({ ...g, promedio: 0 })),
            `${por} ${donde}`,
          ).toEqual(dpVivo.map((g) => ({ ...g, promedio: 0 })));
          dp.forEach((g, k) => casi(g.promedio, dpVivo[k]?.promedio ?? null, `${por} ${donde}`));
        }
        for (const limite of [1, 3, 20]) {
          const pagina = { tipo: null, soloConDemora: true, limite, offset: 0, sinTotal: true };
          expect(await repo.listDemoras(demo, rango, ahora, pagina), donde).toEqual(
            await repo.listDemorasEnVivo(demo, rango, ahora, pagina),
          );
        }
      }
    }
    // The sequence did exercise what it claims to: late, on-time, overdue and open orders in the delay set.
    const todo = {
      desdeMs: inicioDelDia(sumarDias(primerDia, -1), ZONA),
      hastaMs: finDelDia(diaDeMs(env.clock.now().getTime() + 30 * 86_400_000, ZONA), ZONA),
    };
    const rd = await repo.resumenDemora(demo, todo, env.clock.now().getTime(), null);
    for (const k of ['a_tiempo', 'con_demora', 'vencidas', 'en_plazo'] as const) expect(rd[k], k).toBeGreaterThan(1);
    expect((await repo.resolucion(demo, todo, [86_400])).total).toBeGreaterThan(5);
    // ...: orders of both companies, deleted and finished ones.
    const resumen = await env.database.db.execute<{ e: number; n: number }>(
      sql`select entidad_id as e, sum(n)::int as n from estadistica_resumen where medida = 1 group by 1 order by 1`,
    );
    expect(resumen.rows.map((f) => Number(f.e))).toEqual([demo, otra]);
    expect(hechos.filter((h) => h.startsWith('borrado')).length).toBeGreaterThan(0);
    expect(hechos.filter((h) => h.startsWith('baja')).length).toBeGreaterThan(0);
    const fin = await env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ordenes where entidad_id = ${demo} and estado_id = ${ESTADO.FINALIZADA} and eliminada is null`,
    );
    expect(Number(fin.rows[0]?.n)).toBeGreaterThan(0);
    const variedad = await env.database.db.execute<Record<string, number>>(sql`
      select count(*) filter (where (select count(*) from orden_responsables r where r.orden_id = o.id) = 0)::int as sin_resp,
        count(*) filter (where (select count(*) from orden_responsables r where r.orden_id = o.id) >= 2)::int as varios,
        count(*) filter (where o.cliente_id is null)::int as sin_cliente,
        count(*) filter (where o.tipo_orden_id is null)::int as sin_tipo,
        count(distinct o.estado_id)::int as estados
      from ordenes o where o.entidad_id = ${demo} and o.eliminada is null`);
    const v = variedad.rows[0] ?? {};
    for (const k of ['sin_resp', 'varios', 'sin_cliente', 'sin_tipo']) expect(Number(v[k]), k).toBeGreaterThan(0);
    expect(Number(v.estados)).toBeGreaterThanOrEqual(4);
  });

  it('otra empresa no ve los números de Demo', async () => {
    const repo = new StatisticsRepository(env.database.db);
    const rango = {
      desdeMs: inicioDelDia(sumarDias(diaDeMs(INICIO, ZONA), -1), ZONA),
      hastaMs: finDelDia(diaDeMs(env.clock.now().getTime(), ZONA), ZONA),
    };
    const deOtra = await repo.contarPor(otra, rango, 'responsable');
    expect(deOtra.every((g) => g.id === null || usuariosOtra.includes(g.id))).toBe(true);
    const total = (await repo.contarPor(otra, rango, 'estado')).reduce((s, g) => s + g.n, 0);
    const vivo = await env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ordenes where entidad_id = ${otra} and eliminada is null`,
    );
    expect(total).toBe(Number(vivo.rows[0]?.n));
  });
});
