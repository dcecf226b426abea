import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJE_FECHA_MS, PERMISOS_GLOBALES, zFiltros } from '@delego/contract';
import { OrdersLecturasRepository } from '../src/modules/orders/orders.lecturas.repository.js';
import { auth, createTestEnv, makeCatalogo, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * The order list's search in Spanish (issue 36): accents and case aside, every word must match in
 * any order, each anywhere in the number, title, detail or client; wildcards are letters; another
 * company's orders never appear.
 */

type Json = Record<string, unknown>;

let env: TestEnv;
let demo: number;
const o: Record<string, number> = {};
let otraTanque: number;
let numeroTanque: number;

const call = (url: string, who: string, payload: Json) =>
  env.app.inject({ method: 'POST', url: `${url}?tsp=${Date.now()}`, headers: auth(who), payload });

async function crear(who: string, cuerpo: Json): Promise<{ id: number; numero: number }> {
  const r = await call('/api/v2/ordenes/save', who, cuerpo);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** The ids the list finds for `buscar`, sorted. */
async function buscar(texto: string, who = 'admin'): Promise<number[]> {
  const r = await call('/api/v4/ordenes/all/filtered', who, { buscar: texto, porPagina: 100 });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().ordenes as { id: number }[]).map((x) => x.id).sort((a, b) => a - b);
}

const ids = (...claves: string[]) => claves.map((k) => o[k] as number).sort((a, b) => a - b);

beforeAll(async () => {
  env = await createTestEnv();
  const db = env.database.db;
  const now = env.clock.now();
  demo = await makeEntidad(db, { nombre: 'Demo Servicios S.A.', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra Empresa S.R.L.', plan: 'Ilimitado', now });
  const [clinica, hotel] = (await makeClientes(db, demo, [
    { nombre: 'Clínica San Martín' },
    { nombre: 'Hotel Los Andes' },
  ])) as [number, number];
  const [clinicaOtra] = (await makeClientes(db, otra, [{ nombre: 'Clínica del Sur' }])) as [number];
  const cat = await makeCatalogo(db, demo, { areas: ['Mantenimiento'], tipos: ['Correctivo'] });
  const catOtra = await makeCatalogo(db, otra, { areas: ['Obras'], tipos: ['Correctivo'] });
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Martín',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'otra',
    nombre: 'Roberto',
    roles: ['PROPIETARIO'],
    permisos: PERMISOS_GLOBALES,
  });

  const base = { responsable: [], tipoOrden: cat.tipos[0], area: cat.areas[0], prioridad: cat.prioridades[0] };
  const orden = (titulo: string, detalle: string, cliente: number) =>
    crear('admin', { ...base, titulo, detalle, cliente });
  const tanque = await orden('Limpieza de tanque de agua', 'Cisterna de la terraza', hotel);
  o.tanque = tanque.id;
  numeroTanque = tanque.numero;
  o.tablero = (await orden('Revisión del tablero ELÉCTRICO', 'Disyuntor que salta', clinica)).id;
  o.pintura = (await orden('clinica veterinaria: pintura', 'Dos manos de látex', hotel)).id;
  o.descuento = (await orden('Descuento del 100% en repuestos', '', hotel)).id;
  o.costo = (await orden('Descuento de 100 pesos', 'Ver costo_total', hotel)).id;
  o.barra = (await orden('Cable 10\\20 mm', '', hotel)).id;
  otraTanque = (
    await crear('otra', {
      titulo: 'Limpieza de tanque de agua',
      detalle: 'Tablero eléctrico',
      cliente: clinicaOtra,
      responsable: [],
      tipoOrden: catOtra.tipos[0],
      area: catOtra.areas[0],
      prioridad: catOtra.prioridades[0],
    })
  ).id;
});

afterAll(async () => {
  await env?.close();
});

describe('búsqueda de órdenes en español', () => {
  it('nunca encuentra órdenes de otra empresa', async () => {
    expect(await buscar('tanque agua')).toEqual(ids('tanque'));
    expect(await buscar('sur')).toEqual([]);
    expect(await buscar('tablero electrico')).toEqual(ids('tablero'));
    expect(await buscar('tanque agua', 'otra')).toEqual([otraTanque]);
    expect(await buscar('clinica', 'otra')).toEqual([otraTanque]);
  });

  it('no distingue acentos ni mayúsculas, en los dos sentidos', async () => {
    // «Clínica» in the client's name, «clinica» in a title.
    expect(await buscar('clinica')).toEqual(ids('tablero', 'pintura'));
    expect(await buscar('Clínica')).toEqual(ids('tablero', 'pintura'));
    expect(await buscar('CLÍNICA')).toEqual(ids('tablero', 'pintura'));
    expect(await buscar('electrico')).toEqual(ids('tablero'));
    expect(await buscar('Eléctrico')).toEqual(ids('tablero'));
    expect(await buscar('revision')).toEqual(ids('tablero'));
    expect(await buscar('LATEX')).toEqual(ids('pintura'));
  });

  it('exige cada palabra, en cualquier orden y en cualquiera de los campos', async () => {
    expect(await buscar('tanque agua')).toEqual(ids('tanque'));
    expect(await buscar('agua tanque')).toEqual(ids('tanque'));
    expect(await buscar('  AGUA   Tanque  ')).toEqual(ids('tanque'));
    // Title and detail.
    expect(await buscar('cisterna limpieza')).toEqual(ids('tanque'));
    // Client and title.
    expect(await buscar('clinica tablero')).toEqual(ids('tablero'));
    expect(await buscar('martin disyuntor')).toEqual(ids('tablero'));
    expect(await buscar('hotel pintura')).toEqual(ids('pintura'));
  });

  it('la puntuación entre palabras no cuenta: comas, punto final, guiones', async () => {
    expect(await buscar('tanque, agua')).toEqual(ids('tanque'));
    expect(await buscar('tanque,agua')).toEqual(ids('tanque'));
    expect(await buscar('agua.')).toEqual(ids('tanque'));
    expect(await buscar('tablero-electrico')).toEqual(ids('tablero'));
    expect(await buscar('¿clínica? (veterinaria)')).toEqual(ids('pintura'));
    expect(await buscar(`#${numeroTanque}.`)).toEqual(ids('tanque'));
    // Still every word: punctuation does not turn the words into alternatives.
    expect(await buscar('tanque, pintura')).toEqual([]);
  });

  it('una palabra que no está en ninguna orden deja la búsqueda sin resultados', async () => {
    expect(await buscar('tanque agua piscina')).toEqual([]);
    expect(await buscar('tanque clinica')).toEqual([]);
    expect(await buscar('clinica hotel')).toEqual(ids('pintura'));
    expect(await buscar('tablero pintura')).toEqual([]);
  });

  it('toma %, _ y \\ como letras', async () => {
    expect(await buscar('%')).toEqual(ids('descuento'));
    expect(await buscar('100%')).toEqual(ids('descuento'));
    expect(await buscar('descuento 100')).toEqual(ids('descuento', 'costo'));
    expect(await buscar('_')).toEqual(ids('costo'));
    expect(await buscar('costo_total')).toEqual(ids('costo'));
    expect(await buscar('costo_tota_')).toEqual([]);
    expect(await buscar('10\\20')).toEqual(ids('barra'));
    expect(await buscar('\\')).toEqual(ids('barra'));
  });

  it('la lista simple (v2) busca igual', async () => {
    const r = await call('/api/v2/ordenes/all/filtered', 'admin', { buscar: 'AGUA tanque' });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as { id: number }[]).map((x) => x.id)).toEqual(ids('tanque'));
  });

  it('el número de la orden, con o sin #, es una palabra más', async () => {
    const numero = numeroTanque;
    expect(await buscar(`#${numero} agua`)).toEqual(ids('tanque'));
    expect(await buscar(`agua ${numero}`)).toEqual(ids('tanque'));
    expect(await buscar(`#${numero} pintura`)).toEqual([]);
  });

  it('los filtros envueltos en «filtros», como escribe SPEC §7 ({filtros}), filtran lo mismo', async () => {
    const sueltos = await call('/api/v4/ordenes/all/filtered', 'admin', { buscar: 'agua', porPagina: 100 });
    const envueltos = await call('/api/v4/ordenes/all/filtered', 'admin', {
      filtros: { buscar: 'agua' },
      porPagina: 100,
    });
    expect(envueltos.statusCode, envueltos.body).toBe(200);
    expect(envueltos.json().ordenes).toEqual(sueltos.json().ordenes);
    expect(envueltos.json().total).toBeLessThan((await call('/api/v4/ordenes/all/filtered', 'admin', {})).json().total);
    // The dashboard of the same filters, and the Excel's route takes them too.
    const tablero = (cuerpo: Json) => call('/api/v4/dashboard', 'admin', cuerpo);
    expect((await tablero({ filtros: { buscar: 'agua' } })).json()).toEqual((await tablero({ buscar: 'agua' })).json());
    expect((await call('/api/v2/ordenes/exportar', 'admin', { filtros: { buscar: 'agua' } })).statusCode).toBe(200);
    // A wrapped filter is checked as one that is not.
    const malo = await call('/api/v4/ordenes/all/filtered', 'admin', { filtros: { estados: ['x'] } });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().field).toMatch(/^estados/);
  });

  it('una fecha imposible es un 400 en su campo que lo dice una vez, en castellano', async () => {
    const r = await call('/api/v4/ordenes/all/filtered', 'admin', { fechaDesde: 1e20 });
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe('fechaDesde');
    expect(r.json().message).toBe(`Dato inválido en "fechaDesde": ${MENSAJE_FECHA_MS}`);
    expect(r.json().issues).toEqual([{ field: 'fechaDesde', message: MENSAJE_FECHA_MS }]);
    // Two failed checks of one id (not an integer, out of range) are one thing to fix.
    const id = await call('/api/v4/ordenes/all/filtered', 'admin', { estados: [1e300] });
    expect(id.statusCode).toBe(400);
    expect(id.json().issues).toHaveLength(1);
  });

  it('sin la caché de nombres (exportación, tablero) busca igual los clientes en la base', async () => {
    const repo = new OrdersLecturasRepository(env.database.db);
    const v = { actorId: 0, todo: true, clientes: [] };
    const contar = (texto: string) => repo.count(demo, v, zFiltros.parse({ buscar: texto }), env.clock.now());
    expect(await contar('CLINICA')).toBe(2);
    expect(await contar('martín tablero')).toBe(1);
    expect(await contar('sur')).toBe(0);
    expect(await contar('tanque clinica')).toBe(0);
    expect(await contar('clinica hotel')).toBe(1);
  });
});
