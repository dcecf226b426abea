import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Mantenimiento } from '@delego/contract';
import type { DomainEvent } from '../../src/kernel/bus.js';
import { AppError } from '../../src/kernel/errors.js';
import { moduloMantenimiento, type DepsModuloMantenimiento } from '../../src/modules/maintenance/index.js';
import { makeClientes } from '../../src/seed/factories.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The maintenance module alone: the kernel's database, bus and clock, and fakes of the orders'
 * create (with a quota of 2), the plan state, the notifications, the mail and the company.
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('crea un plan, el programador crea sus órdenes por el puerto de órdenes hasta agotar el cupo, y otra empresa no ve nada', async () => {
  const ana = await b.usuario(b.entidadId, 'Ana');
  const [cliente] = (await makeClientes(b.database.db, b.entidadId, [{ nombre: 'Planta' }])) as [number];
  let cupo = 2;
  // Orders to hand out (the fake create runs inside the scheduler's transaction: no query of its own).
  const libres = [await b.orden(b.entidadId, ana), await b.orden(b.entidadId, ana), await b.orden(b.entidadId, ana)];
  const creadas: { titulo: string; fechaFin: number | null | undefined; usuario: number }[] = [];
  const deps: DepsModuloMantenimiento = {
    orders: {
      // A batch's orders in their order, while the quota lasts; the rest wait for it.
      async crearVariasEnTransaccion(_tx, entidadId, altas) {
        return altas.map(({ actor, orden: g }) => {
          expect(actor.entidadId).toBe(entidadId);
          if (cupo === 0) return { error: new AppError('QUOTA_AGOTADA', 'Sin cupo.') };
          cupo -= 1;
          const o = libres.shift();
          if (!o) throw new Error('sin órdenes libres');
          creadas.push({ titulo: g.titulo, fechaFin: g.fechaFin, usuario: actor.id });
          const evento: DomainEvent = { type: 'plan.cambiado', entidadId: actor.entidadId };
          return { ...o, eventos: [evento, evento] };
        });
      },
      renovarCupoSiVencio: async () => undefined,
    },
    plans: {
      estado: async () => ({ nombre: 'Pyme', quota: 100, quotaDisponible: cupo, fechaProximoVencimiento: null }),
    },
    notifications: { create: async () => Promise.reject(new Error('no se espera un aviso')) },
    mail: { enqueue: async () => undefined, kick: () => undefined },
    entidades: { find: async () => undefined },
    idempotencia: {
      reclamar: () => Promise.reject(new Error('sin Idempotency-Key no se reclama ninguna clave')),
      completar: async () => true,
      liberar: async () => undefined,
    },
    ejecutor: null,
  };
  const m = moduloMantenimiento(b.nucleo, deps);
  const actor = b.actor({ id: ana, permisosResumen: [{ nombre: 'crearOrden' }] });
  const app = await b.servir(m, actor);
  const h = { authorization: 'prueba' };
  b.clock.t = new Date('2026-06-10T15:00:00Z');

  const r = await app.inject({
    method: 'POST',
    url: '/api/v2/mantenimiento',
    headers: h,
    payload: {
      cliente,
      regla: { tipo: 'dias', cada: 2 },
      inicio: '2026-06-06',
      plantilla: { titulo: 'Filtros', responsable: [] },
    },
  });
  expect(r.statusCode, r.body).toBe(200);
  const plan = r.json() as Mantenimiento;
  // Starts today (the 10th): the 6th and 8th are before it was saved.
  expect(plan.proximas).toEqual(['2026-06-10', '2026-06-12', '2026-06-14', '2026-06-16', '2026-06-18']);

  // Four days later: the 10th, 12th and 14th are due; two orders, the third waits.
  b.clock.t = new Date('2026-06-14T15:00:00Z');
  expect(await m.puerto.ejecutar()).toMatchObject({ escritas: 3, creadas: 2, esperandoCupo: 1 });
  expect(creadas.map((c) => c.usuario)).toEqual([ana, ana]);
  expect(creadas[0]?.fechaFin).toBe(Date.parse('2026-06-11T02:59:59.999Z'));
  // The batch's plan change is published once.
  expect(b.eventos.filter((e) => e.type === 'plan.cambiado')).toHaveLength(1);
  const visto = (
    await app.inject({ method: 'GET', url: `/api/v2/mantenimiento/${plan.id}`, headers: h })
  ).json() as Mantenimiento;
  expect(visto.ocurrencias.map((o) => [o.fecha, o.estado])).toEqual([
    ['2026-06-10', 'creada'],
    ['2026-06-12', 'creada'],
    ['2026-06-14', 'esperando_cupo'],
  ]);
  // Quota back: the waiting one is created, once.
  cupo = 5;
  await m.puerto.ejecutar();
  await m.puerto.ejecutar();
  expect(creadas).toHaveLength(3);

  // Another company: nothing.
  const otro = await b.servir(
    m,
    b.actor({ id: ana, entidadId: b.otraEntidadId, permisosResumen: [{ nombre: 'crearOrden' }] }),
  );
  expect((await otro.inject({ method: 'GET', url: `/api/v2/mantenimiento/${plan.id}`, headers: h })).statusCode).toBe(
    404,
  );
  expect(
    (await otro.inject({ method: 'DELETE', url: `/api/v2/mantenimiento/${plan.id}`, headers: h })).statusCode,
  ).toBe(404);
  const admin = { id: ana, roles: [{ nombre: 'ADMIN' }], permisosResumen: [], permisos: { clientes: [] } };
  const rango = [new Date('2026-06-01T03:00:00Z'), new Date('2026-07-01T02:59:59Z')] as const;
  expect(await m.puerto.listProgramadas(b.otraEntidadId, admin, ...rango)).toEqual([]);
  expect((await m.puerto.listProgramadas(b.entidadId, admin, ...rango)).length).toBeGreaterThan(0);
});
