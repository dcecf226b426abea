import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Archivo } from '@delego/contract';
import { escenariosDeArchivos } from './files-escenarios.js';
import { fixture, jpeg, llamar } from './files-fixture.js';
import { servidorS3, type ServidorS3 } from './s3-servidor.js';
import { leerZip } from './zip-reader.js';

// The same files scenarios as test/files.test.ts, with the files in an S3 bucket (a real s3rver,
// under a prefix), plus what reads the bucket elsewhere: the printed report's photos.
let s3: ServidorS3;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'delego-s3-pdf-'));
beforeAll(async () => {
  s3 = await servidorS3('delego-archivos', 'delego/');
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const actual = escenariosDeArchivos(() => fixture({ s3: s3.opciones }));

/** How many images a PDF has (poppler's pdfimages; alpha masks are not images). */
function imagenesDe(pdfBytes: Buffer): number {
  const p = path.join(tmp, `r${Date.now()}.pdf`);
  fs.writeFileSync(p, pdfBytes);
  const lista = execFileSync('pdfimages', ['-list', p], { encoding: 'utf8' }).trim().split('\n');
  return lista.slice(2).filter((l) => l.trim().split(/\s+/)[2] === 'image').length;
}

describe('con S3: el bucket tiene los bytes y todo lo que los lee funciona', () => {
  it('foto y miniatura en el bucket (con el prefijo), nada en la carpeta; PDF con la foto; ZIP; quitar borra del bucket', async () => {
    const f = actual();
    const api = llamar(f);
    const o = await api.crearOrden();
    const foto = await jpeg(640, 480, '#aa3300');
    const r = await api.subir(o.id, 'operario', [
      { name: 'archivos', filename: 'tablero.jpg', content: foto, type: 'image/jpeg' },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const [a] = r.json() as Archivo[];
    if (!a) throw new Error('sin archivo');
    const claves = (await f.guardados()).filter((k) => k.startsWith(`e${f.demo}/o${o.id}/`));
    expect(claves).toHaveLength(2);
    expect(claves.some((k) => k.endsWith('.min.jpg'))).toBe(true);
    expect(fs.readdirSync(f.dir)).toEqual([]);
    // s3rver keeps the object under the prefix in the bucket's folder.
    expect(fs.existsSync(path.join(s3.dir, 'delego-archivos', 'delego'))).toBe(true);

    const sin = await api.call('GET', `/api/v2/imprimirReporte/${o.id}`, 'admin');
    const con = await api.call('GET', `/api/v2/imprimirReporte/${o.id}?archivos`, 'admin');
    expect(con.statusCode).toBe(200);
    expect(con.headers['content-type']).toBe('application/pdf');
    expect(imagenesDe(con.rawPayload)).toBe(imagenesDe(sin.rawPayload) + 1);

    const mini = await api.call('GET', `/api/v2/archivos/${o.id}/miniatura/${a.id}`, 'admin');
    expect(mini.statusCode).toBe(200);
    expect(mini.headers['content-type']).toBe('image/jpeg');
    const rango = await api.call('GET', a.url, 'admin', undefined, { range: 'bytes=0-0' });
    expect(rango.statusCode).toBe(206);
    expect(rango.rawPayload.equals(foto.subarray(0, 1))).toBe(true);

    const zip = await api.call('GET', `/api/v2/descargarZip/${o.id}`, 'admin');
    expect(zip.statusCode).toBe(200);
    const entradas = leerZip(zip.rawPayload);
    expect(entradas.map((e) => e.nombre)).toEqual(['tablero.jpg']);
    expect(entradas[0]?.datos.equals(foto)).toBe(true);

    const q = await api.call('POST', `/api/v2/archivos/${o.id}/add`, 'admin', { archivosBorrados: [a.id] });
    expect(q.statusCode, q.body).toBe(200);
    expect((await f.guardados()).filter((k) => k.startsWith(`e${f.demo}/o${o.id}/`))).toEqual([]);
  });
});
