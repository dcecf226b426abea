import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OrdenDetalle, PaginaOrdenes } from '@delego/contract';
import { CacheRegistry } from '../../src/kernel/cache-registry.js';
import { ReglasDeEstado } from '../../src/kernel/reglas-de-estado.js';
import { TenantCache } from '../../src/kernel/tenant-cache.js';
import { moduloOrdenes, type DepsOrdenes } from '../../src/modules/orders/index.js';
import { makeClientes, makeUsuario } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The orders module alone: the kernel's database, clock and bus, a cache registry, and fakes of
 * exactly the ports it declares (users, clients, plans, entidades, billing data, idempotency keys).
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

function fakes(llamadas: string[], reglas = new ReglasDeEstado()): DepsOrdenes {
  const cache = <T>() => new TenantCache<T>({ ttlMs: 60_000, maxEntradas: 100 });
  return {
    users: { activosDeEmpresa: async () => [] },
    clients: { find: async () => undefined },
    plans: {
      renovarSiVencio: async () => {
        llamadas.push('renovarSiVencio');
        return false;
      },
      // The quota: always one left (all of a batch).
      tomarCupoSql: (_entidadId, _ahora, si) => sql`select 1 where ${si}`,
      tomarCuposSql: (_entidadId, _ahora, cuantos) => sql`select ${cuantos} as tomadas where ${cuantos} > 0`,
    },
    entidades: {
      siguienteNumeroSql: (entidadId, si) =>
        sql`select (select coalesce(max(numero), 0) + 1 from ordenes where entidad_id = ${entidadId}) as numero where ${si}`,
      siguientesNumerosSql: (entidadId, cuantos) =>
        sql`select (select coalesce(max(numero), 0) from ordenes where entidad_id = ${entidadId}) + ${cuantos} as ultimo where ${cuantos} > 0`,
    },
    facturacion: {
      paraDetalle: { columna: sql`null::jsonb`, leer: () => ({ datosFacturacion: null, facturacionDelegada: null }) },
    },
    idempotencia: {
      reclamar: async () => ({ tipo: 'nuevo', toma: new Date() }),
      completar: async () => true,
      liberar: async () => undefined,
    },
    registro: new CacheRegistry(b.nucleo.bus, { error: () => undefined, warn: () => undefined }),
    caches: { conteos: cache<number>(), paginas: cache<Buffer>(), detalles: cache<Buffer>() },
    reglas,
  };
}

it('se arma con el núcleo y falsos de sus puertos: crea, lista y muestra órdenes, y otra empresa no las ve', async () => {
  const db = b.database.db;
  const yo = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'ordenes', nombre: 'Olga', apellido: 'Orden' });
  const [clienteId] = await makeClientes(db, b.entidadId, [{ nombre: 'Ferretería Núñez' }]);
  const llamadas: string[] = [];
  const m = moduloOrdenes(b.nucleo, fakes(llamadas));
  const actor = b.actor({
    id: yo,
    roles: [{ id: 1, nombre: 'ADMIN', descripcion: 'Administrador' }],
    permisosResumen: [{ nombre: 'crearOrden' }],
  });
  const app = await b.servir(m, actor);
  const headers = { authorization: 'prueba' };

  const alta = await app.inject({
    method: 'POST',
    url: '/api/v2/ordenes/save',
    headers,
    payload: { titulo: 'Cambiar la bomba', cliente: clienteId, responsable: [yo] },
  });
  expect(alta.statusCode, alta.body).toBe(200);
  const orden = alta.json() as OrdenDetalle;
  // The number came from the entidades' statement, the names from the module's own names cache.
  expect(orden).toMatchObject({ numero: 1, titulo: 'Cambiar la bomba', cliente: { nombre: 'Ferretería Núñez' } });
  expect(orden.responsables.map((p) => p.nombre)).toEqual(['Olga']);
  expect(b.eventos.map((e) => e.type)).toContain('orden.creada');
  expect(llamadas).toEqual([]);

  const lista = await app.inject({ method: 'POST', url: '/api/v4/ordenes/all/filtered', headers, payload: {} });
  expect(lista.statusCode, lista.body).toBe(200);
  expect((lista.json() as PaginaOrdenes).ordenes.map((o) => o.id)).toEqual([orden.id]);

  // Through the port: the history the create wrote, and the access of another module.
  expect((await m.puerto.historial(actor, orden.id)).map((e) => e.tipo)).toEqual(['CREADA']);
  expect(await m.puerto.acceso(actor, orden.id)).toMatchObject({ modificar: true });

  // Another company's actor sees nothing of it, neither by route nor by port.
  const ajeno = { ...actor, entidadId: b.otraEntidadId };
  await expect(m.puerto.acceso(ajeno, orden.id)).rejects.toMatchObject({ code: 'NO_ENCONTRADO' });
  const otra = await b.servir(m, ajeno);
  const detalle = await otra.inject({ method: 'GET', url: `/api/v3/ordenDTO/${orden.id}`, headers });
  expect(detalle.statusCode).toBe(404);
  const vacia = await otra.inject({ method: 'POST', url: '/api/v4/ordenes/all/filtered', headers, payload: {} });
  expect((vacia.json() as PaginaOrdenes).ordenes).toEqual([]);
});

it('una regla registrada en ReglasDeEstado bloquea el cambio de estado con 409 y sus motivos, leyendo por la transacción', async () => {
  const db = b.database.db;
  const yo = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'reglas', nombre: 'Rita', apellido: 'Regla' });
  const [clienteId] = await makeClientes(db, b.entidadId, [{ nombre: 'Taller Reglas' }]);
  const reglas = new ReglasDeEstado();
  const vistas: { desde: number; hacia: number; dentro: boolean }[] = [];
  reglas.registrar('prueba', async (t) => {
    // The rule reads through the change's transaction: the order row is there, locked.
    const r = await t.tx.execute(sql`select estado_id from ordenes where id = ${t.ordenId}`);
    vistas.push({ desde: t.desde, hacia: t.hacia, dentro: r.rows.length === 1 });
    return t.hacia === 4 ? ['Falta «Medir la presión».', 'Falta la conformidad del cliente.'] : [];
  });
  const m = moduloOrdenes(b.nucleo, fakes([], reglas));
  const actor = b.actor({
    id: yo,
    permisosResumen: [{ nombre: 'crearOrden' }, { nombre: 'finalizarOrden' }],
  });
  const app = await b.servir(m, actor);
  const headers = { authorization: 'prueba' };
  const alta = await app.inject({
    method: 'POST',
    url: '/api/v2/ordenes/save',
    headers,
    payload: { titulo: 'Revisar caldera', cliente: clienteId, responsable: [yo], estado: 2 },
  });
  const orden = alta.json() as OrdenDetalle;
  const bloqueada = await app.inject({
    method: 'PUT',
    url: `/api/v2/estado/${orden.id}`,
    headers,
    payload: { estado: 4, comentarios: 'Listo' },
  });
  expect(bloqueada.statusCode, bloqueada.body).toBe(409);
  expect(bloqueada.json()).toMatchObject({
    code: 'TRANSICION_BLOQUEADA',
    message: 'Falta «Medir la presión». Falta la conformidad del cliente.',
    issues: [
      { field: 'estado', message: 'Falta «Medir la presión».' },
      { field: 'estado', message: 'Falta la conformidad del cliente.' },
    ],
  });
  // Nothing changed: the state and the history are as before.
  expect((await m.puerto.find(actor, orden.id)).estadoId).toBe(2);
  expect((await m.puerto.historial(actor, orden.id)).map((e) => e.tipo)).toEqual(['CREADA']);
  // A change the rule allows goes through.
  const pausa = await app.inject({
    method: 'PUT',
    url: `/api/v2/estado/${orden.id}`,
    headers,
    payload: { estado: 1, comentarios: 'Espera repuesto' },
  });
  expect(pausa.statusCode, pausa.body).toBe(200);
  expect(vistas).toEqual([
    { desde: 2, hacia: 4, dentro: true },
    { desde: 2, hacia: 1, dentro: true },
  ]);
});
