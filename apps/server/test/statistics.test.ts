import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTADO,
  GRAFICOS,
  type AccesoExport,
  type Dashboard,
  type DemorasOrdenes,
  type Desempeno,
  type Grafico,
  type PaginaOrdenes,
} from '@delego/contract';
import { testConfig } from '../src/config.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Issue 14: statistics, delay, scorecard and dashboard against a small fixed data set whose every
 * figure is computed by hand below (docs/ESTADISTICAS.md has the rules). Argentina is UTC-3 all
 * year: 00:00 ART is 03:00 UTC.
 *
 * The clock reads Friday 10/04/2026 12:00 ART (15:00 UTC). The range is March 2026:
 * 01/03 00:00 ART (03:00Z) to 31/03 23:59:59.999 ART (01/04 02:59:59.999Z).
 */
const AHORA = Date.UTC(2026, 3, 10, 15);
const MARZO = { fechaDesde: Date.UTC(2026, 2, 1, 3), fechaHasta: Date.UTC(2026, 3, 1, 2, 59, 59, 999) };
/** The last ms of a day of Argentina (how order end dates are stored). */
const finDia = (mes: number, dia: number) => Date.UTC(2026, mes - 1, dia + 1, 2, 59, 59, 999);
const DIA = 86_400_000;

let env: TestEnv;
let logs = '';
const ids: Record<string, number> = {};
let tipos: number[] = [];
let clientes: number[] = [];
let ana = 0;
let beto = 0;

async function call<T = unknown>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  usuario: string | null,
  payload?: unknown,
): Promise<{ status: number; body: T; raw: Buffer; headers: Record<string, unknown> }> {
  const r = await env.app.inject({
    method,
    url,
    ...(usuario ? { headers: auth(usuario) } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  const json = r.headers['content-type']?.toString().includes('json');
  return { status: r.statusCode, body: (json ? r.json() : undefined) as T, raw: r.rawPayload, headers: r.headers };
}

const grafico = (nombre: string, usuario = 'gerente', rango: object = MARZO) =>
  call<Grafico>('POST', `/api/v2/estadisticas/${nombre}`, usuario, rango);

/** The values of a chart's first series by category key. */
function valores(g: Grafico, serie = 0): Record<string, number> {
  return Object.fromEntries(g.categorias.map((c, i) => [c.clave, g.series[serie]?.valores[i] ?? NaN]));
}
const resumen = (g: Grafico) => Object.fromEntries(g.resumen.map((r) => [r.clave, r.valor]));

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  env = await createTestEnv({ config: testConfig({ logLevel: 'debug' }), logStream });
  env.clock.t = new Date(AHORA);
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Pyme', now, quotaDisponible: 90 });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Pyme', now });
  clientes = await makeClientes(db, demo, [{ nombre: 'Clínica' }, { nombre: 'Hotel' }]);
  const cat = await makeCatalogo(db, demo, { areas: ['Electricidad'], tipos: ['Correctivo', 'Preventivo'] });
  tipos = cat.tipos;
  const catOtra = await makeCatalogo(db, otra, { areas: ['Obras'], tipos: ['Correctivo'] });
  const gerente = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'gerente',
    nombre: 'Gerardo',
    roles: ['ADMIN'],
    permisos: ['verEstadisticas'],
  });
  ana = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'ana',
    nombre: 'Ana',
    apellido: 'Alvarez',
    roles: ['OPERARIO'],
  });
  beto = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'beto',
    nombre: 'Beto',
    apellido: 'Bravo',
    roles: ['OPERARIO'],
  });
  const otro = await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otro',
    nombre: 'Otro',
    roles: ['PROPIETARIO'],
    permisos: ['verEstadisticas'],
  });
  const [t1, t2] = tipos as [number, number];
  const [c1, c2] = clientes as [number, number];

  let numero = 0;
  const orden = async (
    clave: string,
    o: {
      entidad?: number;
      creada: number;
      estado: number;
      fechaFin?: number | null;
      finalizada?: number | null;
      tipo?: number | null;
      cliente?: number | null;
      resp?: number[];
      eliminada?: boolean;
      autor?: number;
    },
  ) => {
    const e = o.entidad ?? demo;
    const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
    const r = await db.execute<{ id: number }>(sql`
      insert into ordenes (entidad_id, numero, titulo, estado_id, tipo_orden_id, cliente_id, fecha_fin, finalizada, eliminada, registro_responsable_id, creada, actualizada)
      values (${e}, ${++numero}, ${`Orden ${clave}`}, ${o.estado}, ${o.tipo ?? null}, ${o.cliente ?? null}, ${iso(o.fechaFin)}::timestamptz,
        ${iso(o.finalizada)}::timestamptz, ${o.eliminada ? new Date(AHORA).toISOString() : null}::timestamptz, ${o.autor ?? gerente},
        ${iso(o.creada)}::timestamptz, ${iso(o.creada)}::timestamptz)
      returning id`);
    const id = Number(r.rows[0]?.id);
    for (const u of o.resp ?? [])
      await db.execute(sql`insert into orden_responsables (orden_id, usuario_id) values (${id}, ${u})`);
    ids[clave] = id;
    return id;
  };
  // Created 01/03 00:30 ART: the first half hour of the range. Finished on time.
  await orden('O1', {
    creada: Date.UTC(2026, 2, 1, 3, 30),
    estado: ESTADO.FINALIZADA,
    fechaFin: finDia(3, 5),
    finalizada: Date.UTC(2026, 2, 5, 15),
    tipo: t1,
    cliente: c1,
    resp: [ana],
  });
  // Created 28/02 23:30 ART: outside by half an hour. Finished 12/03 23:59:59.999 ART, 2 days after its end date.
  await orden('O2', {
    creada: Date.UTC(2026, 2, 1, 2, 30),
    estado: ESTADO.FINALIZADA,
    fechaFin: finDia(3, 10),
    finalizada: finDia(3, 12),
    tipo: t1,
    cliente: c1,
    resp: [ana],
  });
  // Open, due 15/03: late by now - end = 25.5 days.
  await orden('O3', {
    creada: Date.UTC(2026, 2, 10, 12),
    estado: ESTADO.EN_PROCESO,
    fechaFin: finDia(3, 15),
    tipo: t2,
    cliente: c2,
    resp: [beto],
  });
  // Created 31/03 23:30 ART: the last half hour of the range. Nothing else.
  await orden('O4', { creada: Date.UTC(2026, 3, 1, 2, 30), estado: ESTADO.PENDIENTE });
  // Created 01/04 00:00 ART: outside. Due 31/03 and open: late 9.5 days, in the delay set.
  await orden('O5', {
    creada: Date.UTC(2026, 3, 1, 3),
    estado: ESTADO.PENDIENTE,
    fechaFin: finDia(3, 31),
    tipo: t1,
    cliente: c1,
    resp: [beto],
  });
  // Cancelled: counted as created, never in the delay set.
  await orden('O6', { creada: Date.UTC(2026, 2, 15, 12), estado: ESTADO.CANCELADA, fechaFin: finDia(3, 20), tipo: t2 });
  // Two responsables; finished 1 day late (04/03 23:59:59.999 ART against 03/03).
  await orden('O7', {
    creada: Date.UTC(2026, 2, 2, 12),
    estado: ESTADO.FINALIZADA,
    fechaFin: finDia(3, 3),
    finalizada: finDia(3, 4),
    tipo: t2,
    cliente: c2,
    resp: [ana, beto],
  });
  // Deleted: nowhere.
  await orden('O9', {
    creada: Date.UTC(2026, 2, 10, 12),
    estado: ESTADO.FINALIZADA,
    fechaFin: finDia(3, 11),
    finalizada: finDia(3, 20),
    tipo: t1,
    resp: [ana],
    eliminada: true,
  });
  // April, for the dashboard: due today (ana), due Sunday 12/04, due 20/04; finished in April in 24 h.
  await orden('O10', {
    creada: Date.UTC(2026, 3, 5, 12),
    estado: ESTADO.EN_ESPERA,
    fechaFin: finDia(4, 10),
    tipo: t1,
    resp: [ana],
  });
  await orden('O11', { creada: Date.UTC(2026, 3, 5, 12), estado: ESTADO.PENDIENTE, fechaFin: finDia(4, 12), tipo: t1 });
  await orden('O12', { creada: Date.UTC(2026, 3, 5, 12), estado: ESTADO.PENDIENTE, fechaFin: finDia(4, 20), tipo: t1 });
  await orden('O13', {
    creada: Date.UTC(2026, 3, 2, 12),
    estado: ESTADO.FINALIZADA,
    fechaFin: finDia(4, 5),
    finalizada: Date.UTC(2026, 3, 3, 12),
    tipo: t1,
  });
  // Another company: late, in March; never in Demo's figures.
  await orden('O8', {
    entidad: otra,
    creada: Date.UTC(2026, 2, 10, 12),
    estado: ESTADO.FINALIZADA,
    fechaFin: finDia(3, 11),
    finalizada: finDia(3, 25),
    tipo: catOtra.tipos[0] ?? null,
    autor: otro,
    resp: [otro],
  });

  // Hours: 2 h of ana on 31/03 (in range), 1 h on 01/04 (outside).
  for (const [dia, minutos] of [
    ['2026-03-31', 120],
    ['2026-04-01', 60],
  ] as const) {
    await db.execute(sql`insert into registro_horas (entidad_id, orden_id, usuario_id, autor_id, fecha, dia, minutos)
      values (${demo}, ${ids.O1}, ${ana}, ${ana}, ${new Date(AHORA).toISOString()}::timestamptz, ${dia}::date, ${minutos})`);
  }
  // Surveys: 5 on O1 (06/03), 2 on O7 (31/03 23:30 ART), 4 on O1 answered 01/04 00:00 ART (outside), one unanswered.
  const encuesta = (orden: number, puntaje: number | null, respondida: number | null, e = demo, por = ana) =>
    db.execute(sql`insert into encuesta (entidad_id, orden_id, email, token_hash, enviada_por, enviada_en, vence_en, puntaje, respondida_en)
      values (${e}, ${orden}, 'c@x.test', ${`h${orden}-${puntaje}-${respondida}`}, ${por}, ${new Date(MARZO.fechaDesde).toISOString()}::timestamptz,
        ${new Date(AHORA + DIA).toISOString()}::timestamptz, ${puntaje}, ${respondida == null ? null : new Date(respondida).toISOString()}::timestamptz)`);
  await encuesta(ids.O1 as number, 5, Date.UTC(2026, 2, 6, 12));
  await encuesta(ids.O7 as number, 2, Date.UTC(2026, 3, 1, 2, 30));
  await encuesta(ids.O1 as number, 4, Date.UTC(2026, 3, 1, 3));
  await encuesta(ids.O3 as number, null, null);
  await encuesta(ids.O8 as number, 1, Date.UTC(2026, 2, 26, 12), otra, otro);
}, 60_000);

afterAll(async () => {
  await env?.close();
});

describe('otra empresa', () => {
  it('ve solo lo suyo en cada gráfico', async () => {
    const g = (await grafico('ordenes-por-estado', 'otro')).body;
    expect(valores(g)).toEqual({ '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 });
    const d = (await grafico('demora-por-orden', 'otro')).body;
    expect(d.categorias.map((c) => Number(c.clave))).toEqual([ids.O8]);
    const s = (await grafico('satisfaccion', 'otro')).body;
    expect(resumen(s)).toEqual({ respondidas: 1, promedio: 1 });
  });

  it('no puede pedir el tipo de otra empresa (404) y su desempeño no nombra a nadie de Demo', async () => {
    const r = await call('POST', '/api/v2/estadisticas/demora/ordenes', 'otro', { ...MARZO, tipo: tipos[0] });
    expect(r.status).toBe(404);
    const a = await call('POST', '/api/v2/estadisticas/demora/export/acceso', 'otro', { ...MARZO, tipo: tipos[0] });
    expect(a.status).toBe(404);
    const d = await call<Desempeno>('POST', '/api/v2/estadisticas/responsables/desempeno', 'otro', MARZO);
    expect(d.body.responsables.map((x) => x.responsable.usuario)).toEqual(['otro']);
  });

  it('su tablero cuenta solo sus órdenes', async () => {
    const d = await call<Dashboard>('GET', '/api/v2/dashboard', 'otro');
    expect(d.status).toBe(200);
    const t = Object.fromEntries(d.body.tarjetas.map((x) => [x.clave, x.valor]));
    expect(t.abiertas).toBe(0);
    expect(t.vencidas).toBe(0);
  });
});

describe('permisos', () => {
  it('sin verEstadisticas: 403 en cada gráfico, el desempeño, las demoras y la exportación', async () => {
    for (const g of GRAFICOS) {
      const r = await grafico(g, 'ana');
      expect(r.status, g).toBe(403);
      expect((r.body as unknown as { message: string }).message).toBe('No tiene permiso para ver estadísticas.');
    }
    expect((await call('POST', '/api/v2/estadisticas/responsables/desempeno', 'ana', MARZO)).status).toBe(403);
    expect((await call('POST', '/api/v2/estadisticas/demora/ordenes', 'ana', MARZO)).status).toBe(403);
    expect((await call('POST', '/api/v2/estadisticas/demora/export/acceso', 'ana', MARZO)).status).toBe(403);
  });

  it('sin credenciales: 401', async () => {
    expect((await grafico('ordenes-por-estado', null as unknown as string)).status).toBe(401);
    expect((await call('GET', '/api/v2/dashboard', null)).status).toBe(401);
  });

  it('el tablero es de todos, sobre las órdenes que cada uno ve', async () => {
    const d = await call<Dashboard>('GET', '/api/v2/dashboard', 'ana');
    expect(d.status).toBe(200);
    const t = Object.fromEntries(d.body.tarjetas.map((x) => [x.clave, x.valor]));
    // ana is responsable of one open order: O10, due today.
    expect(t.abiertas).toBe(1);
    expect(t.vencenHoy).toBe(1);
    expect(t.vencidas).toBe(0);
  });
});

describe('gráficos (marzo de 2026, días de Argentina)', () => {
  it('por estado: los bordes del rango son días de Argentina; cancelada cuenta, eliminada no', async () => {
    const r = await grafico('ordenes-por-estado');
    expect(r.status).toBe(200);
    expect(r.body.fechaDesde).toBe(MARZO.fechaDesde);
    expect(r.body.fechaHasta).toBe(MARZO.fechaHasta);
    // O1 (01/03 00:30), O3, O4 (31/03 23:30), O6, O7; not O2 (28/02 23:30), O5 (01/04 00:00), O9 (deleted).
    expect(valores(r.body)).toEqual({ '1': 1, '2': 1, '3': 0, '4': 2, '5': 1 });
    expect(resumen(r.body)).toEqual({ total: 5 });
  });

  it('el rango se lee por días: cualquier ms del día da el día entero', async () => {
    // 01/03 15:00 ART and 31/03 00:00 ART: still 01/03 00:00 to 31/03 23:59:59.999.
    const r = await grafico('ordenes-por-estado', 'gerente', {
      fechaDesde: Date.UTC(2026, 2, 1, 18),
      fechaHasta: Date.UTC(2026, 2, 31, 3),
    });
    expect(r.body.fechaDesde).toBe(MARZO.fechaDesde);
    expect(r.body.fechaHasta).toBe(MARZO.fechaHasta);
    expect(resumen(r.body)).toEqual({ total: 5 });
  });

  it('por tipo, cliente y responsable, y cada filtro da en la lista las mismas órdenes', async () => {
    const [t1, t2] = tipos as [number, number];
    const [c1, c2] = clientes as [number, number];
    const porTipo = (await grafico('ordenes-por-tipo')).body;
    expect(porTipo.categorias.map((c) => [c.clave, c.nombre, c.cantidad])).toEqual([
      [String(t2), 'Preventivo', 3],
      [String(t1), 'Correctivo', 1],
      ['sin-tipo', 'Sin tipo', 1],
    ]);
    const porCliente = (await grafico('ordenes-por-cliente')).body;
    expect(valores(porCliente)).toEqual({ [String(c2)]: 2, [String(c1)]: 1, 'sin-cliente': 2 });
    const porResp = (await grafico('ordenes-por-responsable')).body;
    // O7 has two responsables and counts for both; O4 and O6 have none.
    expect(valores(porResp)).toEqual({ [String(ana)]: 2, [String(beto)]: 2, 'sin-responsable': 2 });
    for (const g of [porTipo, porCliente, porResp]) {
      for (const c of g.categorias) {
        if (!c.filtro) continue;
        const lista = await call<PaginaOrdenes>('POST', '/api/v4/ordenes/all/filtered', 'gerente', c.filtro);
        expect(lista.body.total, `${g.grafico} ${c.clave}`).toBe(c.cantidad);
      }
    }
  });

  it('creadas y finalizadas por mes y por semana (lunes de Argentina)', async () => {
    const mes = (await grafico('creadas-vs-finalizadas-mes')).body;
    expect(mes.categorias.map((c) => c.nombre)).toEqual(['mar 2026']);
    expect(mes.series.map((s) => s.valores)).toEqual([[5], [3]]);
    const sem = (await grafico('creadas-vs-finalizadas-semana')).body;
    expect(sem.categorias.map((c) => c.clave)).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    // O6 was created Sunday 15/03 09:00 ART: week of 09/03. O2 finished 12/03 23:59 ART: week of 09/03.
    expect(sem.series[0]?.valores).toEqual([1, 1, 2, 0, 0, 1]);
    expect(sem.series[1]?.valores).toEqual([0, 2, 1, 0, 0, 0]);
    // The first week is cut to the range: its filter starts 01/03, and so does its name (its Monday,
    // 23/02, is outside the range); the others are named by their Monday.
    expect(sem.categorias[0]?.filtro?.fechaDesde).toBe(MARZO.fechaDesde);
    expect(sem.categorias.map((c) => c.nombre)).toEqual([
      '01/03/2026',
      '02/03/2026',
      '09/03/2026',
      '16/03/2026',
      '23/03/2026',
      '30/03/2026',
    ]);
  });

  it('tiempo de resolución de las finalizadas en el rango', async () => {
    const g = (await grafico('tiempo-resolucion')).body;
    // O7 2.62 d, O1 4.48 d, O2 12.02 d.
    expect(g.series[0]?.valores).toEqual([0, 1, 1, 1, 0, 0]);
    expect(resumen(g)).toEqual({ finalizadas: 3, mediana: 4.48, promedio: 6.37 });
  });

  it('demora por orden, por tipo y por responsable', async () => {
    const porOrden = (await grafico('demora-por-orden')).body;
    expect(porOrden.categorias.map((c) => Number(c.clave))).toEqual([ids.O3, ids.O5, ids.O2, ids.O7]);
    expect(porOrden.series[0]?.valores).toEqual([25.5, 9.5, 2, 1]);
    expect(resumen(porOrden)).toEqual({ conVencimiento: 5, conDemora: 4, promedio: 9.5, mediana: 5.75 });
    const porTipo = (await grafico('demora-por-tipo')).body;
    expect(porTipo.categorias.map((c) => [c.clave, c.cantidad])).toEqual([
      [String(tipos[1]), 2],
      [String(tipos[0]), 2],
    ]);
    expect(porTipo.series[0]?.valores).toEqual([13.25, 5.75]);
    const porUsuario = (await grafico('demora-por-usuario')).body;
    expect(porUsuario.categorias.map((c) => [c.nombre, c.cantidad])).toEqual([
      ['Beto Bravo', 3],
      ['Ana Alvarez', 2],
    ]);
    expect(porUsuario.series[0]?.valores).toEqual([12, 1.5]);
  });

  it('satisfacción de las encuestas respondidas en el rango', async () => {
    const g = (await grafico('satisfaccion')).body;
    expect(g.series[0]?.valores).toEqual([0, 1, 0, 0, 1]);
    expect(resumen(g)).toEqual({ respondidas: 2, promedio: 3.5 });
    expect(g.aviso).toBeNull();
  });

  it('sin rango: el de SPEC §9 (01/06/2019 a 30/10/2019)', async () => {
    const r = await grafico('ordenes-por-estado', 'gerente', {});
    expect(r.status).toBe(200);
    expect(r.body.fechaDesde).toBe(Date.UTC(2019, 5, 1, 3));
    expect(r.body.fechaHasta).toBe(Date.UTC(2019, 9, 31, 2, 59, 59, 999));
    expect(resumen(r.body)).toEqual({ total: 0 });
  });
});

describe('demoras y desempeño', () => {
  it('demora por orden: resumen, situación y tipo', async () => {
    const r = await call<DemorasOrdenes>('POST', '/api/v2/estadisticas/demora/ordenes', 'gerente', MARZO);
    expect(r.status).toBe(200);
    expect(r.body.resumen).toEqual({
      conVencimiento: 5,
      finalizadasATiempo: 1,
      finalizadasConDemora: 2,
      vencidas: 2,
      enPlazo: 0,
      demoraPromedioDias: 9.5,
      demoraMedianaDias: 5.75,
    });
    expect(r.body.ordenes.map((o) => [o.id, o.situacion, o.demoraDias])).toEqual([
      [ids.O3, 'vencida', 25.5],
      [ids.O5, 'vencida', 9.5],
      [ids.O2, 'finalizadaConDemora', 2],
      [ids.O7, 'finalizadaConDemora', 1],
    ]);
    expect(r.body.ordenes[3]?.responsables.map((p) => p.usuario)).toEqual(['ana', 'beto']);
    const todas = await call<DemorasOrdenes>('POST', '/api/v2/estadisticas/demora/ordenes', 'gerente', {
      ...MARZO,
      soloConDemora: false,
      porPagina: 2,
      pagina: 2,
    });
    expect(todas.body.total).toBe(5);
    expect(todas.body.ordenes.map((o) => [o.id, o.situacion, o.demoraDias])).toEqual([
      [ids.O1, 'finalizadaATiempo', 0],
    ]);
    const t1 = await call<DemorasOrdenes>('POST', '/api/v2/estadisticas/demora/ordenes', 'gerente', {
      ...MARZO,
      tipo: tipos[0],
    });
    expect(t1.body.tipo).toEqual({ id: tipos[0], nombre: 'Correctivo' });
    expect(t1.body.ordenes.map((o) => o.id)).toEqual([ids.O5, ids.O2]);
    expect(t1.body.resumen.conVencimiento).toBe(3);
  });

  it('desempeño por responsable: el de peor puntualidad primero', async () => {
    const r = await call<Desempeno>('POST', '/api/v2/estadisticas/responsables/desempeno', 'gerente', MARZO);
    expect(r.status).toBe(200);
    const [b, a] = r.body.responsables;
    expect(b).toMatchObject({
      responsable: { id: beto, usuario: 'beto' },
      finalizadas: 1,
      finalizadasConVencimiento: 1,
      finalizadasATiempo: 0,
      porcentajeATiempo: 0,
      medianaDemoraDias: 1,
      vencidasAbiertas: 2,
      abiertas: 2,
      horas: 0,
      satisfaccion: 2,
      encuestasRespondidas: 1,
      filtroVencidas: { responsable: beto, vencidas: true },
    });
    expect(a).toMatchObject({
      responsable: { id: ana },
      finalizadas: 3,
      finalizadasATiempo: 1,
      porcentajeATiempo: 33.33,
      medianaDemoraDias: 1.5,
      vencidasAbiertas: 0,
      abiertas: 1,
      horas: 2,
      satisfaccion: 3.5,
      encuestasRespondidas: 2,
    });
    // The filter of beto's overdue orders gives them in the list.
    const lista = await call<PaginaOrdenes>('POST', '/api/v4/ordenes/all/filtered', 'gerente', b?.filtroVencidas);
    expect(lista.body.ordenes.map((o) => o.id).sort()).toEqual([ids.O3, ids.O5].sort());
    expect(r.body.vencidasAbiertas).toBe(2);
  });

  it('una orden vencida de dos responsables está en la fila de cada uno, y una vez en el total', async () => {
    const db = env.database.db;
    await db.execute(sql`insert into orden_responsables (orden_id, usuario_id) values (${ids.O3}, ${ana})`);
    try {
      const r = await call<Desempeno>('POST', '/api/v2/estadisticas/responsables/desempeno', 'gerente', MARZO);
      const de = (id: number) => r.body.responsables.find((x) => x.responsable.id === id)?.vencidasAbiertas;
      expect([de(beto), de(ana)]).toEqual([2, 1]);
      expect(r.body.vencidasAbiertas).toBe(2);
      const otra = await call<Desempeno>('POST', '/api/v2/estadisticas/responsables/desempeno', 'otro', MARZO);
      expect(otra.body.vencidasAbiertas).toBe(0);
    } finally {
      await db.execute(sql`delete from orden_responsables where orden_id = ${ids.O3} and usuario_id = ${ana}`);
    }
  });
});

describe('tablero', () => {
  it('tarjetas del mes en curso, y cada filtro da las mismas órdenes en la lista', async () => {
    const r = await call<Dashboard>('GET', '/api/v2/dashboard', 'gerente');
    expect(r.status).toBe(200);
    expect(r.body.fechaDesde).toBe(Date.UTC(2026, 3, 1, 3));
    expect(r.body.fechaHasta).toBe(finDia(4, 30));
    const t = Object.fromEntries(r.body.tarjetas.map((x) => [x.clave, x]));
    expect(t.abiertas?.valor).toBe(6); // O3, O4, O5, O10, O11, O12
    expect(t.vencidas?.valor).toBe(2); // O3, O5
    expect(t.vencenHoy?.valor).toBe(1); // O10
    expect(t.vencenEstaSemana?.valor).toBe(2); // O10, O11 (Sunday 12/04)
    expect(t.finalizadasEnPeriodo?.valor).toBe(1); // O13
    expect(t.medianaResolucion?.valor).toBe(24);
    expect(t.porcentajeATiempo).toMatchObject({ valor: 100, total: 1 });
    expect(t.quotaUsada).toMatchObject({ valor: 10, total: 100 });
    // Every card but the quota opens its orders: a count, the same orders; the median and the
    // on-time share, the finished orders of the period they are computed over.
    expect(r.body.tarjetas.filter((x) => !x.filtro).map((x) => x.clave)).toEqual(['quotaUsada']);
    expect(t.finalizadasEnPeriodo?.filtro).toMatchObject({ campoFecha: 'finalizada', estados: [4] });
    for (const x of r.body.tarjetas) {
      if (!x.filtro) continue;
      const lista = await call<PaginaOrdenes>('POST', '/api/v4/ordenes/all/filtered', 'gerente', x.filtro);
      const esperado = x.unidad === 'ordenes' ? x.valor : t.finalizadasEnPeriodo?.valor;
      expect(lista.body.total, x.clave).toBe(esperado);
    }
    const venc = r.body.graficos.find((g) => g.grafico === 'vencimientos');
    expect(venc?.series[0]?.valores).toEqual([2, 1, 1, 1, 1]);
    for (const c of venc?.categorias ?? []) {
      if (!c.filtro) continue;
      const lista = await call<PaginaOrdenes>('POST', '/api/v4/ordenes/all/filtered', 'gerente', c.filtro);
      expect(lista.body.total, c.clave).toBe(c.cantidad);
    }
  });

  it('la serie en el tiempo llega hasta hoy, y un período largo va por semana o por mes', async () => {
    const serie = (d: Dashboard) => d.graficos.find((g) => g.grafico === 'creadas-vs-finalizadas');
    // April, read on 10/04: ten days, none after today drawn as zeros.
    const abril = serie((await call<Dashboard>('GET', '/api/v2/dashboard', 'gerente')).body);
    expect(abril?.titulo).toBe('Creadas y finalizadas por día');
    expect(abril?.categorias.map((c) => c.clave)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-04-${String(i + 1).padStart(2, '0')}`),
    );
    // A year (2025-05-01 to 2026-04-30): twelve months, the last one April up to today.
    const anio = serie(
      (
        await call<Dashboard>('POST', '/api/v4/dashboard', 'gerente', {
          fechaDesde: Date.UTC(2025, 4, 1, 3),
          fechaHasta: finDia(4, 30),
        })
      ).body,
    );
    expect(anio?.titulo).toBe('Creadas y finalizadas por mes');
    expect(anio?.categorias).toHaveLength(12);
    expect(anio?.categorias.at(-1)?.filtro).toMatchObject({ fechaHasta: finDia(4, 10) });
    // March's total is the same whether read by day or within the year by month.
    const marzoPorDia = serie((await call<Dashboard>('POST', '/api/v4/dashboard', 'gerente', MARZO)).body);
    const suma = (v: number[] | undefined) => (v ?? []).reduce((a, b) => a + b, 0);
    const marzoEnAnio = anio?.series[0]?.valores[anio.categorias.findIndex((c) => c.clave === '2026-03-01')];
    expect(marzoEnAnio).toBe(suma(marzoPorDia?.series[0]?.valores));
    // Three months: by week.
    const trimestre = serie(
      (
        await call<Dashboard>('POST', '/api/v4/dashboard', 'gerente', {
          fechaDesde: Date.UTC(2026, 0, 1, 3),
          fechaHasta: finDia(3, 31),
        })
      ).body,
    );
    expect(trimestre?.titulo).toBe('Creadas y finalizadas por semana');
  });

  it('con los filtros de la lista de órdenes', async () => {
    const r = await call<Dashboard>('POST', '/api/v4/dashboard', 'gerente', { tipo: tipos[1], ...MARZO });
    expect(r.status).toBe(200);
    const t = Object.fromEntries(r.body.tarjetas.map((x) => [x.clave, x]));
    expect(t.abiertas?.valor).toBe(1); // O3
    expect(t.abiertas?.filtro).toEqual({ tipo: tipos[1], estados: [1, 2, 3] });
    expect(t.finalizadasEnPeriodo?.valor).toBe(1); // O7 in March
    expect(t.porcentajeATiempo?.valor).toBe(0);
    expect(r.body.fechaDesde).toBe(MARZO.fechaDesde);
  });

  it('un cambio en las órdenes se ve al instante (la caché del tablero se descarta)', async () => {
    const abiertas = async () =>
      (await call<Dashboard>('GET', '/api/v2/dashboard', 'gerente')).body.tarjetas.find((x) => x.clave === 'abiertas')
        ?.valor;
    expect(await abiertas()).toBe(6);
    const r = await call('PUT', `/api/v2/estado/${ids.O12}`, 'gerente', {
      estado: ESTADO.CANCELADA,
      comentarios: 'Ya no hace falta',
    });
    expect(r.status).toBe(200);
    expect(await abiertas()).toBe(5);
  });
});

describe('exportación de demoras', () => {
  it('un token de un solo uso, que nunca se registra, y el Excel con cada orden', async () => {
    const a = await call<AccesoExport>('POST', '/api/v2/estadisticas/demora/export/acceso', 'gerente', MARZO);
    expect(a.status).toBe(200);
    expect(a.body.expira).toBe(AHORA + 2 * 60_000);
    expect(a.body.url).toContain(`access=${encodeURIComponent(a.body.access)}`);
    const r = await call('GET', a.body.url, null);
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('spreadsheetml');
    expect(String(r.headers['content-disposition'])).toContain('demoras-2026-03-01-a-2026-03-31.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('Demoras');
    expect(wb.title).toBe('Demoras del 01/03/2026 al 31/03/2026 · Todos los tipos de orden');
    const filas: unknown[][] = [];
    ws?.eachRow((row, i) => {
      if (i > 1) filas.push([row.getCell(2).value, row.getCell(10).value, row.getCell(11).value]);
    });
    // By due date: O7 (03/03), O1 (05/03), O2 (10/03), O3 (15/03), O5 (31/03).
    expect(filas).toEqual([
      ['Orden O7', 'Finalizada con demora', 1],
      ['Orden O1', 'Finalizada a tiempo', 0],
      ['Orden O2', 'Finalizada con demora', 2],
      ['Orden O3', 'Vencida (abierta)', 25.5],
      ['Orden O5', 'Vencida (abierta)', 9.5],
    ]);
    // Reused: 410.
    const otra = await call<{ code: string; message: string }>('GET', a.body.url, null);
    expect(otra.status).toBe(410);
    expect(otra.body.code).toBe('ENLACE_USADO');
    expect(logs).toContain('/api/v2/estadisticas/demora/export');
    expect(logs).not.toContain(a.body.access);
  });

  it('de un tipo: el tipo en el nombre del archivo, de la hoja y en el título, y solo sus órdenes', async () => {
    const a = await call<AccesoExport>('POST', '/api/v2/estadisticas/demora/export/acceso', 'gerente', {
      ...MARZO,
      tipo: tipos[1],
    });
    expect(a.status).toBe(200);
    const r = await call('GET', a.body.url, null);
    expect(r.status).toBe(200);
    expect(String(r.headers['content-disposition'])).toContain('demoras-preventivo-2026-03-01-a-2026-03-31.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('Demoras · Preventivo');
    expect(wb.title).toBe('Demoras del 01/03/2026 al 31/03/2026 · Tipo de orden: Preventivo');
    // The header is still the first row; every order below is of the type.
    expect((ws?.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Número', 'Título', 'Tipo']);
    const tiposDeFilas = new Set<unknown>();
    ws?.eachRow((row, i) => i > 1 && tiposDeFilas.add(row.getCell(3).value));
    expect([...tiposDeFilas]).toEqual(['Preventivo']);
  });

  it('forjado (404), vencido (410), sin access (400), otras fechas (400); nunca 5xx', async () => {
    const forjado = await call<{ code: string }>(
      'GET',
      `/api/v2/estadisticas/demora/export?access=${'A'.repeat(43)}`,
      null,
    );
    expect(forjado.status).toBe(404);
    expect(forjado.body.code).toBe('ENLACE_INVALIDO');
    expect((await call('GET', '/api/v2/estadisticas/demora/export', null)).status).toBe(400);
    expect((await call('GET', '/api/v2/estadisticas/demora/export?fechaDesde=abc&access=x', null)).status).toBe(400);

    const a = await call<AccesoExport>('POST', '/api/v2/estadisticas/demora/export/acceso', 'gerente', MARZO);
    const otroRango = await call(
      'GET',
      `/api/v2/estadisticas/demora/export?fechaDesde=${Date.UTC(2026, 1, 1, 12)}&access=${a.body.access}`,
      null,
    );
    expect(otroRango.status).toBe(400);
    env.clock.advance(2 * 60_000 + 1);
    try {
      const vencido = await call<{ code: string }>('GET', a.body.url, null);
      expect(vencido.status).toBe(410);
      expect(vencido.body.code).toBe('ENLACE_VENCIDO');
    } finally {
      env.clock.t = new Date(AHORA);
    }
  });
});

describe('datos inválidos: 4xx en español, nunca 5xx', () => {
  it('un gráfico que no existe', async () => {
    const r = await call<{ message: string }>('POST', '/api/v2/estadisticas/torta', 'gerente', MARZO);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('El gráfico no existe');
  });

  it('fechaDesde posterior a fechaHasta, más de 5 años, fechas que no son números', async () => {
    const desdeMayor = await call<{ message: string }>('POST', '/api/v2/estadisticas/ordenes-por-estado', 'gerente', {
      fechaDesde: MARZO.fechaHasta,
      fechaHasta: MARZO.fechaDesde,
    });
    expect(desdeMayor.status).toBe(400);
    expect(desdeMayor.body.message).toContain('La fecha desde no puede ser posterior a la fecha hasta.');
    const largo = await call<{ message: string }>('POST', '/api/v2/estadisticas/ordenes-por-estado', 'gerente', {
      fechaDesde: Date.UTC(2020, 0, 1, 3),
      fechaHasta: Date.UTC(2025, 0, 2, 3),
    });
    expect(largo.status).toBe(400);
    expect(largo.body.message).toContain('5 años');
    // Exactly 5 years is accepted.
    const cinco = await grafico('ordenes-por-estado', 'gerente', {
      fechaDesde: Date.UTC(2020, 0, 1, 3),
      fechaHasta: Date.UTC(2025, 0, 1, 3),
    });
    expect(cinco.status).toBe(200);
    for (const malo of ['2026-03-01', 'abc', 1.5, -1, true, {}]) {
      const r = await call<{ message: string }>('POST', '/api/v2/estadisticas/ordenes-por-estado', 'gerente', {
        fechaDesde: malo,
      });
      expect(r.status, JSON.stringify(malo)).toBe(400);
      expect(r.body.message).toContain('fecha');
    }
    for (const url of [
      '/api/v2/estadisticas/demora/ordenes',
      '/api/v2/estadisticas/responsables/desempeno',
      '/api/v2/estadisticas/demora/export/acceso',
    ]) {
      const r = await call('POST', url, 'gerente', { fechaDesde: MARZO.fechaHasta, fechaHasta: MARZO.fechaDesde });
      expect(r.status, url).toBe(400);
    }
    const dash = await call('POST', '/api/v4/dashboard', 'gerente', {
      fechaDesde: MARZO.fechaHasta,
      fechaHasta: MARZO.fechaDesde,
    });
    expect(dash.status).toBe(400);
  });
});
