import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RegistroOrden } from '@delego/contract';
import { moduloGastos } from '../../src/modules/expenses/index.js';
import { makeUsuario } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';
import { insertOrden, ordenesFalsas } from './orden-falsa.js';

/** The expenses module alone: the kernel, and fakes of the orders', files' and keys' ports. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con el núcleo y falsos de sus puertos: guarda horas y gastos con una sola escritura de eventos, y otra empresa no los ve', async () => {
  const yo = await makeUsuario(b.database.db, {
    entidadId: b.entidadId,
    usuario: 'gastos',
    nombre: 'Ana',
    apellido: 'Paz',
  });
  const ordenId = await insertOrden(b.database.db, b.entidadId, yo);
  const orders = ordenesFalsas(b.entidadId, ordenId);
  const comprobantes: number[][] = [];
  const m = moduloGastos(b.nucleo, {
    orders,
    files: {
      nombresEnOrden: async (_actor, _ordenId, ids) => {
        comprobantes.push(ids);
        return new Map();
      },
    },
    idempotencia: {
      reclamar: () => Promise.reject(new Error('sin Idempotency-Key no se reclama ninguna clave')),
      completar: async () => true,
      liberar: async () => undefined,
    },
  });
  const actor = b.actor({ id: yo });
  const app = await b.servir(m, actor);
  const headers = { authorization: 'prueba' };
  const fecha = Date.UTC(2026, 5, 15, 12);

  const r = await app.inject({
    method: 'PUT',
    url: `/api/v2/registro-gastos/${ordenId}`,
    headers,
    payload: {
      horas: [{ fecha, horas: 2, minutos: 30, descripcion: 'Bomba' }],
      gastos: [{ fecha, concepto: 'Repuesto', monto: 1250, moneda: 'ARS' }],
    },
  });
  expect(r.statusCode, r.body).toBe(200);
  const registro = r.json() as RegistroOrden;
  expect(registro.totales).toMatchObject({ minutos: 150, gastos: [{ moneda: 'ARS', total: 1250 }] });
  // Both history events went to the orders' port in one call; no receipt was asked about.
  expect(orders.escrituras.map((es) => es.map((e) => e.tipo))).toEqual([['HORAS', 'GASTO']]);
  expect(orders.escrituras[0]?.[0]?.datos).toMatchObject({ usuario: 'Ana Prueba', minutos: 150 });
  expect(comprobantes).toEqual([]);
  expect(b.eventos.map((e) => e.type)).toEqual(['orden.modificada']);

  // A receipt that is not a file of the order is refused, and nothing is written.
  const sinArchivo = await app.inject({
    method: 'PUT',
    url: `/api/v2/registro-gastos/${ordenId}`,
    headers,
    payload: { gastos: [{ fecha, concepto: 'Otro', monto: 100, moneda: 'ARS', comprobanteArchivoId: 99 }] },
  });
  expect(sinArchivo.statusCode).toBe(400);
  expect(comprobantes).toEqual([[99]]);
  expect(orders.escrituras).toHaveLength(1);

  // Through the port: the totals of the order; another company gets nothing.
  const totales = await m.puerto.totalesDeOrdenes(actor, [ordenId]);
  expect(totales.get(ordenId)).toEqual({ minutos: 150, gastos: [{ moneda: 'ARS', centavos: 125_000 }] });
  const ajeno = { ...actor, entidadId: b.otraEntidadId };
  expect((await m.puerto.totalesDeOrdenes(ajeno, [ordenId])).size).toBe(0);
  await expect(m.puerto.registro(ajeno, ordenId)).rejects.toMatchObject({ code: 'NO_ENCONTRADO' });
});
