import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EncuestaPublica, Notificacion } from '@delego/contract';
import { AppError } from '../../src/kernel/errors.js';
import type { CorreoNuevo } from '../../src/modules/mail/index.js';
import type { AccesoOrden } from '../../src/modules/orders/orders.service.js';
import { moduloEncuestas, type DepsEncuestas } from '../../src/modules/surveys/index.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The surveys module alone: the kernel's database, bus and clock, and fakes of the orders' access
 * and history, the clients, the companies, the outbox and the notifications.
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('envía, responde por el enlace y por la orden con los mismos límites, y no ve otra empresa', async () => {
  const ana = await b.usuario(b.entidadId, 'Ana');
  const beto = await b.usuario(b.entidadId, 'Beto');
  const ajeno = await b.usuario(b.otraEntidadId, 'Ajeno');
  const uno = await b.orden(b.entidadId, ana, { titulo: 'Luminarias', responsables: [beto] });
  const dos = await b.orden(b.entidadId, ana, { titulo: 'Pintura' });
  const deLaOtra = await b.orden(b.otraEntidadId, ajeno);
  const propias = new Map([uno, dos].map((o) => [o.id, o]));

  const correos: CorreoNuevo[] = [];
  const historial: { ordenId: number; tipo: string }[] = [];
  const avisos: { usuarioId: number; tipo: string; ordenId: number | null }[] = [];
  const deps: DepsEncuestas = {
    orders: {
      async acceso(actor, id) {
        const o = propias.get(id);
        if (!o || actor.entidadId !== b.entidadId) throw AppError.notFound();
        const orden = { clienteId: null, numero: o.numero, titulo: o.titulo } as AccesoOrden['orden'];
        return { orden, modificar: true, borrar: false };
      },
      async insertEvento(_tx, _actor, ordenId, e) {
        historial.push({ ordenId, tipo: e.tipo });
      },
    },
    clients: { find: async () => undefined },
    entidades: { find: async () => undefined },
    mail: {
      async enqueue(_tx, c) {
        correos.push(c);
      },
      kick: () => undefined,
    },
    notifications: {
      async create(_entidadId, usuarioId, n): Promise<Notificacion> {
        avisos.push({ usuarioId, tipo: n.tipo, ordenId: n.ordenId });
        return { id: avisos.length, ...n, fecha: 0, leida: false };
      },
    },
    limites: { responderDireccion: { max: 2, ventanaMs: 60_000 } },
  };
  const m = moduloEncuestas(b.nucleo, deps);
  const app = await b.servir(m, b.actor({ id: ana }));
  const enviar = (ordenId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/encuesta/enviar',
      headers: { authorization: 'prueba' },
      payload: { ordenId, email: 'rosa@example.com' },
    });
  const tokenDe = (c: CorreoNuevo | undefined) => /\/encuestas\/([\w-]+)/.exec(c?.contenido.texto ?? '')?.[1] ?? '';
  const responder = (payload: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/v2/encuesta/responder', payload, remoteAddress });

  expect((await enviar(deLaOtra.id)).statusCode).toBe(404);
  expect(correos).toHaveLength(0);
  const r1 = await enviar(uno.id);
  expect(r1.statusCode, r1.body).toBe(200);
  const k1 = tokenDe(correos[0]);
  expect((await enviar(dos.id)).statusCode).toBe(200);
  expect(historial.map((h) => h.tipo)).toEqual(['ENCUESTA_ENVIADA', 'ENCUESTA_ENVIADA']);
  expect(b.eventos.filter((e) => e.type === 'orden.modificada')).toHaveLength(2);

  expect(await m.puerto.hayPendiente(b.entidadId, uno.id)).toBe(true);
  expect(await m.puerto.hayPendiente(b.otraEntidadId, uno.id)).toBe(false);

  // Through the survey's link: counted against the address (max 2 here) and the survey.
  const porEnlace = await responder({ k: k1, puntaje: 4 }, '198.51.100.1');
  expect(porEnlace.statusCode, porEnlace.body).toBe(200);
  expect(porEnlace.json()).toMatchObject({ estado: 'respondida', puntaje: 4 });
  expect(avisos.map((a) => a.usuarioId).sort()).toEqual([ana, beto].sort());

  // From the order's summary, the same address: the same counter.
  const porOrden: EncuestaPublica = await m.puerto.responderPorOrden(
    () => Promise.resolve({ entidadId: b.entidadId, ordenId: dos.id }),
    { puntaje: 5 },
    '198.51.100.1',
  );
  expect(porOrden).toMatchObject({ estado: 'cerrada', puntaje: 5 });
  expect(await m.puerto.hayPendiente(b.entidadId, dos.id)).toBe(false);
  const tercera = await responder({ k: k1, puntaje: 3 }, '198.51.100.1');
  expect(tercera.statusCode).toBe(429);
  expect((await responder({ k: k1, puntaje: 3 }, '198.51.100.2')).statusCode).toBe(200);

  // Another company's order: no pending survey to answer from its summary.
  await expect(
    m.puerto.responderPorOrden(
      () => Promise.resolve({ entidadId: b.otraEntidadId, ordenId: uno.id }),
      { puntaje: 1 },
      '198.51.100.3',
    ),
  ).rejects.toMatchObject({ code: 'NO_ENCONTRADO' });
  await m.alCerrar?.();
});
