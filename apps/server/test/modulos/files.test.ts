import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
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

  // Through the port: bytes already stored (an accepted request's photo, issue 33) attached to the
  // order in the caller's transaction, checked again by their content, with a thumbnail and an event.
  const almacen = new FsStorage(carpeta);
  const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#333' } })
    .jpeg()
    .toBuffer();
  await almacen.put('e1/solicitudes/origen.jpg', Readable.from([jpeg]));
  const { copias } = await b.database.db.transaction((tx) =>
    m.puerto.adjuntarEnTransaccion(tx, actor, ordenId, [{ clave: 'e1/solicitudes/origen.jpg', nombre: 'foto-1.jpg' }]),
  );
  expect(copias).toEqual([{ id: expect.any(Number) as number, nombre: 'foto-1.jpg' }]);
  const lista = (await app.inject({ method: 'GET', url: `/api/v2/archivos/${ordenId}`, headers })).json() as Archivo[];
  expect(lista.find((a) => a.nombre === 'foto-1.jpg')).toMatchObject({ tipo: 'image/jpeg', esImagen: true });
  expect(lista.find((a) => a.nombre === 'foto-1.jpg')?.miniatura).not.toBeNull();
  expect(orders.escrituras.at(-1)?.map((e) => e.tipo)).toEqual(['ARCHIVO_AGREGADO']);
  expect(await almacen.stat('e1/solicitudes/origen.jpg')).not.toBeNull();
  // A transaction that does not commit: its rows are gone, and `deshacer` takes the new bytes.
  const antes = await contar(carpeta);
  let deshacer: (() => Promise<void>) | undefined;
  await expect(
    b.database.db.transaction(async (tx) => {
      ({ deshacer } = await m.puerto.adjuntarEnTransaccion(tx, actor, ordenId, [
        { clave: 'e1/solicitudes/origen.jpg', nombre: 'foto-2.jpg' },
      ]));
      throw new Error('la transacción de quien llama falla');
    }),
  ).rejects.toThrow('falla');
  expect(await contar(carpeta)).toBeGreaterThan(antes);
  await deshacer?.();
  expect(await contar(carpeta)).toBe(antes);
  // Bytes that are not what their name says are refused like an upload.
  await almacen.put('e1/solicitudes/texto', Readable.from([Buffer.from('no soy una foto')]));
  await expect(
    b.database.db.transaction((tx) =>
      m.puerto.adjuntarEnTransaccion(tx, actor, ordenId, [{ clave: 'e1/solicitudes/texto', nombre: 'foto-3.jpg' }]),
    ),
  ).rejects.toMatchObject({ code: 'TIPO_NO_SOPORTADO' });
  // Only the source itself was added: nothing of the refused copy stays.
  expect(await contar(carpeta)).toBe(antes + 1);
});

/** The files under a folder (every level). */
async function contar(dir: string): Promise<number> {
  const entradas = await readdir(dir, { recursive: true, withFileTypes: true });
  return entradas.filter((e) => e.isFile()).length;
}
