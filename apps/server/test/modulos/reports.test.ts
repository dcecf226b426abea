import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Actor } from '../../src/kernel/actor.js';
import { AppError } from '../../src/kernel/errors.js';
import { moduloReportes, type DepsReportes } from '../../src/modules/reports/index.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The reports module alone: the clock, and fakes of the orders', files', expenses' and entidades' ports. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con el reloj y falsos de sus puertos: exporta las horas reportadas de la empresa del actor y otra empresa no obtiene el reporte de una orden', async () => {
  const pedidas: number[] = [];
  const soloDe = (a: Actor) => {
    pedidas.push(a.entidadId);
    if (a.entidadId !== b.entidadId) throw AppError.notFound('La orden no existe.');
  };
  const deps: DepsReportes = {
    orders: {
      detalle: async (a) => {
        soloDe(a);
        throw new Error('no se pide en esta prueba');
      },
      historial: async () => [],
      paginasParaExportar: async function* () {},
    },
    files: { paraImprimir: async () => [] },
    checklists: {
      checklist: async () => {
        throw new Error('no se pide en esta prueba');
      },
      firma: async () => {
        throw new Error('no se pide en esta prueba');
      },
    },
    conformidad: {
      paraImprimir: async () => {
        throw new Error('no se pide en esta prueba');
      },
    },
    expenses: {
      registro: async () => {
        throw new Error('no se pide en esta prueba');
      },
      totalesDeOrdenes: async () => new Map(),
      rangoReporte: () => ({ desde: '2026-06-01', hasta: '2026-06-15' }),
      horasReportadas: async () => ({
        desde: Date.UTC(2026, 5, 1, 3),
        hasta: Date.UTC(2026, 5, 15, 3),
        totalMinutos: 90,
        filas: [{ usuario: { id: 1, usuario: 'ana', nombre: 'Ana', apellido: 'Paz' }, cliente: null, minutos: 90 }],
        porUsuario: [{ usuario: { id: 1, usuario: 'ana', nombre: 'Ana', apellido: 'Paz' }, minutos: 90 }],
        porCliente: [{ cliente: null, minutos: 90 }],
      }),
      detalleHoras: async function* (a) {
        pedidas.push(a.entidadId);
        yield [
          {
            id: 1,
            dia: '2026-06-10',
            minutos: 90,
            descripcion: 'Bomba',
            usuario: 'Ana Paz',
            cliente: null,
            numero: 7,
            titulo: 'Cambiar la bomba',
          },
        ];
      },
    },
    entidades: { find: async () => undefined },
  };
  const m = moduloReportes(b.nucleo, deps);
  const actor = b.actor();
  const app = await b.servir(m, actor);
  const headers = { authorization: 'prueba' };

  const x = await app.inject({ method: 'GET', url: '/api/v2/horas-reportadas/exportar', headers });
  expect(x.statusCode, x.body).toBe(200);
  expect(x.headers['content-type']).toContain('spreadsheetml');
  expect(x.headers['content-disposition']).toContain('horas-reportadas-2026-06-01-a-2026-06-15.xlsx');
  expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  expect(pedidas).toEqual([b.entidadId]);

  const ajeno = await b.servir(m, { ...actor, entidadId: b.otraEntidadId });
  const r = await ajeno.inject({ method: 'GET', url: '/api/v2/imprimirReporte/1', headers });
  expect(r.statusCode).toBe(404);
  expect(pedidas).toEqual([b.entidadId, b.otraEntidadId]);
});
