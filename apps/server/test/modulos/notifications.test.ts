import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Notificacion } from '@delego/contract';
import { moduloNotificaciones } from '../../src/modules/notifications/index.js';
import { bancoDeModulo, type Banco } from './banco.js';

/** The notifications module alone: the kernel's database, bus and clock, push turned off. */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('crea una por evento del bus, la lista solo a su usuario y no deja tocar las de otra empresa', async () => {
  const m = moduloNotificaciones(b.nucleo, { push: null, pushNativo: null });
  const ana = await b.usuario(b.entidadId, 'Ana');
  const beto = await b.usuario(b.entidadId, 'Beto');
  const ajeno = await b.usuario(b.otraEntidadId, 'Ajeno');
  const orden = await b.orden(b.entidadId, ana, { titulo: 'Cambiar luminarias', responsables: [beto] });

  // Beto assigned by Ana: Beto is told, Ana (who did it) is not.
  b.nucleo.bus.publish({
    type: 'orden.responsablesCambiados',
    entidadId: b.entidadId,
    ordenId: orden.id,
    usuarioId: ana,
    agregados: [ana, beto],
  });
  // The bus hands events over in a microtask; then the reaction is pending until `idle`.
  await Promise.resolve();
  await m.puerto.idle();
  const deLaOtra = await m.puerto.create(b.otraEntidadId, ajeno, {
    tipo: 'PRUEBA',
    titulo: 'De la otra empresa',
    mensaje: '',
    ordenId: null,
  });
  expect(b.eventos.filter((e) => e.type === 'notificacion.creada').map((e) => e.usuarioId)).toEqual([beto, ajeno]);

  const app = await b.servir(m, b.actor({ id: beto }));
  const h = { authorization: 'prueba' };
  const lista = await app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: h });
  expect(lista.statusCode, lista.body).toBe(200);
  const propias = lista.json() as Notificacion[];
  expect(propias).toEqual([
    expect.objectContaining({ tipo: 'ORDEN_ASIGNADA', titulo: `Nueva orden asignada: #${orden.numero}`, leida: false }),
  ]);

  const ajena = await app.inject({ method: 'PUT', url: `/api/v2/notificaciones/leida/${deLaOtra.id}`, headers: h });
  expect(ajena.statusCode).toBe(404);
  const leida = await app.inject({ method: 'PUT', url: `/api/v2/notificaciones/leida/${propias[0]!.id}`, headers: h });
  expect(leida.statusCode).toBe(200);
  const despues = await app.inject({ method: 'GET', url: '/api/v2/notificaciones/all', headers: h });
  expect((despues.json() as Notificacion[])[0]?.leida).toBe(true);

  // Push is off: the page is told there is no key.
  expect((await app.inject({ method: 'GET', url: '/api/v2/notificaciones/vapid', headers: h })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/api/v2/notificaciones/all' })).statusCode).toBe(401);
  await m.alCerrar?.();
});
