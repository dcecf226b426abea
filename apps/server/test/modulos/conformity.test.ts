import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ESTADO, type ConformidadOrden } from '@delego/contract';
import type { Actor } from '../../src/kernel/actor.js';
import type { DbOrTx } from '../../src/kernel/db/client.js';
import { AppError } from '../../src/kernel/errors.js';
import type { ReglaDeEstado } from '../../src/kernel/reglas-de-estado.js';
import { moduloConformidad, type DepsConformidad } from '../../src/modules/conformity/index.js';
import type { Storage } from '../../src/modules/files/index.js';
import type { AccesoOrden, EventoAjeno } from '../../src/modules/orders/index.js';
import { makeCatalogo } from '../../src/seed/factories.js';
import { dataUrl, pngFirma } from '../conformity-fixture.js';
import { bancoDeModulo, type Banco } from './banco.js';

/**
 * The conformity module alone: the kernel's database, bus and clock, and fakes of the orders'
 * access, history and reopening, the notifications, the storage, the idempotency keys and the
 * state rules' registry.
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

/** A storage in memory. */
function almacenEnMemoria(): Storage & { claves: Map<string, Buffer> } {
  const claves = new Map<string, Buffer>();
  return {
    claves,
    async put(key, data) {
      const partes: Buffer[] = [];
      for await (const c of data) partes.push(c as Buffer);
      claves.set(key, Buffer.concat(partes));
      return { bytes: claves.get(key)?.length ?? 0 };
    },
    async get(key) {
      const v = claves.get(key);
      if (!v) throw new Error('no existe');
      return Readable.from([v]);
    },
    async stat(key) {
      const v = claves.get(key);
      return v ? { size: v.length } : null;
    },
    async delete(key) {
      claves.delete(key);
    },
  };
}

it('firma en el lugar, responde desde el enlace, bloquea Finalizada según el tipo y otra empresa no ve nada', async () => {
  const ana = await b.usuario(b.entidadId, 'Ana');
  const orden = await b.orden(b.entidadId, ana, { titulo: 'Bomba', responsables: [ana] });
  const [tipo] = (await makeCatalogo(b.database.db, b.entidadId, { areas: ['General'], tipos: ['Instalación'] }))
    .tipos as [number];
  const eventos: EventoAjeno[] = [];
  const reabiertas: number[] = [];
  const avisos: { usuarioId: number; tipo: string; mensaje: string }[] = [];
  const reglas = new Map<string, ReglaDeEstado>();
  const almacen = almacenEnMemoria();
  const deps: DepsConformidad = {
    orders: {
      async acceso(actor: Actor, id: number) {
        if (id !== orden.id || actor.entidadId !== b.entidadId) throw AppError.notFound();
        const o = { id, tipoOrdenId: tipo, estadoId: ESTADO.PENDIENTE } as AccesoOrden['orden'];
        return { orden: o, modificar: true, borrar: false };
      },
      insertEvento: async (_tx: DbOrTx, _a: Actor, _o: number, e: EventoAjeno) => {
        eventos.push(e);
      },
      reabrir: async (_tx, _e, ordenId) => {
        reabiertas.push(ordenId);
        return true;
      },
    },
    notifications: {
      create: async (_entidadId, usuarioId, n) => {
        avisos.push({ usuarioId, tipo: n.tipo, mensaje: n.mensaje });
        return { id: 1, ...n, fecha: 0, leida: false };
      },
    },
    storage: almacen,
    idempotencia: {
      reclamar: () => Promise.reject(new Error('sin Idempotency-Key no se reclama ninguna clave')),
      completar: async () => true,
      liberar: async () => undefined,
    },
    reglas: { registrar: (nombre, regla) => reglas.set(nombre, regla) },
  };
  const m = moduloConformidad(b.nucleo, deps);
  const actor = b.actor({ id: ana, permisosResumen: [{ nombre: 'altaEtiquetas' }] });
  const app = await b.servir(m, actor);
  const h = { authorization: 'prueba' };

  // The type requires conformity before Finalizada: the registered rule says why.
  expect(
    (
      await app.inject({
        method: 'PUT',
        url: `/api/v2/conformidad/tipoOrden/${tipo}`,
        headers: h,
        payload: { conformidad: 'antes_de_finalizar' },
      })
    ).statusCode,
  ).toBe(200);
  const regla = reglas.get('conformidad');
  if (!regla) throw new Error('sin regla');
  const propuesta = {
    actor,
    tx: b.database.db,
    ordenId: orden.id,
    tipoOrdenId: tipo,
    desde: 1,
    hacia: ESTADO.FINALIZADA,
  };
  expect(await regla(propuesta)).toEqual([
    'Falta la conformidad del cliente: este tipo de orden la exige antes de finalizar.',
  ]);
  expect(await regla({ ...propuesta, hacia: ESTADO.EN_PROCESO })).toEqual([]);

  // Another company's order: 404, nothing stored.
  const ajena = await app.inject({ method: 'GET', url: `/api/v2/orden/${orden.id + 999}/conformidad`, headers: h });
  expect(ajena.statusCode).toBe(404);

  const firma = await app.inject({
    method: 'POST',
    url: `/api/v2/orden/${orden.id}/conformidad/firma`,
    headers: h,
    payload: { firma: dataUrl(pngFirma()), nombre: 'Rosa' },
  });
  expect(firma.statusCode, firma.body).toBe(200);
  expect((firma.json() as ConformidadOrden).estado).toBe('conforme');
  expect(almacen.claves.size).toBe(1);
  expect(eventos.at(-1)).toMatchObject({ tipo: 'CONFORMIDAD', datos: { accion: 'firma', nombre: 'Rosa' } });
  expect(b.eventos.some((e) => e.type === 'orden.conformidad' && e.ordenId === orden.id)).toBe(true);
  expect(await regla(propuesta)).toEqual([]);

  // A bad image: 400, and nothing more stored.
  const mala = await app.inject({
    method: 'POST',
    url: `/api/v2/orden/${orden.id}/conformidad/firma`,
    headers: h,
    payload: { firma: Buffer.from('GIF89a').toString('base64'), nombre: 'Rosa' },
  });
  expect(mala.statusCode).toBe(400);
  expect(almacen.claves.size).toBe(1);

  // The port: «No conforme» from the link reopens and notifies; the same answer again does nothing.
  const enlace = { entidadId: b.entidadId, ordenId: orden.id, creadoPor: ana };
  const r = await m.puerto.responderRemota(enlace, { k: 'x', conforme: false, motivo: 'Falta limpiar' });
  expect(r.conformidad.estado).toBe('no_conforme');
  expect(reabiertas).toEqual([orden.id]);
  expect(avisos).toEqual([
    { usuarioId: ana, tipo: 'ORDEN_NO_CONFORME', mensaje: 'Bomba: «Falta limpiar» (la orden se reabrió)' },
  ]);
  await m.puerto.responderRemota(enlace, { k: 'x', conforme: false, motivo: 'Falta limpiar' });
  expect(reabiertas).toHaveLength(1);
  expect(avisos).toHaveLength(1);
  expect(await m.puerto.publica(b.otraEntidadId, orden.id)).toBeUndefined();
});
