import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTADO,
  MENSAJES_POLITICA,
  PERMISOS_GLOBALES,
  type Cumplimiento,
  type Notificacion,
  type OrdenDetalle,
  type PaginaOrdenes,
  type Politica,
} from '@delego/contract';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * Service levels on orders end to end (issue 34, docs/SLA.md): policies (administrators, versions,
 * the most specific wins, bad input), the copy on each order that a later edit does not change,
 * the clock in business hours with a pause, the warnings at 80 % and at the breach exactly once
 * (two scans at once included), the list's filters, the repair of a lost copy, and another company.
 */
let env: TestEnv;
const H = 3_600_000;
/** Tuesday 1 December 2026, 09:00 in Buenos Aires (UTC-3): the start of a working day. */
const MARTES_9 = new Date('2026-12-01T12:00:00Z');
let clienteA = 0;
let clienteB = 0;
let tipo = 0;
let ajenoCliente = 0;
let operario = 0;
let admin = 0;
let dueno = 0;

const pedir = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, usuario = 'admin', payload?: object) =>
  env.app.inject({ method, url, headers: auth(usuario), ...(payload ? { payload } : {}) });

async function ok<T>(p: ReturnType<typeof pedir>): Promise<T> {
  const r = await p;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

const crearPolitica = (b: object, usuario = 'admin') => pedir('POST', '/api/v4/sla/politicas', usuario, b);

async function crearOrden(b: { cliente: number; tipoOrden?: number; titulo?: string }): Promise<number> {
  const d = await ok<OrdenDetalle>(
    pedir('POST', '/api/v2/ordenes/save', 'admin', { titulo: 'Caldera', responsable: [operario], ...b }),
  );
  await env.app.puertos.sla.idle();
  return d.id;
}

const detalle = (id: number, usuario = 'admin') => ok<OrdenDetalle>(pedir('GET', `/api/v3/ordenDTO/${id}`, usuario));

async function estado(id: number, estado: number) {
  await ok(pedir('PUT', `/api/v2/estado/${id}`, 'admin', { estado, comentarios: 'cambio' }));
  await env.app.puertos.sla.idle();
}

async function notificaciones(usuario: string): Promise<Notificacion[]> {
  await env.app.puertos.notifications.idle();
  return ok<Notificacion[]>(pedir('GET', '/api/v2/notificaciones/all', usuario));
}

const listar = (filtros: object, usuario = 'admin') =>
  ok<PaginaOrdenes>(pedir('POST', '/api/v4/ordenes/all/filtered', usuario, { porPagina: 100, ...filtros }));

beforeAll(async () => {
  env = await createTestEnv({ ejecutorSla: null });
  env.clock.t = MARTES_9;
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  [clienteA, clienteB] = (await makeClientes(db, demo, [{ nombre: 'Hotel' }, { nombre: 'Banco' }])) as [number, number];
  [ajenoCliente] = (await makeClientes(db, otra, [{ nombre: 'Ajeno' }])) as [number];
  [tipo] = (await makeCatalogo(db, demo, { areas: ['Taller'], tipos: ['Urgencia'] })).tipos as [number];
  admin = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Ana',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  dueno = await makeUsuario(db, { entidadId: demo, usuario: 'dueno', nombre: 'Laura', roles: ['PROPIETARIO'] });
  operario = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'operario',
    nombre: 'Diego',
    email: 'diego@demo.example.com',
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
});
afterAll(() => env?.close());

describe('políticas', () => {
  it('sin política, una orden no tiene nivel de servicio', async () => {
    env.clock.t = new Date(MARTES_9.getTime() - H);
    const id = await crearOrden({ cliente: clienteA });
    env.clock.t = MARTES_9;
    expect((await detalle(id)).sla).toBeNull();
  });

  it('rechaza lo inválido con el campo y el motivo, y no guarda nada', async () => {
    const casos: [object, string, string][] = [
      [{ nombre: 'x' }, 'resolucion', MENSAJES_POLITICA.sinObjetivo],
      [{ nombre: '', resolucion: { cantidad: 2, unidad: 'dias' } }, 'nombre', MENSAJES_POLITICA.nombre],
      [{ nombre: 'x', respuesta: { cantidad: 1001, unidad: 'horas' } }, 'respuesta.cantidad', MENSAJES_POLITICA.horas],
      [{ nombre: 'x', respuesta: { cantidad: 0, unidad: 'horas' } }, 'respuesta.cantidad', MENSAJES_POLITICA.cantidad],
      [
        { nombre: 'x', respuesta: { cantidad: 2, unidad: 'semanas' } },
        'respuesta.unidad',
        'Elija horas o días hábiles.',
      ],
      [
        { nombre: 'x', clienteId: ajenoCliente, respuesta: { cantidad: 2, unidad: 'horas' } },
        'clienteId',
        MENSAJES_POLITICA.referencia,
      ],
    ];
    for (const [b, campo, mensaje] of casos) {
      const r = await crearPolitica(b);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(campo);
      expect(r.body).toContain(mensaje);
    }
    expect((await ok<{ politicas: Politica[] }>(pedir('GET', '/api/v4/sla/politicas'))).politicas).toEqual([]);
  });

  it('solo un administrador las cambia; todos las leen; otra empresa no las ve', async () => {
    const b = { nombre: 'General', respuesta: { cantidad: 4, unidad: 'horas' } };
    expect((await crearPolitica(b, 'operario')).statusCode).toBe(403);
    const p = await ok<Politica>(crearPolitica({ ...b, resolucion: { cantidad: 2, unidad: 'dias' } }, 'dueno'));
    expect(p).toMatchObject({
      nombre: 'General',
      cliente: null,
      tipoOrden: null,
      prioridad: null,
      pausaEnEspera: true,
    });
    expect(
      (await ok<{ politicas: Politica[] }>(pedir('GET', '/api/v4/sla/politicas', 'operario'))).politicas,
    ).toHaveLength(1);
    expect((await ok<{ politicas: Politica[] }>(pedir('GET', '/api/v4/sla/politicas', 'ajeno'))).politicas).toEqual([]);
    expect((await pedir('PUT', `/api/v4/sla/politicas/${p.id}`, 'ajeno', b)).statusCode).toBe(404);
    expect((await pedir('DELETE', `/api/v4/sla/politicas/${p.id}`, 'ajeno')).statusCode).toBe(404);
    // The same client × type × priority twice: 409, in Spanish.
    const dup = await crearPolitica({ ...b, nombre: 'Otra general' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MENSAJES_POLITICA.duplicada);
  });
});

describe('la copia en la orden y la cuenta en horas hábiles', () => {
  let general: Politica;
  let orden = 0;

  beforeAll(async () => {
    [general] = (await ok<{ politicas: Politica[] }>(pedir('GET', '/api/v4/sla/politicas'))).politicas as [Politica];
    env.clock.t = MARTES_9;
    orden = await crearOrden({ cliente: clienteA, titulo: 'Pérdida de agua' });
  });

  it('copia la política en vigor con sus vencimientos en el horario de la empresa', async () => {
    const d = await detalle(orden);
    expect(d.sla).toMatchObject({
      politica: 'General',
      pausaEnEspera: true,
      inicio: MARTES_9.getTime(),
      pausadaDesde: null,
    });
    // 4 business hours from Tuesday 09:00: 13:00; 2 business days: Wednesday 18:00 (18 business hours).
    expect(d.sla?.respuesta).toMatchObject({ vence: MARTES_9.getTime() + 4 * H, totalMs: 4 * H, cumplidaEn: null });
    expect(d.sla?.resolucion).toMatchObject({ vence: Date.parse('2026-12-02T21:00:00Z'), totalMs: 18 * H });
    // The list carries the same.
    const fila = (await listar({})).ordenes.find((o) => o.id === orden);
    expect(fila?.sla).toEqual(d.sla);
  });

  it('editar la política no cambia las órdenes que ya la tienen; las nuevas toman la versión nueva', async () => {
    env.clock.t = new Date(MARTES_9.getTime() + 60_000);
    await ok(
      pedir('PUT', `/api/v4/sla/politicas/${general.id}`, 'admin', {
        nombre: 'General 2',
        respuesta: { cantidad: 1, unidad: 'horas' },
        pausaEnEspera: false,
      }),
    );
    expect((await detalle(orden)).sla).toMatchObject({ politica: 'General', respuesta: { totalMs: 4 * H } });
    const nueva = await crearOrden({ cliente: clienteA });
    expect((await detalle(nueva)).sla).toMatchObject({
      politica: 'General 2',
      respuesta: { totalMs: H },
      resolucion: null,
    });
    // And a lost copy, written again by the scan, is still the version of its creation.
    await env.database.db.execute(sql`delete from orden_sla where orden_id = ${orden}`);
    expect((await env.app.puertos.sla.escanear()).sincronizadas).toBe(1);
    expect((await detalle(orden)).sla).toMatchObject({ politica: 'General', respuesta: { totalMs: 4 * H } });
  });

  it('la más específica gana: el cliente sobre la de la empresa', async () => {
    await ok(crearPolitica({ nombre: 'Banco', clienteId: clienteB, resolucion: { cantidad: 8, unidad: 'horas' } }));
    await ok(crearPolitica({ nombre: 'Urgencias', tipoOrdenId: tipo, resolucion: { cantidad: 2, unidad: 'horas' } }));
    const banco = await crearOrden({ cliente: clienteB, tipoOrden: tipo });
    expect((await detalle(banco)).sla?.politica).toBe('Banco');
    const urgencia = await crearOrden({ cliente: clienteA, tipoOrden: tipo });
    expect((await detalle(urgencia)).sla?.politica).toBe('Urgencias');
  });

  it('responder cumple la respuesta; «En espera» detiene el reloj de la resolución y lo corre al volver', async () => {
    env.clock.t = new Date(MARTES_9.getTime() + H);
    await estado(orden, ESTADO.EN_PROCESO);
    let d = await detalle(orden);
    expect(d.sla?.respuesta?.cumplidaEn).toBe(MARTES_9.getTime() + H);
    env.clock.t = new Date(MARTES_9.getTime() + 2 * H);
    await estado(orden, ESTADO.EN_ESPERA);
    d = await detalle(orden);
    expect(d.sla?.pausadaDesde).toBe(MARTES_9.getTime() + 2 * H);
    // Three business hours paused: the resolution is due three business hours later (Thursday 12:00).
    env.clock.t = new Date(MARTES_9.getTime() + 5 * H);
    await estado(orden, ESTADO.EN_PROCESO);
    d = await detalle(orden);
    expect(d.sla?.pausadaDesde).toBeNull();
    expect(d.sla?.resolucion?.vence).toBe(Date.parse('2026-12-03T15:00:00Z'));
  });
});

describe('la reparación', () => {
  it('escribe otra vez la copia de una orden abierta que cambió sin ella; las cerradas ya no se revisan', async () => {
    env.clock.t = new Date(MARTES_9.getTime() + 6 * H);
    const abierta = await crearOrden({ cliente: clienteA, titulo: 'Abierta' });
    const cerrada = await crearOrden({ cliente: clienteA, titulo: 'Cerrada' });
    await estado(cerrada, ESTADO.FINALIZADA);
    const fila = async (id: number) =>
      (
        await env.database.db.execute<{ abierta: boolean; res: string | null }>(
          sql`select abierta, res_cumplida as res from orden_sla where orden_id = ${id}`,
        )
      ).rows[0];
    expect((await fila(cerrada))?.abierta).toBe(false);
    expect((await fila(abierta))?.abierta).toBe(true);
    // Both changed after their copy (a copy lost to a crash): only the open one is written again.
    await env.database.db.execute(
      sql`update orden_sla set sincronizada = sincronizada - interval '1 hour' where orden_id in (${abierta}, ${cerrada})`,
    );
    expect((await env.app.puertos.sla.escanear()).sincronizadas).toBe(1);
  });
});

describe('avisos exactamente una vez', () => {
  let orden = 0;
  let otra = 0;

  beforeAll(async () => {
    env.clock.t = new Date('2026-12-07T12:00:00Z'); // Monday 09:00
    // The earlier orders' warnings go first: what follows counts only these two.
    await env.app.puertos.sla.escanear();
    // The company policy now answers within 1 business hour (General 2, no pause).
    orden = await crearOrden({ cliente: clienteA, titulo: 'Tablero sin luz' });
    otra = await crearOrden({ cliente: clienteA, titulo: 'Otra' });
    await estado(otra, ESTADO.EN_PROCESO);
  });

  it('cada usuario elige recibir los avisos también por correo; empieza sin', async () => {
    expect(await ok(pedir('GET', '/api/v4/sla/avisos', 'operario'))).toEqual({ correo: false });
    expect((await pedir('PUT', '/api/v4/sla/avisos', 'operario', { correo: 'sí' })).statusCode).toBe(400);
    expect(await ok(pedir('PUT', '/api/v4/sla/avisos', 'operario', { correo: true }))).toEqual({ correo: true });
    expect(await ok(pedir('GET', '/api/v4/sla/avisos', 'operario'))).toEqual({ correo: true });
    // Another user's choice is their own.
    expect(await ok(pedir('GET', '/api/v4/sla/avisos', 'admin'))).toEqual({ correo: false });
  });

  it('al 80 %: a los responsables y a quien la creó, una sola vez aunque se escanee dos veces a la vez', async () => {
    env.clock.t = new Date(Date.parse('2026-12-07T12:00:00Z') + 0.85 * H);
    const [a, b] = await Promise.all([env.app.puertos.sla.escanear(), env.app.puertos.sla.escanear()]);
    expect(a.avisos + b.avisos).toBe(1);
    expect((await env.app.puertos.sla.escanear()).avisos).toBe(0);
    const delOperario = (await notificaciones('operario')).filter(
      (n) => n.ordenId === orden && n.tipo.startsWith('SLA_'),
    );
    expect(delOperario.map((n) => n.tipo)).toEqual(['SLA_POR_VENCER']);
    expect(delOperario[0]?.titulo).toContain('80 %');
    expect((await notificaciones('admin')).filter((n) => n.ordenId === orden).map((n) => n.tipo)).toEqual([
      'SLA_POR_VENCER',
    ]);
    // By mail too, once, to whoever chose it (the operario), in the outbox.
    const correos = await env.database.db.execute<{ para: string; asunto: string }>(
      sql`select para, asunto from correo_salida where tipo = 'aviso_sla'`,
    );
    expect(correos.rows).toEqual([{ para: 'diego@demo.example.com', asunto: expect.stringContaining('80 %') }]);
    // The other order answered in time: nothing for it.
    expect((await notificaciones('operario')).filter((n) => n.ordenId === otra && n.tipo.startsWith('SLA_'))).toEqual(
      [],
    );
    const porVencer = await listar({ sla: 'por-vencer' });
    expect(porVencer.ordenes.map((o) => o.id)).toContain(orden);
    expect(porVencer.ordenes.map((o) => o.id)).not.toContain(otra);
  });

  it('al vencer: incumplida, escalada a los administradores, una sola vez', async () => {
    env.clock.t = new Date(Date.parse('2026-12-07T12:00:00Z') + 1.5 * H);
    expect((await env.app.puertos.sla.escanear()).incumplidas).toBeGreaterThanOrEqual(1);
    expect((await env.app.puertos.sla.escanear()).incumplidas).toBe(0);
    const delDueno = (await notificaciones('dueno')).filter((n) => n.ordenId === orden);
    expect(delDueno.map((n) => n.tipo)).toEqual(['SLA_INCUMPLIDO']);
    const delOperario = (await notificaciones('operario')).filter(
      (n) => n.ordenId === orden && n.tipo.startsWith('SLA_'),
    );
    expect(delOperario.map((n) => n.tipo).sort()).toEqual(['SLA_INCUMPLIDO', 'SLA_POR_VENCER']);
    const d = await detalle(orden);
    expect(d.sla?.respuesta?.incumplidaEn).toBe(env.clock.now().getTime());
    expect((await listar({ sla: 'vencidas' })).ordenes.map((o) => o.id)).toContain(orden);
    expect((await listar({ sla: 'por-vencer' })).ordenes.map((o) => o.id)).not.toContain(orden);
    expect(dueno).toBeGreaterThan(0);
    expect(admin).toBeGreaterThan(0);
  });

  it('el cumplimiento cuenta cada objetivo: a tiempo, incumplido o en curso, por cliente, responsable y mes', async () => {
    const url = (por: string, usuario = 'admin') =>
      pedir(
        'GET',
        `/api/v4/sla/cumplimiento?fechaDesde=${Date.parse('2026-11-01T12:00:00Z')}&fechaHasta=${Date.parse('2026-12-31T12:00:00Z')}&por=${por}`,
        usuario,
      );
    const porCliente = await ok<Cumplimiento>(url('cliente'));
    // Eight orders with a service level (the first one was created before any policy).
    expect(porCliente.total).toMatchObject({
      ordenes: 8,
      respuesta: { cumplidas: 3, incumplidas: 3, enCurso: 0 },
      resolucion: { cumplidas: 0, incumplidas: 3, enCurso: 0 },
    });
    expect(porCliente.filas.map((f) => [f.nombre, f.ordenes])).toEqual([
      ['Banco', 1],
      ['Hotel', 7],
    ]);
    const porMes = await ok<Cumplimiento>(url('mes'));
    expect(porMes.filas.map((f) => f.clave)).toEqual(['2026-12']);
    const porResponsable = await ok<Cumplimiento>(url('responsable'));
    expect(porResponsable.filas).toEqual([
      expect.objectContaining({ clave: String(operario), nombre: 'Diego', ordenes: 8 }),
    ]);
    // Statistics' permission; and another company counts nothing of this one.
    expect((await url('cliente', 'dueno')).statusCode).toBe(403);
    expect((await ok<Cumplimiento>(url('cliente', 'ajeno'))).total.ordenes).toBe(0);
    expect((await url('semana')).statusCode).toBe(400);
  });

  it('los correos de avisos tienen un tope por dirección y otro por empresa en 24 h: pasados, solo queda la notificación', async () => {
    const mail = env.app.puertos.mail;
    const c = {
      tipo: 'aviso_sla' as const,
      para: 'tope@demo.example.com',
      entidadId: (
        await env.database.db.execute<{ id: number }>(sql`select entidad_id as id from usuarios where id = ${operario}`)
      ).rows[0]!.id,
      logo: null,
      contenido: { asunto: 'Aviso', html: '<p>Aviso</p>', texto: 'Aviso' },
    };
    const encolados = [];
    const topes = { porDestinatario: 2, porEmpresa: 100 };
    for (let i = 0; i < 3; i++)
      encolados.push(await env.database.db.transaction((tx) => mail.enqueueHasta(tx, c, topes)));
    expect(encolados).toEqual([true, true, false]);
    // And per company: past its cap, not even a fresh address gets one.
    const otra = { ...c, para: 'otra@demo.example.com' };
    expect(
      await env.database.db.transaction((tx) => mail.enqueueHasta(tx, otra, { porDestinatario: 10, porEmpresa: 2 })),
    ).toBe(false);
  });

  it('otra empresa no ve las órdenes ni sus niveles de servicio', async () => {
    expect((await pedir('GET', `/api/v3/ordenDTO/${orden}`, 'ajeno')).statusCode).toBe(404);
    expect((await listar({ sla: 'vencidas' }, 'ajeno')).ordenes).toEqual([]);
    expect((await notificaciones('ajeno')).filter((n) => n.tipo.startsWith('SLA_'))).toEqual([]);
  });
});

describe('la primera política de una empresa', () => {
  it('la orden siguiente ya tiene su nivel de servicio, sin esperar al escaneo', async () => {
    const db = env.database.db;
    const nueva = await makeEntidad(db, { nombre: 'Nueva', plan: 'Ilimitado', now: env.clock.now() });
    const [cliente] = (await makeClientes(db, nueva, [{ nombre: 'Fábrica' }])) as [number];
    await makeUsuario(db, {
      entidadId: nueva,
      usuario: 'nueva',
      nombre: 'Nora',
      roles: ['ADMIN'],
      permisos: PERMISOS_GLOBALES,
    });
    const crear = async () => {
      const d = await ok<OrdenDetalle>(pedir('POST', '/api/v2/ordenes/save', 'nueva', { titulo: 'Portón', cliente }));
      await env.app.puertos.sla.idle();
      return d.id;
    };
    // Without a policy, no row: the reaction cached «this company never had one».
    const antes = await crear();
    expect((await detalle(antes, 'nueva')).sla).toBeNull();
    await ok(crearPolitica({ nombre: 'General', resolucion: { cantidad: 2, unidad: 'dias' } }, 'nueva'));
    env.clock.advance(1_000);
    // The policy's event dropped that answer: the reaction writes the next order's row at once (no scan runs here).
    const despues = await crear();
    expect((await detalle(despues, 'nueva')).sla).toMatchObject({ politica: 'General', respuesta: null });
    expect((await detalle(antes, 'nueva')).sla).toBeNull();
  });
});

describe('una empresa con un horario imposible', () => {
  it('su orden sin vencimiento calculable no detiene el escaneo: las demás se reparan y los avisos siguen', async () => {
    env.clock.t = new Date('2026-12-14T12:00:00Z'); // Monday 09:00
    // Another company: one minute of work a week, and a target of 1.000 business hours (years away).
    const semana = await pedir('PUT', '/api/v4/sla/calendario/semana', 'ajeno', {
      semana: { '1': [{ desde: 540, hasta: 541 }], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] },
    });
    expect(semana.statusCode, semana.body).toBe(200);
    await ok(crearPolitica({ nombre: 'Lenta', resolucion: { cantidad: 1000, unidad: 'horas' } }, 'ajeno'));
    const imposible = await ok<OrdenDetalle>(
      pedir('POST', '/api/v2/ordenes/save', 'ajeno', { titulo: 'Sin fin', cliente: ajenoCliente, responsable: [] }),
    );
    await env.app.puertos.sla.idle();
    // This company's open order lost its copy meanwhile (a crash): the repair must reach it.
    const propia = await crearOrden({ cliente: clienteA, titulo: 'Reparable' });
    await env.database.db.execute(
      sql`update orden_sla set sincronizada = sincronizada - interval '1 hour' where orden_id = ${propia}`,
    );
    const desfasada = async () =>
      (
        await env.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from orden_sla s join ordenes o on o.id = s.orden_id
               where s.orden_id = ${propia} and s.sincronizada < o.actualizada`,
        )
      ).rows[0]?.n;
    expect(await desfasada()).toBe(1);

    expect((await env.app.puertos.sla.escanear()).sincronizadas).toBeGreaterThanOrEqual(1);
    expect(await desfasada()).toBe(0);
    // The impossible one has no copy, and is tried again on the next scan without stopping it.
    expect((await env.app.puertos.sla.escanear()).sincronizadas).toBe(0);
    const filas = await env.database.db.execute(sql`select 1 from orden_sla where orden_id = ${imposible.id}`);
    expect(filas.rows).toHaveLength(0);
  });
});
