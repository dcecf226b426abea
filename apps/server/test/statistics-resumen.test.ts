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
import { ConsultasEnVivo } from '../src/modules/statistics/consultas-en-vivo.js';
import { ConsultasResumen } from '../src/modules/statistics/consultas-resumen.js';
import { deLaEmpresa, type Agrupacion, type Rango } from '../src/modules/statistics/statistics.sql.js';
import { plegarResumen } from '../src/modules/statistics/plegado.js';
import { ReferenciaEnVivo } from './statistics-en-vivo.js';
import { resumenGuardadoYRecalculado } from './resumen-recalculado.js';
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
const rEncuestas = azar(SEMILLA + 13);
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
  // The test folds by hand, at its checks: no fold in the background between them.
  env = await createTestEnv({ plegarResumenCadaMs: null });
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

let encuestas = 0;

/** A survey written straight in SQL (module surveys): sent, answered, re-scored, moved or deleted. */
async function encuestaAlAzar(): Promise<string> {
  const db = env.database.db;
  const ahora = env.clock.now().toISOString();
  const cualquiera = () => ordenes[Math.floor(rEncuestas() * ordenes.length)] as number;
  const orden = cualquiera();
  const y = rEncuestas();
  if (y < 0.5) {
    const respondida = rEncuestas() < 0.75;
    await db.execute(sql`insert into encuesta (entidad_id, orden_id, email, token_hash, enviada_por, enviada_en, vence_en, puntaje, respondida_en)
      select o.entidad_id, o.id, 'cliente@prueba.test', ${`encuesta-${++encuestas}`}, (select min(id) from usuarios where entidad_id = o.entidad_id),
        ${ahora}::timestamptz, ${ahora}::timestamptz + interval '30 days',
        ${respondida ? 1 + Math.floor(rEncuestas() * 5) : null}, ${respondida ? ahora : null}::timestamptz
      from ordenes o where o.id = ${orden}`);
    return `encuesta a ${orden}`;
  }
  if (y < 0.75) {
    await db.execute(sql`update encuesta set puntaje = ${1 + Math.floor(rEncuestas() * 5)}, respondida_en = ${ahora}::timestamptz
      where id = (select min(id) from encuesta where orden_id = ${orden})`);
    return `encuesta respondida de ${orden}`;
  }
  if (y < 0.9) {
    await db.execute(sql`delete from encuesta where id = (select max(id) from encuesta where orden_id = ${orden})`);
    return `encuesta borrada de ${orden}`;
  }
  const otraOrden = cualquiera();
  await db.execute(sql`update encuesta set orden_id = ${otraOrden}
    where id = (select min(id) from encuesta where orden_id = ${orden})
      and (select entidad_id from ordenes where id = ${otraOrden}) = entidad_id`);
  return `encuesta movida de ${orden} a ${otraOrden}`;
}

/** The late pairs (order, responsable) of migration 0013, as kept by the triggers and recomputed from the orders. */
async function paresDemora(): Promise<{ guardados: unknown[]; recalculados: unknown[] }> {
  const db = env.database.db;
  const guardados = await db.execute(sql`
    select entidad_id, finalizada, usuario_id, orden_id, demora_s from estadistica_demora_responsable order by 1, 2, 3, 4`);
  const recalculados = await db.execute(sql`
    select o.entidad_id, o.finalizada, r.usuario_id, o.id as orden_id, estadistica_demora_s(o.fecha_fin, o.finalizada) as demora_s
    from ordenes o join orden_responsables r on r.orden_id = o.id
    where o.eliminada is null and o.estado_id = ${ESTADO.FINALIZADA} and o.finalizada > o.fecha_fin
    order by 1, 2, 3, 4`);
  return { guardados: guardados.rows, recalculados: recalculados.rows };
}

/** The answered surveys per responsable of migration 0013, as kept by the triggers and recomputed. */
async function encuestasPorResponsable(): Promise<{ guardadas: unknown[]; recalculadas: unknown[] }> {
  const db = env.database.db;
  const guardadas = await db.execute(sql`
    select entidad_id, usuario_id, respondida_en, encuesta_id, orden_id, puntaje from estadistica_encuesta_responsable
    order by 1, 2, 3, 4`);
  const recalculadas = await db.execute(sql`
    select e.entidad_id, r.usuario_id, e.respondida_en, e.id as encuesta_id, o.id as orden_id, e.puntaje
    from encuesta e join ordenes o on o.id = e.orden_id and o.entidad_id = e.entidad_id
    join orden_responsables r on r.orden_id = o.id
    where o.eliminada is null and e.puntaje is not null and e.respondida_en is not null
    order by 1, 2, 3, 4`);
  return { guardadas: guardadas.rows, recalculadas: recalculadas.rows };
}

/** New orders no fold has moved into the rollup yet (migration 0034). */
async function pendientes(): Promise<number> {
  const r = await env.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from estadistica_altas_pendientes`,
  );
  return Number(r.rows[0]?.n);
}

/** Averages add float8 seconds live and exact numeric seconds in the rollup: equal to 1e-9 relative. */
function casi(a: number | null, b: number | null, msg: string): void {
  if (a == null || b == null) return expect(a, msg).toBe(b);
  expect(Math.abs(a - b), msg).toBeLessThanOrEqual(Math.abs(b) * 1e-9 + 1e-9);
}

describe('resumen diario de estadísticas', () => {
  it('después de escrituras al azar, el resumen es el de las órdenes y cada gráfico da lo mismo que en vivo', async () => {
    const hechos: string[] = [];
    /** Appended rows seen at the checks (the reads added them), and rows the test's folds moved. */
    let pendientesVistos = 0;
    let movidos = 0;
    const repo = new ConsultasResumen(env.database.db);
    const vivo = new ConsultasEnVivo(env.database.db);
    const referencia = new ReferenciaEnVivo(env.database.db);
    const primerDia = diaDeMs(INICIO, ZONA);
    for (let i = 0; i < PASOS; i++) {
      hechos.push(await paso());
      // Surveys (another random sequence: the steps above stay the same with or without them).
      if (ordenes.length && rEncuestas() < 0.4) hechos.push(await encuestaAlAzar());
      if (i % 40 !== 39) continue;
      // Every other check first folds the orders the creates left pending (migration 0034): the figures are
      // the same before and after, and a fold leaves nothing behind.
      if (i % 80 === 79) {
        const antes = await resumenGuardadoYRecalculado(env.database.db);
        pendientesVistos += await pendientes();
        movidos += await plegarResumen(env.database.db);
        expect(await pendientes()).toBe(0);
        expect((await resumenGuardadoYRecalculado(env.database.db)).guardado).toEqual(antes.guardado);
      } else pendientesVistos += await pendientes();
      const { guardado, recalculado } = await resumenGuardadoYRecalculado(env.database.db);
      expect(guardado, hechos.join('; ')).toEqual(recalculado);
      const pares = await paresDemora();
      expect(pares.guardados, hechos.join('; ')).toEqual(pares.recalculados);
      const porResponsable = await encuestasPorResponsable();
      expect(porResponsable.guardadas, hechos.join('; ')).toEqual(porResponsable.recalculadas);
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
            ordenar(await referencia.contarPor(demo, rango, por)),
          );
        }
        const cortes: number[] = [];
        for (let d = diaDeMs(rango.desdeMs, ZONA); inicioDelDia(d, ZONA) <= rango.hastaMs; d = sumarDias(d, 3))
          cortes.push(inicioDelDia(d, ZONA));
        expect(await repo.creadasYFinalizadas(demo, rango, cortes)).toEqual(
          await vivo.creadasYFinalizadas(deLaEmpresa(demo), rango, cortes),
        );
        const donde = JSON.stringify(rango);
        const limites = [1, 3, 7, 14, 30].map((d) => d * 86_400);
        const res = await repo.resolucion(demo, rango, limites);
        const resVivo = await referencia.resolucion(demo, rango, limites);
        expect({ ...res, promedio: 0 }, donde).toEqual({ ...resVivo, promedio: 0 });
        casi(res.promedio, resVivo.promedio, donde);
        const ahora = env.clock.now().getTime();
        const rd = await repo.resumenDemora(demo, rango, ahora);
        const rdVivo = await vivo.resumenDemora(demo, rango, ahora, null);
        expect({ ...rd, promedio_seg: 0 }, donde).toEqual({ ...rdVivo, promedio_seg: 0 });
        casi(rd.promedio_seg, rdVivo.promedio_seg, donde);
        for (const por of ['tipo', 'responsable'] as const) {
          const ordenar = <T extends { id: number | null }>(xs: T[]) =>
            [...xs].sort((p, q) => (p.id ?? 0) - (q.id ?? 0));
          const dp = ordenar(await repo.demoraPor(demo, rango, ahora, por));
          const dpVivo = ordenar(await referencia.demoraPor(demo, rango, ahora, por));
          expect(
            dp.map((g) => ({ ...g, promedio: 0 })),
            `${por} ${donde}`,
          ).toEqual(dpVivo.map((g) => ({ ...g, promedio: 0 })));
          dp.forEach((g, k) => casi(g.promedio, dpVivo[k]?.promedio ?? null, `${por} ${donde}`));
        }
        // The scorecard from the rollups (measures 12-15 and the late pairs) against the live one, now
        // and at other moments of the last day (what is overdue today depends on the clock).
        const dias = { desde: diaDeMs(rango.desdeMs, ZONA), hasta: diaDeMs(rango.hastaMs, ZONA) };
        for (const momento of [ahora, inicioDelDia(diaDeMs(ahora, ZONA), ZONA) + Math.floor(r() * 86_400_000)]) {
          const porId = <T extends { id: number }>(xs: T[]) => [...xs].sort((p, q) => p.id - q.id);
          expect(porId(await repo.desempeno(demo, rango, momento)), `desempeño ${donde} ${momento}`).toEqual(
            porId(await referencia.desempeno(demo, rango, dias, momento)),
          );
        }
        for (const limite of [1, 3, 20]) {
          const pagina = { tipo: null, soloConDemora: true, limite, offset: 0 };
          expect(await repo.masDemoradas(demo, rango, ahora, limite), donde).toEqual(
            (await vivo.listDemoras(demo, rango, ahora, pagina)).filas,
          );
        }
      }
    }
    // The sequence did exercise what it claims to: late, on-time, overdue and open orders in the delay set.
    const todo = {
      desdeMs: inicioDelDia(sumarDias(primerDia, -1), ZONA),
      hastaMs: finDelDia(diaDeMs(env.clock.now().getTime() + 30 * 86_400_000, ZONA), ZONA),
    };
    const rd = await repo.resumenDemora(demo, todo, env.clock.now().getTime());
    for (const k of ['a_tiempo', 'con_demora', 'vencidas', 'en_plazo'] as const) expect(rd[k], k).toBeGreaterThan(1);
    expect((await repo.resolucion(demo, todo, [86_400])).total).toBeGreaterThan(5);
    // ...: a scorecard with late, on-time, open and overdue orders, and late pairs to take the median from.
    const d = await repo.desempeno(demo, todo, env.clock.now().getTime());
    expect(d.some((f) => f.mediana_seg != null && f.a_tiempo > 0)).toBe(true);
    expect(d.some((f) => f.vencidas > 0 && f.abiertas > f.vencidas)).toBe(true);
    expect((await paresDemora()).guardados.length).toBeGreaterThan(2);
    expect(d.some((f) => f.encuestas > 0)).toBe(true);
    for (const h of ['encuesta a', 'encuesta respondida', 'encuesta borrada', 'encuesta movida'])
      expect(
        hechos.some((x) => x.startsWith(h)),
        h,
      ).toBe(true);
    // ...: figures read with appended rows not folded yet, and folds that moved some;
    expect(pendientesVistos).toBeGreaterThan(0);
    expect(movidos).toBeGreaterThan(0);
    // ...: orders of both companies, deleted and finished ones.
    await plegarResumen(env.database.db);
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

  it('desempeño: los pares por responsable (demoras, encuestas) siguen cada alta, cambio, reasignación y baja', async () => {
    const repo = new ConsultasResumen(env.database.db);
    const referencia = new ReferenciaEnVivo(env.database.db);
    const db = env.database.db;
    const [ana, beto, carla] = usuarios as [number, number, number];
    const comprobar = async (paso: string) => {
      const pares = await paresDemora();
      expect(pares.guardados, paso).toEqual(pares.recalculados);
      const enc = await encuestasPorResponsable();
      expect(enc.guardadas, paso).toEqual(enc.recalculadas);
      const ahora = env.clock.now().getTime();
      const hoy = diaDeMs(ahora, ZONA);
      const dias = { desde: sumarDias(hoy, -30), hasta: hoy };
      const rango = { desdeMs: inicioDelDia(dias.desde, ZONA), hastaMs: finDelDia(dias.hasta, ZONA) };
      const porId = <T extends { id: number }>(xs: T[]) => [...xs].sort((p, q) => p.id - q.id);
      const d = porId(await repo.desempeno(demo, rango, ahora));
      expect(d, paso).toEqual(porId(await referencia.desempeno(demo, rango, dias, ahora)));
      return {
        pares: (pares.guardados as { orden_id: number; usuario_id: number }[]).filter((p) => p.orden_id === orden),
        encuestas: (enc.guardadas as { orden_id: number; usuario_id: number }[]).filter((p) => p.orden_id === orden),
      };
    };
    const quienes = (xs: { usuario_id: number }[]) => xs.map((x) => Number(x.usuario_id)).sort((a, b) => a - b);

    // Due in one day, finished three days later: late, with two responsables.
    const alta = await call('POST', '/api/v2/ordenes/save', 'admin', {
      titulo: 'Orden con demora',
      detalle: '',
      cliente: clientes[0],
      responsable: [ana, beto],
      fechaFin: env.clock.now().getTime() + 86_400_000,
    });
    expect(alta.statusCode, alta.body).toBe(200);
    const orden = (alta.json() as { id: number }).id;
    expect((await comprobar('alta')).pares).toEqual([]);
    env.clock.advance(3 * 86_400_000);
    await call('PUT', `/api/v2/estado/${orden}`, 'admin', { estado: ESTADO.FINALIZADA, comentarios: 'listo' });
    expect(quienes((await comprobar('finalizada tarde')).pares)).toEqual([ana, beto].sort((a, b) => a - b));

    // An answered survey counts for both; re-scored; then the order is reassigned to Carla alone.
    await db.execute(sql`insert into encuesta (entidad_id, orden_id, email, token_hash, enviada_por, enviada_en, vence_en, puntaje, respondida_en)
      values (${demo}, ${orden}, 'c@prueba.test', 'desempeno-1', ${ana}, ${env.clock.now().toISOString()}::timestamptz,
        ${env.clock.now().toISOString()}::timestamptz + interval '30 days', 2, ${env.clock.now().toISOString()}::timestamptz)`);
    expect(quienes((await comprobar('encuesta')).encuestas)).toEqual([ana, beto].sort((a, b) => a - b));
    await db.execute(sql`update encuesta set puntaje = 5 where orden_id = ${orden}`);
    await comprobar('encuesta cambiada');
    await call('PUT', `/api/v3/responsable/${orden}`, 'admin', { responsable: [carla] });
    const reasignada = await comprobar('reasignada');
    expect(quienes(reasignada.pares)).toEqual([carla]);
    expect(quienes(reasignada.encuestas)).toEqual([carla]);

    // Reopened: no longer late; finished again on time is not late either.
    await call('PUT', `/api/v2/estado/${orden}`, 'admin', { estado: ESTADO.EN_PROCESO, comentarios: 'reabierta' });
    expect((await comprobar('reabierta')).pares).toEqual([]);
    await db.execute(
      sql`update ordenes set estado_id = ${ESTADO.FINALIZADA}, finalizada = fecha_fin - interval '1 hour' where id = ${orden}`,
    );
    expect((await comprobar('a tiempo')).pares).toEqual([]);
    await db.execute(sql`update ordenes set finalizada = fecha_fin + interval '5 hours' where id = ${orden}`);
    expect(quienes((await comprobar('tarde otra vez')).pares)).toEqual([carla]);

    // Deleted (soft): nothing of it counts; then removed for good with its survey.
    await call('DELETE', `/api/v2/orden/${orden}`, 'admin');
    const baja = await comprobar('baja');
    expect([baja.pares, baja.encuestas]).toEqual([[], []]);
    await db.execute(sql`update ordenes set eliminada = null where id = ${orden}`);
    expect(quienes((await comprobar('restaurada')).encuestas)).toEqual([carla]);
    await db.execute(sql`delete from ordenes where id = ${orden}`);
    const borrada = await comprobar('borrada');
    expect([borrada.pares, borrada.encuestas]).toEqual([[], []]);
  });

  it('otra empresa no ve los números de Demo', async () => {
    const repo = new ConsultasResumen(env.database.db);
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
