import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { zEquipo, zHistorialEquipo, zQrResuelto, type Filtros } from '@delego/contract';
import { moduloEquipos } from '../../src/modules/equipment/index.js';
import { makeClientes } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The equipment module alone: the kernel and fakes of the orders' port (a history page, its
 * conditions, the clients an actor's orders name) and of the files' port.
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con el núcleo y falsos de sus puertos: alta, QR, historial con las condiciones de las órdenes; otra empresa no ve nada; el puerto resuelve un QR de un cliente activo', async () => {
  const [cliente] = (await makeClientes(b.database.db, b.entidadId, [{ nombre: 'Clínica' }])) as [number];
  const pedidos: Filtros[] = [];
  const m = moduloEquipos(b.nucleo, {
    orders: {
      lista: async (_actor, f) => {
        pedidos.push(f);
        return { ordenes: [], total: 0, pagina: f.pagina ?? 0, porPagina: f.porPagina ?? 25 };
      },
      condicionesDeLista: (actor, f) => sql`o.entidad_id = ${actor.entidadId} and o.equipo_id = ${f.equipo ?? 0}`,
      clientesUsados: async () => [],
    },
    files: {
      recibir: () => Promise.reject(new Error('sin archivos en esta prueba')),
      descargaDeClave: () => Promise.reject(new Error('sin archivos en esta prueba')),
      borrarBytes: async () => undefined,
      limiteBytes: 1024,
    },
    idempotencia: {
      reclamar: () => Promise.reject(new Error('sin Idempotency-Key no se reclama ninguna clave')),
      completar: async () => true,
      liberar: async () => undefined,
    },
  });
  const headers = { authorization: 'prueba' };
  const app = await b.servir(m, b.actor());
  const alta = await app.inject({
    method: 'POST',
    url: '/api/v4/equipos',
    headers,
    payload: { nombre: 'Caldera', codigo: 'C-1', cliente },
  });
  expect(alta.statusCode, alta.body).toBe(200);
  const equipo = zEquipo.parse(alta.json());

  const qr = await app.inject({ method: 'GET', url: `/api/v4/qr/${equipo.codigoQr}`, headers });
  expect(zQrResuelto.parse(qr.json())).toEqual({ tipo: 'equipo', id: equipo.id });

  const h = await app.inject({ method: 'GET', url: `/api/v4/equipos/${equipo.id}/ordenes?pagina=1`, headers });
  expect(zHistorialEquipo.parse(h.json())).toMatchObject({
    pagina: 1,
    totales: { ordenes: 0, minutos: 0, gastos: [] },
  });
  expect(pedidos).toEqual([expect.objectContaining({ equipo: equipo.id, orden: 'recientes', pagina: 1 })]);

  const ajena = await b.servir(m, b.actor({ entidadId: b.otraEntidadId }));
  expect((await ajena.inject({ method: 'GET', url: `/api/v4/equipos/${equipo.id}`, headers })).statusCode).toBe(404);
  expect((await ajena.inject({ method: 'GET', url: `/api/v4/qr/${equipo.codigoQr}`, headers })).statusCode).toBe(404);

  // The port (the public request form, issue 33): the place a code names, of an active client only.
  expect(await m.puerto.lugarDeQr(equipo.codigoQr)).toEqual({
    entidadId: b.entidadId,
    clienteId: cliente,
    tipo: 'equipo',
    id: equipo.id,
    nombre: 'Caldera',
  });
  expect(await m.puerto.lugarDeQr('x'.repeat(22))).toBeUndefined();
  expect(await m.puerto.lugarDeQr('no es un código')).toBeUndefined();
  await b.database.db.execute(sql`update clientes set activo = false where id = ${cliente}`);
  expect(await m.puerto.lugarDeQr(equipo.codigoQr)).toBeUndefined();
});
