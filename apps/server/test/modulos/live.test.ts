import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANALES, type PlanEstado } from '@delego/contract';
import { moduloVivo, type DepsVivo } from '../../src/modules/live/index.js';
import { AppError } from '../../src/kernel/errors.js';
import { listen, stompConnect } from '../live-helpers.js';
import { md5 } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The live channel alone: the kernel's bus, fakes of the authenticator, plans and notifications. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con fakes: autentica el CONNECT por su puerto y reparte los eventos del bus a su empresa', async () => {
  // The company's channel needs crearOrden (the contract's rule).
  const actor = b.actor({ permisosResumen: [{ nombre: 'crearOrden' }] });
  const presencia: string[] = [];
  const deps: DepsVivo = {
    auth: {
      authenticate: async (h) => {
        if (h === `prueba#${md5('Demo1234!')}`) return actor;
        throw new AppError('NO_AUTENTICADO', 'Usuario o contraseña incorrectos.');
      },
    },
    plans: { estadoDeEntidad: async () => ({ nombre: 'Ilimitado' }) as unknown as PlanEstado },
    // Order 7 is visible; any other is not (404 from the orders' port).
    orders: {
      acceso: async (_a, id) => {
        if (id !== 7) throw AppError.notFound('La orden no existe o no tiene acceso a ella.');
        return {} as Awaited<ReturnType<DepsVivo['orders']['acceso']>>;
      },
    },
    notifications: {
      touchPresence: async (_i: string, ids: number[]) => {
        presencia.push(`+${ids.join(',')}`);
      },
      dropPresence: async () => undefined,
      setPresence: () => undefined,
    } as unknown as DepsVivo['notifications'],
    instanceId: 'prueba',
  };
  const app = await b.servir(moduloVivo(b.nucleo, deps), actor);
  const url = await listen(app);
  const c = await stompConnect(url, 'prueba');
  expect(presencia).toContain(`+${actor.id}`);
  await c.subscribe(CANALES.entidad.destino(b.entidadId));
  b.nucleo.bus.publish({ type: 'orden.creada', entidadId: b.entidadId, ordenId: 7, usuarioId: actor.id });
  expect(await c.waitFor(CANALES.entidad.destino(b.entidadId))).toEqual([{ tipo: 'orden.creada', ordenId: 7 }]);
  // An answer to a checklist item reaches whoever views the order, with the item.
  b.nucleo.bus.publish({
    type: 'orden.checklistCambiada',
    entidadId: b.entidadId,
    ordenId: 7,
    usuarioId: actor.id,
    itemId: 3,
  });
  expect((await c.waitFor(CANALES.entidad.destino(b.entidadId), 2))[1]).toEqual({
    tipo: 'orden.checklistCambiada',
    ordenId: 7,
    itemId: 3,
  });
  // The order's own channel, asked of the orders' port: the same hints, but not its creation.
  await c.subscribe(CANALES.orden.destino(7));
  b.nucleo.bus.publish({
    type: 'orden.checklistCambiada',
    entidadId: b.entidadId,
    ordenId: 7,
    usuarioId: 1,
    itemId: 4,
  });
  b.nucleo.bus.publish({ type: 'orden.estadoCambiado', entidadId: b.entidadId, ordenId: 7, usuarioId: 1, estadoId: 2 });
  b.nucleo.bus.publish({ type: 'orden.checklistCambiada', entidadId: b.entidadId, ordenId: 8, usuarioId: 1 });
  expect(await c.waitFor(CANALES.orden.destino(7), 2)).toEqual([
    { tipo: 'orden.checklistCambiada', ordenId: 7, itemId: 4 },
    { tipo: 'orden.estadoCambiado', ordenId: 7 },
  ]);
  await c.stop();
  await expect(stompConnect(url, 'prueba', 'otra-clave')).rejects.toThrow();
});
