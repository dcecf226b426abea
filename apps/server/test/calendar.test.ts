import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTADO,
  PERMISOS_GLOBALES,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO as ZONA,
  finDelDia,
  inicioDelDia,
  type Calendario,
  type OrdenDetalle,
  type PaginaOrdenes,
} from '@delego/contract';
import { auth, createTestEnv, makeClientes, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';

/**
 * GET /api/v4/calendario end to end (issue 32, docs/CALENDARIO.md): the range's validation, the
 * order list's visibility and filters, «editable», and another company.
 */
let env: TestEnv;
let clienteA: number;
let clienteB: number;
let operarioId: number;
let adminId: number;
let jefeId: number;
const ids: Record<string, number> = {};

const get = (url: string, usuario = 'admin') => env.app.inject({ method: 'GET', url, headers: auth(usuario) });
const calendario = async (query: string, usuario = 'admin'): Promise<Calendario> => {
  const r = await get(`/api/v4/calendario?${query}`, usuario);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const titulos = (c: Calendario) => c.ordenes.map((o) => o.titulo);

async function orden(titulo: string, dia: string | null, cliente: number, responsable: number[], usuario = 'admin') {
  const r = await env.app.inject({
    method: 'POST',
    url: '/api/v2/ordenes/save',
    headers: auth(usuario),
    payload: { titulo, cliente, responsable, fechaFin: dia === null ? null : finDelDia(dia, ZONA) },
  });
  expect(r.statusCode, r.body).toBe(200);
  ids[titulo] = (r.json() as OrdenDetalle).id;
}

beforeAll(async () => {
  env = await createTestEnv();
  const db = env.database.db;
  const now = env.clock.now();
  const demo = await makeEntidad(db, { nombre: 'Demo', plan: 'Ilimitado', now });
  const otra = await makeEntidad(db, { nombre: 'Otra', plan: 'Ilimitado', now });
  [clienteA, clienteB] = (await makeClientes(db, demo, [{ nombre: 'Hotel Sur' }, { nombre: 'Banco Norte' }])) as [
    number,
    number,
  ];
  const [clienteOtra] = (await makeClientes(db, otra, [{ nombre: 'Ajeno SA' }])) as [number];
  adminId = await makeUsuario(db, {
    entidadId: demo,
    usuario: 'admin',
    nombre: 'Ana',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });
  // Diego's supervisor sees what names Diego, with no order or client of his own.
  jefeId = await makeUsuario(db, { entidadId: demo, usuario: 'jefe', nombre: 'Julia' });
  operarioId = await makeUsuario(db, { entidadId: demo, usuario: 'operario', nombre: 'Diego', supervisorId: jefeId });
  // Sees client B's orders (delegarOrden) but may not change them.
  await makeUsuario(db, {
    entidadId: demo,
    usuario: 'delegador',
    nombre: 'Sofía',
    clientes: [{ clienteId: clienteB, delegarOrden: true }],
  });
  await makeUsuario(db, {
    entidadId: otra,
    usuario: 'ajeno',
    nombre: 'Otro',
    roles: ['ADMIN'],
    permisos: PERMISOS_GLOBALES,
  });

  await orden('Caldera', '2026-03-02', clienteA, [operarioId]);
  await orden('Ascensor', '2026-03-31', clienteB, [adminId]);
  await orden('Bomba', '2026-03-15', clienteA, [adminId, operarioId]);
  await orden('Sin fecha', null, clienteA, [operarioId]);
  await orden('Abril', '2026-04-01', clienteA, [operarioId]);
  await orden('Febrero', '2026-02-28', clienteA, [operarioId]);
  await orden('De otra empresa', '2026-03-10', clienteOtra, [], 'ajeno');
});
afterAll(() => env?.close());

describe('el rango', () => {
  it.each([
    ['desde=2026-03-01&hasta=2026-04-12', 'hasta', 'El rango no puede superar 42 días (6 semanas).'],
    ['desde=2026-03-10&hasta=2026-03-09', 'desde', 'La fecha «desde» no puede ser posterior a «hasta».'],
    ['desde=2026-02-30&hasta=2026-03-09', 'desde', 'Debe ser un día con el formato AAAA-MM-DD.'],
    ['hasta=2026-03-09', 'desde', 'Debe ser un día con el formato AAAA-MM-DD.'],
    [
      'desde=2026-03-01&hasta=2026-03-31&estados=1,x',
      'estados',
      'estados debe ser una lista de ids de estado separados por comas.',
    ],
    ['desde=2026-03-01&hasta=2026-03-31&cliente=0', 'cliente', 'cliente debe ser el id de un cliente.'],
  ])('%s es 400 con el campo %s y el motivo en español', async (query, campo, mensaje) => {
    const r = await get(`/api/v4/calendario?${query}`);
    expect(r.statusCode, r.body).toBe(400);
    const body = r.json() as { field?: string; message: string; code: string };
    expect(body.field).toBe(campo);
    expect(body.message).toContain(mensaje);
  });

  it('42 días se aceptan; los extremos cuentan enteros, en la zona de la empresa', async () => {
    const c = await calendario('desde=2026-02-23&hasta=2026-04-05');
    expect(titulos(c)).toEqual(['Febrero', 'Caldera', 'Bomba', 'Ascensor', 'Abril']);
    const marzo = await calendario('desde=2026-03-01&hasta=2026-03-31');
    expect(titulos(marzo)).toEqual(['Caldera', 'Bomba', 'Ascensor']);
    expect(marzo).toMatchObject({ desde: '2026-03-01', hasta: '2026-03-31', zona: ZONA, programadas: [] });
    // The last ms of 31 March in Buenos Aires is 1 April 02:59:59.999 UTC: still March.
    expect(marzo.ordenes.at(-1)?.fechaFin).toBe(finDelDia('2026-03-31', ZONA));
    expect(new Date(finDelDia('2026-03-31', ZONA)).toISOString()).toBe('2026-04-01T02:59:59.999Z');
  });
});

describe('lo que ve cada uno', () => {
  it('cada orden trae su estado, sus responsables (por id, nombrados una vez, por nombre) y si se puede mover', async () => {
    const c = await calendario('desde=2026-03-01&hasta=2026-03-31');
    const bomba = c.ordenes.find((o) => o.titulo === 'Bomba');
    expect(bomba).toEqual({
      id: ids.Bomba,
      numero: expect.any(Number),
      titulo: 'Bomba',
      fechaFin: finDelDia('2026-03-15', ZONA),
      estadoId: ESTADO.PENDIENTE,
      responsables: [adminId, operarioId],
      editable: true,
    });
    // Every person named once, by name; nobody the answer does not name.
    expect(c.personas.map((p) => [p.id, p.nombre])).toEqual([
      [adminId, 'Ana'],
      [operarioId, 'Diego'],
    ]);
    expect(c.clientes).toEqual([]);
  });

  it.each([
    ['operario', 'Caldera,Bomba'],
    ['jefe', 'Caldera,Bomba'],
    ['delegador', 'Ascensor'],
  ])('%s ve lo mismo que su lista de órdenes con ese rango', async (usuario, esperado) => {
    const c = await calendario('desde=2026-02-23&hasta=2026-04-05', usuario);
    const lista = await env.app.inject({
      method: 'POST',
      url: '/api/v4/ordenes/all/filtered',
      headers: auth(usuario),
      payload: {
        campoFecha: 'fechaFin',
        fechaDesde: inicioDelDia('2026-02-23', ZONA),
        fechaHasta: finDelDia('2026-04-05', ZONA),
        porPagina: 100,
      },
    });
    expect(lista.statusCode, lista.body).toBe(200);
    const enLista = (lista.json() as PaginaOrdenes).ordenes.map((o) => o.id).sort();
    expect(c.ordenes.map((o) => o.id).sort()).toEqual(enLista);
    const marzo = await calendario('desde=2026-03-01&hasta=2026-03-31', usuario);
    expect(titulos(marzo).join(',')).toBe(esperado);
  });

  it('un operario solo puede mover lo suyo; su supervisor ve lo de él pero no lo mueve', async () => {
    const c = await calendario('desde=2026-03-01&hasta=2026-03-31', 'operario');
    expect(titulos(c)).toEqual(['Caldera', 'Bomba']);
    expect(c.ordenes.every((o) => o.editable)).toBe(true);
    const jefe = await calendario('desde=2026-03-01&hasta=2026-03-31', 'jefe');
    expect(jefe.ordenes.map((o) => [o.titulo, o.editable])).toEqual([
      ['Caldera', false],
      ['Bomba', false],
    ]);
  });

  it('quien ve las órdenes de un cliente sin poder modificarlas las ve, pero no se pueden mover', async () => {
    const c = await calendario('desde=2026-03-01&hasta=2026-03-31', 'delegador');
    expect(c.ordenes.map((o) => [o.titulo, o.editable])).toEqual([['Ascensor', false]]);
  });

  it('los filtros son los de la lista: cliente, responsable, estados', async () => {
    expect(titulos(await calendario(`desde=2026-03-01&hasta=2026-03-31&cliente=${clienteB}`))).toEqual(['Ascensor']);
    expect(titulos(await calendario(`desde=2026-03-01&hasta=2026-03-31&responsable=${operarioId}`))).toEqual([
      'Caldera',
      'Bomba',
    ]);
    const r = await env.app.inject({
      method: 'PUT',
      url: `/api/v2/estado/${ids.Caldera}`,
      headers: auth('admin'),
      payload: { estado: ESTADO.EN_PROCESO, comentarios: 'empieza' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(titulos(await calendario(`desde=2026-03-01&hasta=2026-03-31&estados=${ESTADO.EN_PROCESO}`))).toEqual([
      'Caldera',
    ]);
  });

  it('un título con comillas, barras, acentos y emoji llega igual (PostgreSQL escribe las filas como JSON)', async () => {
    const titulo = 'Válvula "N° 3" \\ C:\\tmp ✓ 🔧 <b>ñ</b>';
    await orden(titulo, '2026-07-10', clienteA, [operarioId, adminId]);
    const c = await calendario('desde=2026-07-01&hasta=2026-07-31');
    expect(c.ordenes).toEqual([
      {
        id: ids[titulo],
        numero: expect.any(Number),
        titulo,
        fechaFin: finDelDia('2026-07-10', ZONA),
        estadoId: ESTADO.PENDIENTE,
        responsables: [adminId, operarioId],
        editable: true,
      },
    ]);
  });

  it('un usuario de otra empresa no ve nada de esta', async () => {
    const c = await calendario('desde=2026-03-01&hasta=2026-03-31', 'ajeno');
    expect(titulos(c)).toEqual(['De otra empresa']);
    expect(c.ordenes.map((o) => o.id)).not.toContain(ids.Caldera);
    expect((await calendario(`desde=2026-03-01&hasta=2026-03-31&cliente=${clienteA}`, 'ajeno')).ordenes).toEqual([]);
  });

  it('mover la fecha con la llamada de siempre la cambia de día en el calendario (la respuesta guardada se descarta)', async () => {
    const antes = await calendario('desde=2026-03-01&hasta=2026-03-31', 'operario');
    expect(antes.ordenes.find((o) => o.titulo === 'Bomba')?.fechaFin).toBe(finDelDia('2026-03-15', ZONA));
    const nueva = finDelDia('2026-03-20', ZONA);
    const r = await env.app.inject({
      method: 'POST',
      url: `/api/v2/fecha/${ids.Bomba}/fin`,
      headers: auth('operario'),
      payload: { fecha: nueva },
    });
    expect(r.statusCode, r.body).toBe(200);
    const c = await calendario('desde=2026-03-20&hasta=2026-03-20', 'operario');
    expect(c.ordenes.map((o) => [o.titulo, o.fechaFin])).toEqual([['Bomba', nueva]]);
    const despues = await calendario('desde=2026-03-01&hasta=2026-03-31', 'operario');
    expect(despues.ordenes.map((o) => o.titulo)).toEqual(['Caldera', 'Bomba']);
    expect(despues.ordenes.find((o) => o.titulo === 'Bomba')?.fechaFin).toBe(nueva);
  });
});
