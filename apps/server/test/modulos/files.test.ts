import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Archivo } from '@delego/contract';
import { FsStorage, moduloArchivos } from '../../src/modules/files/index.js';
import { makeUsuario } from '../helpers.js';
import { multipart } from '../multipart.js';
import { bancoDeModulo, type Banco } from './banco.js';
import { insertOrden, ordenesFalsas } from './orden-falsa.js';

/** The files module alone: the kernel, a folder as its storage, and fakes of the orders' and keys' ports. */
let b: Banco;
let carpeta: string;
beforeAll(async () => {
  b = await bancoDeModulo();
  carpeta = await mkdtemp(path.join(tmpdir(), 'delego-modulo-archivos-'));
});
afterAll(async () => {
  await b?.close();
  await rm(carpeta, { recursive: true, force: true });
});

it('se arma con el núcleo y falsos de sus puertos: sube, lista y descarga un archivo que otra empresa no ve', async () => {
  const yo = await makeUsuario(b.database.db, { entidadId: b.entidadId, usuario: 'archivos', nombre: 'Ana' });
  const ordenId = await insertOrden(b.database.db, b.entidadId, yo);
  const orders = ordenesFalsas(b.entidadId, ordenId);
  const m = moduloArchivos(b.nucleo, {
    orders,
    storage: new FsStorage(carpeta),
    idempotencia: {
      reclamar: () => Promise.reject(new Error('sin Idempotency-Key no se reclama ninguna clave')),
      completar: async () => true,
      liberar: async () => undefined,
    },
  });
  const actor = b.actor({ id: yo });
  const app = await b.servir(m, actor);
  const headers = { authorization: 'prueba' };

  const form = multipart([{ name: 'archivos', filename: 'nota.txt', content: 'hola, bomba', type: 'text/plain' }]);
  const alta = await app.inject({
    method: 'POST',
    url: `/api/v2/archivos/${ordenId}/add`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(alta.statusCode, alta.body).toBe(200);
  const [archivo] = alta.json() as Archivo[];
  if (!archivo) throw new Error('sin archivo');
  expect(archivo.nombre).toBe('nota.txt');
  // The upload is one event in the order's history, written through the orders' port in one call.
  expect(orders.escrituras.map((es) => es.map((e) => e.tipo))).toEqual([['ARCHIVO_AGREGADO']]);

  const bajada = await app.inject({
    method: 'GET',
    url: `/api/v2/archivos/${ordenId}/descargar/${archivo.id}`,
    headers,
  });
  expect(bajada.statusCode).toBe(200);
  expect(bajada.body).toBe('hola, bomba');

  // Through the port: the receipt names of the order; another company's link finds nothing.
  expect(await m.puerto.nombresEnOrden(actor, ordenId, [archivo.id])).toEqual(new Map([[archivo.id, 'nota.txt']]));
  await expect(m.puerto.descargaDeEmpresa(b.otraEntidadId, ordenId, archivo.id)).rejects.toMatchObject({
    code: 'NO_ENCONTRADO',
  });
  const ajeno = await b.servir(m, { ...actor, entidadId: b.otraEntidadId });
  const r = await ajeno.inject({ method: 'GET', url: `/api/v2/archivos/${ordenId}/descargar/${archivo.id}`, headers });
  expect(r.statusCode).toBe(404);
});
