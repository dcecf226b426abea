import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EncuestaPublica, EnlaceCompartido, Notificacion, ResumenPublico } from '@delego/contract';
import { AppError } from '../../src/kernel/errors.js';
import { cifradorCon, moduloLadoCliente, type DepsLadoCliente } from '../../src/modules/client-side/index.js';
import type { AccesoOrden } from '../../src/modules/orders/orders.service.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The client-side module alone: the kernel's database, bus and clock, and fakes of the orders'
 * access, history and reads, the clients, the companies, the files, the outbox, the notifications
 * and the surveys' port.
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('comparte la orden, muestra el resumen y pasa la encuesta del resumen a las encuestas, una sola vez validada', async () => {
  const ana = await b.usuario(b.entidadId, 'Ana');
  const ajeno = await b.usuario(b.otraEntidadId, 'Ajeno');
  const orden = await b.orden(b.entidadId, ana, { titulo: 'Luminarias', responsables: [ana] });
  const deLaOtra = await b.orden(b.otraEntidadId, ajeno);

  const respuestas: { entidadId: number; ordenId: number; puntaje: number; direccion: string }[] = [];
  const encuesta: EncuestaPublica = {
    estado: 'cerrada',
    editable: false,
    entidadNombre: 'Módulo SA',
    logo: null,
    orden: { numero: orden.numero, titulo: orden.titulo },
    puntaje: 5,
    comentario: null,
    vence: 0,
    mensaje: 'Gracias',
  };
  const deps: DepsLadoCliente = {
    orders: {
      async acceso(actor, id) {
        if (id !== orden.id || actor.entidadId !== b.entidadId) throw AppError.notFound();
        const o = { clienteId: null, numero: orden.numero, titulo: orden.titulo } as AccesoOrden['orden'];
        return { orden: o, modificar: true, borrar: false };
      },
      insertEvento: async () => undefined,
    },
    lecturas: {
      detalle: () => Promise.reject(new Error('no se usa aquí')),
      nombresDe: async () => ({
        entidad: 'Módulo SA',
        clientes: new Map(),
        tipos: new Map(),
        areas: new Map(),
        prioridades: new Map(),
        usuarios: new Map([[ana, { id: ana, usuario: 'ana', nombre: 'Ana', apellido: 'Prueba' }]]),
      }),
    },
    clients: { find: async () => undefined },
    entidades: { find: async () => undefined },
    files: { descargaDeEmpresa: () => Promise.reject(AppError.notFound()) },
    mail: { enqueue: async () => undefined, kick: () => undefined },
    notifications: { create: async () => ({}) as Notificacion },
    encuestas: {
      hayPendiente: async (entidadId, ordenId) => entidadId === b.entidadId && ordenId === orden.id,
      async responderPorOrden(buscar, r, direccion) {
        const { entidadId, ordenId } = await buscar();
        respuestas.push({ entidadId, ordenId, puntaje: r.puntaje, direccion });
        return encuesta;
      },
    },
    checklists: { publicos: async () => ({ items: [], progreso: { hechos: 0, total: 0 } }) },
    conformidad: {
      publica: async () => undefined,
      responderRemota: () => Promise.reject(new Error('no se usa aquí')),
      exigirParaFacturar: async () => undefined,
    },
    cifrador: cifradorCon(randomBytes(32)),
  };
  const m = moduloLadoCliente(b.nucleo, deps);
  const app = await b.servir(m, b.actor({ id: ana }));
  const h = { authorization: 'prueba' };

  const ajena = await app.inject({ method: 'POST', url: `/api/v2/orden/${deLaOtra.id}/compartir`, headers: h });
  expect(ajena.statusCode).toBe(404);
  const creado = await app.inject({ method: 'POST', url: `/api/v2/orden/${orden.id}/compartir`, headers: h });
  expect(creado.statusCode, creado.body).toBe(200);
  const enlace = creado.json() as EnlaceCompartido;
  expect(enlace).toMatchObject({ activo: true, creadoPor: 'Ana Prueba' });
  const k = /\/ordersummary\/([\w-]+)$/.exec(enlace.url ?? '')?.[1] ?? '';
  expect(k).toHaveLength(43);

  const resumen = await app.inject({ method: 'GET', url: `/api/v2/ordersummary?k=${k}` });
  expect(resumen.statusCode, resumen.body).toBe(200);
  expect(resumen.json() as ResumenPublico).toMatchObject({
    entidad: { nombre: 'Módulo SA' },
    orden: { numero: orden.numero, titulo: 'Luminarias', responsables: ['Ana'] },
    encuestaPendiente: true,
  });

  const responder = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/v2/ordersummary/encuesta', payload, remoteAddress: '198.51.100.7' });
  // The contract's schema is the one check: a bad rating never reaches the surveys' port.
  expect((await responder({ k, puntaje: 9 })).statusCode).toBe(400);
  expect((await responder({ k, puntaje: 5, comentario: 'x'.repeat(2001) })).statusCode).toBe(400);
  expect(respuestas).toHaveLength(0);
  // An unknown link: the surveys' port asks this module for the order, which answers 404.
  expect((await responder({ k: 'C'.repeat(43), puntaje: 5 })).statusCode).toBe(404);
  const r = await responder({ k, puntaje: 5 });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json()).toEqual(encuesta);
  expect(respuestas).toEqual([{ entidadId: b.entidadId, ordenId: orden.id, puntaje: 5, direccion: '198.51.100.7' }]);

  expect((await app.inject({ method: 'GET', url: `/api/v2/orden/${orden.id}/compartir` })).statusCode).toBe(401);
});
