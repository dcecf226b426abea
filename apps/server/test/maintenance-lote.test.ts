import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISOS_GLOBALES } from '@delego/contract';
import { makeMantenimientos } from '../src/seed/mantenimiento.js';
import { resumenGuardadoYRecalculado } from './resumen-recalculado.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * The scheduler's orders are created a batch at a time, in one statement of the orders module
 * (`crearVariasEnTransaccion`; docs/MANTENIMIENTO.md). On the engine of TEST_DB: each order is what
 * a single create makes (number, history, responsables, statistics), the quota is taken in the
 * occurrences' order as far as it goes and never more, a refused one fails with its reason without
 * taking quota, and another company's quota, numbers and orders are never touched.
 */
let env: TestEnv;
let demo = 0;
let otra = 0;
let cliente = 0;
let clienteBaja = 0;
let clienteOtra = 0;
let tipo = 0;
let u: Record<'admin' | 'omar' | 'baja' | 'olga', number>;

const AHORA = new Date('2026-06-10T15:00:00Z');
const tick = () => env.puertos().maintenance.ejecutar();

beforeAll(async () => {
  env = await createTestEnv({ ejecutorMantenimiento: null });
  env.clock.t = AHORA;
  const db = env.database.db;
  demo = await makeEntidad(db, { nombre: 'Lotes SA', plan: 'Pyme', now: AHORA, quotaDisponible: 5 });
  otra = await makeEntidad(db, { nombre: 'Vecina SA', plan: 'Ilimitado', now: AHORA });
  [cliente, clienteBaja] = (await makeClientes(db, demo, [{ nombre: 'Clínica' }, { nombre: 'Cerrado' }])) as [
    number,
    number,
  ];
  [clienteOtra] = (await makeClientes(db, otra, [{ nombre: 'Panadería' }])) as [number];
  [tipo] = (await makeCatalogo(db, demo, { areas: ['General'], tipos: ['Preventivo'] })).tipos as [number];
  u = {
    admin: await makeUsuario(db, {
      entidadId: demo,
      usuario: 'admin',
      nombre: 'Ada',
      roles: ['ADMIN'],
      permisos: PERMISOS_GLOBALES,
    }),
    omar: await makeUsuario(db, { entidadId: demo, usuario: 'omar', nombre: 'Omar', apellido: 'Ortiz' }),
    baja: await makeUsuario(db, { entidadId: demo, usuario: 'baja', nombre: 'Bruno' }),
    olga: await makeUsuario(db, {
      entidadId: otra,
      usuario: 'olga',
      nombre: 'Olga',
      roles: ['PROPIETARIO'],
      permisos: PERMISOS_GLOBALES,
    }),
  };
}, 60_000);
afterAll(() => env?.close());

const filas = async <T>(q: ReturnType<typeof sql>) =>
  (await env.database.db.execute<T & Record<string, unknown>>(q)).rows;

const cupoDe = async (entidadId: number) =>
  (
    await filas<{ q: number | null }>(
      sql`select quota_disponible as q from suscripciones where entidad_id = ${entidadId}`,
    )
  )[0]!.q;

describe('órdenes del programador en lote', () => {
  it('cada orden como un alta suelta, el cupo en orden hasta donde alcanza, los rechazos con su motivo y otra empresa intacta', async () => {
    const db = env.database.db;
    // One order by hand first: number 1, four left of the quota.
    const mano = await env.app.inject({
      method: 'POST',
      url: '/api/v2/ordenes/save',
      headers: auth('admin'),
      payload: { titulo: 'A mano', cliente, responsable: [u.omar] },
    });
    expect(mano.statusCode, mano.body).toBe(200);
    expect(await cupoDe(demo)).toBe(4);

    // Due today, in this order: two good ones, one for a client closed since, one whose
    // responsable left, four more good ones (the quota reaches two of them). Another company's
    // plans in between.
    const diaria = { regla: () => ({ tipo: 'dias' as const, cada: 1 }), inicio: () => '2026-06-10' };
    const plan = (titulo: string, o: { clienteId?: number; responsables?: number[] } = {}) =>
      makeMantenimientos(db, {
        entidadId: demo,
        clienteId: o.clienteId ?? cliente,
        creadoPor: u.admin,
        n: 1,
        ...diaria,
        titulo: () => titulo,
        responsables: o.responsables ?? [u.omar, u.admin],
      });
    await plan('Lote 1');
    await plan('Lote 2', { responsables: [] });
    await makeMantenimientos(db, {
      entidadId: otra,
      clienteId: clienteOtra,
      creadoPor: u.olga,
      n: 3,
      ...diaria,
      titulo: (i) => `Vecina ${i + 1}`,
      responsables: [u.olga],
    });
    await plan('Cliente cerrado', { clienteId: clienteBaja });
    await plan('Responsable de baja', { responsables: [u.omar, u.baja] });
    for (const n of [3, 4, 5, 6]) await plan(`Lote ${n}`);
    await db.execute(sql`update mantenimientos set tipo_orden_id = ${tipo} where titulo = 'Lote 3'`);
    await db.execute(sql`update clientes set activo = false where id = ${clienteBaja}`);
    await db.execute(sql`update usuarios set activo = false where id = ${u.baja}`);

    expect(await tick()).toEqual({ escritas: 11, creadas: 7, esperandoCupo: 2, fallidas: 2 });

    const ocurrencias = await filas<{
      titulo: string;
      estado: string;
      motivo: string | null;
      numero: number | null;
    }>(sql`
      select m.titulo, oc.estado, oc.motivo, o.numero
        from mantenimiento_ocurrencias oc join mantenimientos m on m.id = oc.mantenimiento_id
        left join ordenes o on o.id = oc.orden_id
       where oc.entidad_id = ${demo} order by oc.id`);
    expect(ocurrencias).toEqual([
      { titulo: 'Lote 1', estado: 'creada', motivo: null, numero: 2 },
      { titulo: 'Lote 2', estado: 'creada', motivo: null, numero: 3 },
      {
        titulo: 'Cliente cerrado',
        estado: 'fallida',
        motivo: 'El cliente indicado no existe o está inactivo.',
        numero: null,
      },
      {
        titulo: 'Responsable de baja',
        estado: 'fallida',
        motivo: 'Algún responsable indicado no existe o está inactivo.',
        numero: null,
      },
      { titulo: 'Lote 3', estado: 'creada', motivo: null, numero: 4 },
      { titulo: 'Lote 4', estado: 'creada', motivo: null, numero: 5 },
      { titulo: 'Lote 5', estado: 'esperando_cupo', motivo: null, numero: null },
      { titulo: 'Lote 6', estado: 'esperando_cupo', motivo: null, numero: null },
    ]);
    // The refused ones took no quota: four orders for the four left.
    expect(await cupoDe(demo)).toBe(0);
    // A refusal would repeat every day: those two plans are paused, and their author is told why,
    // once each; the others (and the other company's) stay active.
    expect(await filas(sql`select titulo, activo from mantenimientos where entidad_id = ${demo} order by id`)).toEqual([
      { titulo: 'Lote 1', activo: true },
      { titulo: 'Lote 2', activo: true },
      { titulo: 'Cliente cerrado', activo: false },
      { titulo: 'Responsable de baja', activo: false },
      { titulo: 'Lote 3', activo: true },
      { titulo: 'Lote 4', activo: true },
      { titulo: 'Lote 5', activo: true },
      { titulo: 'Lote 6', activo: true },
    ]);
    expect(
      await filas(sql`select count(*)::int as n from mantenimientos where not activo and entidad_id <> ${demo}`),
    ).toEqual([{ n: 0 }]);
    expect(
      await filas(sql`select usuario_id as usuario, titulo, mensaje from notificaciones
                       where titulo = 'Plan de mantenimiento pausado' order by id`),
    ).toEqual([
      {
        usuario: u.admin,
        titulo: 'Plan de mantenimiento pausado',
        mensaje:
          'No se pudo crear la orden de «Cliente cerrado»: El cliente indicado no existe o está inactivo. El plan quedó pausado; corríjalo y reanúdelo.',
      },
      {
        usuario: u.admin,
        titulo: 'Plan de mantenimiento pausado',
        mensaje:
          'No se pudo crear la orden de «Responsable de baja»: Algún responsable indicado no existe o está inactivo. El plan quedó pausado; corríjalo y reanúdelo.',
      },
    ]);

    // Each order as a single create leaves it: its fields, responsables and CREADA event with names.
    const ordenes = await filas<{
      titulo: string;
      tipo: number | null;
      creador: number;
      estado: number;
      fin: string;
      responsables: number[];
      evento: { responsables: number[]; nombres: string[] };
      eventoUsuario: number;
    }>(sql`
      select o.titulo, o.tipo_orden_id as tipo, o.registro_responsable_id as creador, o.estado_id as estado,
             to_char(o.fecha_fin at time zone 'America/Argentina/Buenos_Aires', 'YYYY-MM-DD HH24:MI') as fin,
             coalesce((select array_agg(r.usuario_id order by r.usuario_id) from orden_responsables r where r.orden_id = o.id), '{}') as responsables,
             e.datos as evento, e.usuario_id as "eventoUsuario"
        from ordenes o join orden_eventos e on e.orden_id = o.id and e.tipo = 'CREADA'
       where o.entidad_id = ${demo} and o.titulo like 'Lote %' order by o.numero`);
    expect(ordenes.map((o) => o.titulo)).toEqual(['Lote 1', 'Lote 2', 'Lote 3', 'Lote 4']);
    expect(ordenes[0]).toMatchObject({
      tipo: null,
      creador: u.admin,
      estado: 1,
      fin: '2026-06-10 23:59',
      responsables: [u.admin, u.omar].sort((a, b) => a - b),
      evento: { responsables: [u.omar, u.admin], nombres: ['Omar Ortiz', 'Ada'] },
      eventoUsuario: u.admin,
    });
    expect(ordenes[1]).toMatchObject({ responsables: [], evento: { responsables: [], nombres: [] } });
    expect(ordenes[2]).toMatchObject({ tipo });

    // The other company: its three orders numbered from 1, its quota (unlimited) as it was.
    expect(await filas(sql`select numero, titulo from ordenes where entidad_id = ${otra} order by numero`)).toEqual([
      { numero: 1, titulo: 'Vecina 1' },
      { numero: 2, titulo: 'Vecina 2' },
      { numero: 3, titulo: 'Vecina 3' },
    ]);
    expect(await cupoDe(otra)).toBeNull();
    expect(
      (
        await filas<{ n: number }>(
          sql`select count(*)::int as n from ordenes where entidad_id = ${otra} and titulo not like 'Vecina %'`,
        )
      )[0]!.n,
    ).toBe(0);

    // The statistics' rollup is exactly what the orders make.
    const r = await resumenGuardadoYRecalculado(env.database.db);
    expect(r.guardado).toEqual(r.recalculado);

    // Running again creates nothing; with quota back, the two waiting ones are created once.
    expect(await tick()).toMatchObject({ escritas: 0, creadas: 0, esperandoCupo: 2 });
    await db.execute(sql`update suscripciones set quota_disponible = 10 where entidad_id = ${demo}`);
    expect(await tick()).toMatchObject({ creadas: 2, esperandoCupo: 0 });
    await tick();
    expect(
      await filas(
        sql`select numero, titulo from ordenes where entidad_id = ${demo} and titulo in ('Lote 5', 'Lote 6') order by numero`,
      ),
    ).toEqual([
      { numero: 6, titulo: 'Lote 5' },
      { numero: 7, titulo: 'Lote 6' },
    ]);
    expect(await cupoDe(demo)).toBe(8);
    const despues = await resumenGuardadoYRecalculado(env.database.db);
    expect(despues.guardado).toEqual(despues.recalculado);
  });

  it('un lote y altas a mano a la vez nunca toman más cupo que el que hay, y los números no se repiten', async () => {
    const db = env.database.db;
    env.clock.t = new Date('2026-06-11T15:00:00Z');
    // Only these plans run: every other is paused (the other company's too).
    await db.execute(sql`update mantenimientos set activo = false`);
    await makeMantenimientos(db, {
      entidadId: demo,
      clienteId: cliente,
      creadoPor: u.admin,
      n: 12,
      regla: () => ({ tipo: 'dias', cada: 1 }),
      inicio: () => '2026-06-11',
      titulo: (i) => `Carrera ${i + 1}`,
      responsables: [u.omar],
    });
    await db.execute(sql`update suscripciones set quota_disponible = 9 where entidad_id = ${demo}`);
    const antes = (
      await filas<{ n: number }>(sql`select count(*)::int as n from ordenes where entidad_id = ${demo}`)
    )[0]!.n;
    const aMano = Array.from({ length: 6 }, (_, i) =>
      env.app.inject({
        method: 'POST',
        url: '/api/v2/ordenes/save',
        headers: auth('admin'),
        payload: { titulo: `Carrera a mano ${i + 1}`, cliente, responsable: [] },
      }),
    );
    const [corrida, ...respuestas] = await Promise.all([tick(), ...aMano]);
    const aceptadas = respuestas.filter((x) => x.statusCode === 200).length;
    for (const x of respuestas.filter((y) => y.statusCode !== 200)) {
      expect(x.statusCode).toBe(409);
      expect(x.json()).toMatchObject({ code: 'QUOTA_AGOTADA' });
    }
    // Exactly the nine there were, between the two; the rest of the occurrences wait.
    expect(corrida.creadas + aceptadas).toBe(9);
    expect(corrida.esperandoCupo).toBe(12 - corrida.creadas);
    expect(await cupoDe(demo)).toBe(0);
    const numeros = await filas<{ n: number; distintos: number; desde: number; hasta: number }>(sql`
      select count(*)::int as n, count(distinct numero)::int as distintos, min(numero) as desde, max(numero) as hasta
        from ordenes where entidad_id = ${demo}`);
    expect(numeros[0]).toEqual({ n: antes + 9, distintos: antes + 9, desde: 1, hasta: antes + 9 });
    const r = await resumenGuardadoYRecalculado(env.database.db);
    expect(r.guardado).toEqual(r.recalculado);
  });
});
