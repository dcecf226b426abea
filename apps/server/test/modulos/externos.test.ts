import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EnlaceExterno, VistaExterno } from '@delego/contract';
import type { Actor } from '../../src/kernel/actor.js';
import type { DomainEvent } from '../../src/kernel/bus.js';
import { cifradorCon } from '../../src/modules/client-side/index.js';
import { moduloExternos, type DepsExternos } from '../../src/modules/externos/index.js';
import type { EventoAjeno } from '../../src/modules/orders/index.js';
import { bancoDeModulo, type Banco } from './banco.js';
import { ordenesFalsas } from './orden-falsa.js';

/**
 * The contractor links module alone: the kernel's database, bus and clock, and fakes of exactly its
 * ports (the orders' access, history and responsables, identity's hidden user, the outbox, the
 * companies, the cipher). The link works as a credential of its own scheme, and only for its order.
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con el núcleo y falsos de sus puertos: entregar, el enlace como credencial, aceptar, revocar', async () => {
  const admin = await b.usuario(b.entidadId, 'Ana');
  const oculto = await b.usuario(b.entidadId, 'Externo: Juan');
  const orden = await b.orden(b.entidadId, admin, { titulo: 'Cambiar la bomba' });
  const falsas = ordenesFalsas(b.entidadId, orden.id);
  const eventos: EventoAjeno[] = [];
  const responsables: { agregar?: number; quitar?: number }[] = [];
  const correos: { para: string; asunto: string }[] = [];
  const avisos: { usuarioId: number; titulo: string }[] = [];
  const deps: DepsExternos = {
    orders: {
      acceso: async (actor: Actor, id: number, o) => {
        const a = await falsas.acceso(actor, id, o);
        return {
          ...a,
          orden: { ...a.orden, id: orden.id, numero: orden.numero, titulo: orden.titulo, responsables: [] },
        };
      },
      insertEvento: async (_tx, _actor, _id, e) => {
        eventos.push(e);
      },
      responsableEnTransaccion: async (_tx, actor, ordenId, _antes, cambio): Promise<DomainEvent[]> => {
        responsables.push(cambio);
        return [{ type: 'orden.modificada', entidadId: actor.entidadId, ordenId, usuarioId: actor.id }];
      },
    },
    identidad: { crearExterno: async () => oculto },
    mail: {
      enqueueHasta: async (_tx, c) => {
        correos.push({ para: c.para, asunto: c.contenido.asunto });
        return true;
      },
      kick: () => undefined,
    },
    entidades: { find: async () => ({ nombre: 'Módulo SA', logo: null }) as never },
    notifications: {
      crearVariasEnTransaccion: async (_tx, nuevas) => {
        avisos.push(...nuevas.map((n) => ({ usuarioId: n.usuarioId, titulo: n.titulo })));
        return { anunciar: async () => undefined };
      },
    },
    cifrador: cifradorCon(randomBytes(32)),
  };
  const m = moduloExternos(b.nucleo, deps);
  expect(m.puerto).toEqual({});
  expect(m.autenticador?.esquema).toBe('Externo');
  const app = await b.servir(m, b.actor({ id: admin }));
  const h = { authorization: 'prueba' };

  const r = await app.inject({
    method: 'POST',
    url: `/api/v4/externos/orden/${orden.id}`,
    headers: h,
    payload: { nombre: 'Juan', email: 'juan@example.com' },
  });
  expect(r.statusCode, r.body).toBe(200);
  const e = r.json() as EnlaceExterno;
  expect(e).toMatchObject({ nombre: 'Juan', respuesta: 'pendiente', activo: true, correoEnviado: true });
  expect(correos).toEqual([{ para: 'juan@example.com', asunto: 'Módulo SA le entregó la orden #1' }]);
  expect(responsables).toEqual([{ agregar: oculto }]);
  expect(eventos).toContainEqual(
    expect.objectContaining({ tipo: 'EXTERNO', datos: expect.objectContaining({ accion: 'entregada' }) }),
  );
  // Another company's admin does not reach the order (the fake's 404).
  const otra = await b.servir(m, b.actor({ id: admin, entidadId: b.otraEntidadId }));
  expect((await otra.inject({ method: 'GET', url: `/api/v4/externos/orden/${orden.id}`, headers: h })).statusCode).toBe(
    404,
  );

  const k = /\/externo\/([\w-]{43})$/.exec(e.url ?? '')?.[1] ?? '';
  const x = { authorization: `Externo ${k}` };
  const vista = await app.inject({ method: 'GET', url: '/api/v4/externo', headers: x });
  expect(vista.statusCode, vista.body).toBe(200);
  expect((vista.json() as VistaExterno).externo).toMatchObject({
    nombre: 'Juan',
    usuarioId: oculto,
    respuesta: 'pendiente',
  });
  expect((await app.inject({ method: 'POST', url: '/api/v4/externo/aceptar', headers: x })).statusCode).toBe(200);
  expect(avisos).toEqual([{ usuarioId: admin, titulo: 'Externo: Juan aceptó la orden #1' }]);
  // The company's own calls are not the link's.
  expect((await app.inject({ method: 'GET', url: `/api/v4/externos/orden/${orden.id}`, headers: x })).statusCode).toBe(
    404,
  );

  const rev = await app.inject({ method: 'POST', url: `/api/v4/externos/${e.id}/revocar`, headers: h });
  expect(rev.statusCode, rev.body).toBe(200);
  const despues = await app.inject({ method: 'GET', url: '/api/v4/externo', headers: x });
  expect(despues.statusCode).toBe(410);
  expect(b.eventos.some((ev) => ev.type === 'orden.modificada')).toBe(true);
});
