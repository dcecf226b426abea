import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zArchivo, zEquipo, zErrorBody, type Equipo } from '@delego/contract';
import { z } from 'zod';
import { FsStorage } from '../src/modules/files/index.js';
import { adminFixture, caller, type AdminFixture } from './admin-fixture.js';
import { archivosGuardados, exe, jpeg, pdf } from './files-fixture.js';
import { multipart, type ParteForm } from './multipart.js';
import { auth } from './helpers.js';

/**
 * Photos and files of an equipo (issue 32): the files module's checks and storage, another
 * company's 404, the write rule, and nothing left behind on a refusal or a removal.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'equipos-archivos-'));
let f: AdminFixture;
let call: ReturnType<typeof caller>;
let caldera: Equipo;
let equipoOtra: Equipo;

beforeAll(async () => {
  f = await adminFixture({ storage: new FsStorage(dir) });
  call = caller(f.env);
  caldera = zEquipo.parse(
    (await call('POST', '/api/v4/equipos', 'admin', { nombre: 'Caldera', cliente: f.cli[0] })).json(),
  );
  equipoOtra = zEquipo.parse(
    (await call('POST', '/api/v4/equipos', 'otra', { nombre: 'Horno', cliente: f.cliOtra[0] })).json(),
  );
});
afterAll(async () => {
  await f?.env.close();
  rmSync(dir, { recursive: true, force: true });
});

const zLista = z.array(zArchivo);

function subir(quien: string, equipoId: number, partes: ParteForm[]) {
  const m = multipart(partes);
  return f.env.app.inject({
    method: 'POST',
    url: `/api/v4/equipos/${equipoId}/archivos`,
    headers: { ...auth(quien), ...m.headers },
    payload: m.payload,
  });
}

describe('archivos de un equipo', () => {
  it('otra empresa: 404 al listar, subir, descargar y quitar, y no queda nada guardado', async () => {
    const antes = archivosGuardados(dir);
    expect((await call('GET', `/api/v4/equipos/${caldera.id}/archivos`, 'otra')).statusCode).toBe(404);
    const r = await subir('otra', caldera.id, [{ name: 'archivos', filename: 'x.pdf', content: pdf() }]);
    expect(r.statusCode).toBe(404);
    expect(archivosGuardados(dir)).toEqual(antes);
  });

  it('sube fotos y documentos con miniatura, los descarga tal cual y los lista para quien lee el equipo', async () => {
    const foto = await jpeg(640, 480);
    const r = await subir('admin', caldera.id, [
      { name: 'archivos', filename: 'Placa de datos.jpg', content: foto, type: 'image/jpeg' },
      { name: 'archivos', filename: 'Manual.pdf', content: pdf('manual') },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const lista = zLista.parse(r.json());
    expect(lista.map((a) => [a.nombre, a.tipo, a.esImagen, a.puedeEliminar])).toEqual([
      ['Placa de datos.jpg', 'image/jpeg', true, true],
      ['Manual.pdf', 'application/pdf', false, true],
    ]);
    const [laFoto, manual] = lista as [z.infer<typeof zArchivo>, z.infer<typeof zArchivo>];
    expect(laFoto.url).toBe(`/api/v4/equipos/${caldera.id}/archivos/${laFoto.id}`);
    expect(laFoto.miniatura).toBe(`/api/v4/equipos/${caldera.id}/archivos/${laFoto.id}/miniatura`);
    expect(manual.miniatura).toBeNull();
    // Bytes, thumbnail: under the equipo's folder of the company.
    expect(archivosGuardados(dir).filter((k) => k.startsWith(`e${f.demo}/q${caldera.id}/`))).toHaveLength(3);

    const bajada = await call('GET', laFoto.url, 'admin');
    expect(bajada.statusCode).toBe(200);
    expect(bajada.rawPayload.equals(foto)).toBe(true);
    const mini = await call('GET', laFoto.miniatura as string, 'admin');
    expect(mini.headers['content-type']).toBe('image/jpeg');
    expect(mini.rawPayload.length).toBeLessThan(foto.length);
    // gestor reads the clinic's equipment (delegarOrden on it) but may not change it.
    const delGestor = zLista.parse((await call('GET', `/api/v4/equipos/${caldera.id}/archivos`, 'gestor')).json());
    expect(delGestor.map((a) => a.puedeEliminar)).toEqual([false, false]);
    expect((await call('GET', manual.url, 'otra')).statusCode).toBe(404);
    expect((await call('GET', `/api/v4/equipos/${equipoOtra.id}/archivos/${manual.id}`, 'otra')).statusCode).toBe(404);
  });

  it('rechaza en español un tipo falso, un nombre con barra y a quien no puede escribir, sin dejar bytes', async () => {
    const antes = archivosGuardados(dir);
    const falso = await subir('admin', caldera.id, [{ name: 'archivos', filename: 'foto.jpg', content: exe() }]);
    expect(falso.statusCode).toBe(415);
    expect(zErrorBody.parse(falso.json()).message).toMatch(/no corresponde|no está permitido/);
    const barra = await subir('admin', caldera.id, [{ name: 'archivos', filename: 'a/b.pdf', content: pdf() }]);
    expect(barra.statusCode).toBe(400);
    expect(zErrorBody.parse(barra.json()).message).toBe('El nombre «a/b.pdf» no puede contener barras (/ o \\).');
    const gestor = await subir('gestor', caldera.id, [{ name: 'archivos', filename: 'x.pdf', content: pdf() }]);
    expect(gestor.statusCode).toBe(403);
    const vacio = await subir('admin', caldera.id, [{ name: 'otro', value: '1' }]);
    expect(zErrorBody.parse(vacio.json())).toMatchObject({
      field: 'archivos',
      message: 'No se recibió ningún archivo.',
    });
    expect(archivosGuardados(dir)).toEqual(antes);
    const lista = zLista.parse((await call('GET', `/api/v4/equipos/${caldera.id}/archivos`, 'admin')).json());
    expect(lista).toHaveLength(2);
  });

  it('quitar un archivo borra su fila y sus bytes; borrar el equipo borra los suyos', async () => {
    const lista = zLista.parse((await call('GET', `/api/v4/equipos/${caldera.id}/archivos`, 'admin')).json());
    const [foto] = lista as [z.infer<typeof zArchivo>];
    expect((await call('DELETE', foto.url, 'gestor')).statusCode).toBe(403);
    const r = await call('DELETE', foto.url, 'admin');
    expect(r.statusCode, r.body).toBe(200);
    expect(zLista.parse(r.json()).map((a) => a.nombre)).toEqual(['Manual.pdf']);
    expect(archivosGuardados(dir).filter((k) => k.startsWith(`e${f.demo}/q${caldera.id}/`))).toHaveLength(1);
    expect((await call('DELETE', foto.url, 'admin')).statusCode).toBe(404);

    expect((await call('DELETE', `/api/v4/equipos/${caldera.id}`, 'admin')).statusCode).toBe(200);
    expect(archivosGuardados(dir).filter((k) => k.startsWith(`e${f.demo}/q${caldera.id}/`))).toEqual([]);
  });
});
