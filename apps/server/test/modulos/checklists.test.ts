import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChecklistOrden, ItemGuardado } from '@delego/contract';
import { ReglasDeEstado } from '../../src/kernel/reglas-de-estado.js';
import { moduloChecklists } from '../../src/modules/checklists/index.js';
import type { Storage } from '../../src/modules/files/index.js';
import { makeCatalogo, makeUsuario } from '../helpers.js';
import { bancoDeModulo, type Banco } from './banco.js';
import { insertOrden, ordenesFalsas } from './orden-falsa.js';

/**
 * The checklists module alone: the kernel, a real ReglasDeEstado, and fakes of exactly its ports
 * (orders, files' names, the storage, the idempotency keys).
 */
let b: Banco;
beforeAll(async () => {
  b = await bancoDeModulo();
});
afterAll(() => b?.close());

it('se arma con el núcleo y falsos de sus puertos: plantilla, respuesta con su evento de historial, la regla de Finalizada, y otra empresa no ve nada', async () => {
  const db = b.database.db;
  const yo = await makeUsuario(db, { entidadId: b.entidadId, usuario: 'checklists', nombre: 'Ana', apellido: 'Paz' });
  const { tipos } = await makeCatalogo(db, b.entidadId, { areas: ['Mecánica'], tipos: ['Preventivo'] });
  const tipo = tipos[0] as number;
  const ordenId = await insertOrden(db, b.entidadId, yo);
  await db.execute(sql`update ordenes set tipo_orden_id = ${tipo} where id = ${ordenId}`);
  const falsas = ordenesFalsas(b.entidadId, ordenId);
  const orders = {
    ...falsas,
    acceso: async (...a: Parameters<typeof falsas.acceso>) => {
      const acc = await falsas.acceso(...a);
      return { ...acc, orden: { ...acc.orden, tipoOrdenId: tipo, creada: b.clock.now().getTime() + 60_000 } };
    },
    crearEnTransaccion: () => Promise.reject(new Error('este test no crea seguimientos')),
    renovarCupoSiVencio: async () => undefined,
  };
  const guardados = new Map<string, Buffer>();
  const storage: Storage = {
    put: async (k, data) => {
      const partes: Buffer[] = [];
      for await (const c of data) partes.push(c as Buffer);
      guardados.set(k, Buffer.concat(partes));
      return { bytes: guardados.get(k)?.length ?? 0 };
    },
    get: async (k) => Readable.from([guardados.get(k) ?? Buffer.alloc(0)]),
    stat: async (k) => (guardados.has(k) ? { size: guardados.get(k)?.length ?? 0 } : null),
    delete: async (k) => {
      guardados.delete(k);
    },
  };
  const reglas = new ReglasDeEstado();
  const m = moduloChecklists(b.nucleo, {
    orders,
    files: {
      nombresEnOrden: async () => new Map(),
      copiarEnTransaccion: () => Promise.reject(new Error('este test no copia fotos')),
    },
    storage,
    idempotencia: {
      reclamar: () => Promise.reject(new Error('sin Idempotency-Key no se reclama ninguna clave')),
      completar: async () => true,
      liberar: async () => undefined,
    },
    reglas,
  });
  const actor = b.actor({ id: yo, permisosResumen: [{ nombre: 'altaEtiquetas' }] });
  const app = await b.servir(m, actor);
  const headers = { authorization: 'prueba' };

  const p = await app.inject({
    method: 'PUT',
    url: `/api/v2/checklist/plantilla/${tipo}`,
    headers,
    payload: { items: [{ etiqueta: 'Lubricar', tipo: 'tick', requerido: true }] },
  });
  expect(p.statusCode, p.body).toBe(200);
  const c = await app.inject({ method: 'GET', url: `/api/v2/checklist/orden/${ordenId}`, headers });
  expect(c.statusCode, c.body).toBe(200);
  const ck = c.json() as ChecklistOrden;
  expect(ck).toMatchObject({ version: 1, progreso: { hechos: 0, total: 1 }, faltantes: ['Lubricar'] });

  // The rule, registered at build time, reads through the transaction it is given.
  const transicion = { actor, ordenId, tipoOrdenId: tipo, desde: 2, hacia: 4 };
  expect(await b.database.db.transaction((tx) => reglas.bloqueos({ ...transicion, tx }))).toEqual([
    'No se puede finalizar: faltan ítems obligatorios del checklist: «Lubricar».',
  ]);

  const r = await app.inject({
    method: 'PUT',
    url: `/api/v2/checklist/orden/${ordenId}/item/${ck.items[0]?.id}`,
    headers,
    payload: { tipo: 'tick', marcado: true },
  });
  expect(r.statusCode, r.body).toBe(200);
  expect((r.json() as ItemGuardado).progreso).toEqual({ hechos: 1, total: 1 });
  expect(falsas.escrituras.map((es) => es.map((e) => e.tipo))).toEqual([['CHECKLIST']]);
  expect(b.eventos.filter((e) => e.type === 'orden.checklistCambiada').at(-1)).toMatchObject({
    ordenId,
    itemId: ck.items[0]?.id,
  });
  expect(await b.database.db.transaction((tx) => reglas.bloqueos({ ...transicion, tx }))).toEqual([]);

  // The public summary's read (no actor): only public items, and none of another company.
  expect(await m.puerto.publicos(b.entidadId, ordenId)).toEqual({ items: [], progreso: { hechos: 1, total: 1 } });
  expect(await m.puerto.publicos(b.otraEntidadId, ordenId)).toEqual({ items: [], progreso: { hechos: 0, total: 0 } });
  expect(await m.puerto.firmaDeEmpresa(b.otraEntidadId, ordenId, ck.items[0]?.id ?? 0)).toBeNull();

  // Another company's actor: the orders port says 404, and so does every call.
  const otra = await b.servir(m, { ...actor, entidadId: b.otraEntidadId });
  expect((await otra.inject({ method: 'GET', url: `/api/v2/checklist/orden/${ordenId}`, headers })).statusCode).toBe(
    404,
  );
  expect((await otra.inject({ method: 'GET', url: `/api/v2/checklist/plantilla/${tipo}`, headers })).statusCode).toBe(
    404,
  );
  await expect(m.puerto.checklist({ ...actor, entidadId: b.otraEntidadId }, ordenId)).rejects.toMatchObject({
    code: 'NO_ENCONTRADO',
  });
});
