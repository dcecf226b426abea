import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Archivo, OrdenDetalle } from '@delego/contract';
import { leerZip } from './zip-reader.js';
import { docx, exe, fixture, jpeg, LIMITE_BYTES, llamar, pdf, png, type Fixture } from './files-fixture.js';

/**
 * The files scenarios (issue 5), on whichever storage `crear` gives the fixture: test/files.test.ts
 * runs them on the folder, test/files-s3.test.ts on an S3 bucket (s3rver).
 */
export function escenariosDeArchivos(crear: () => Promise<Fixture> = fixture): () => Fixture {
  let f: Fixture;
  let api: ReturnType<typeof llamar>;

  beforeAll(async () => {
    f = await crear();
    api = llamar(f);
  });
  afterAll(() => f?.close());

  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const filas = async () =>
    (await f.env.database.db.execute<{ n: number }>(sql`select count(*)::int as n from orden_archivos`)).rows[0]?.n ??
    0;
  const historial = async (id: number) =>
    (await api.call('GET', `/api/v2/historial/detalle/${id}`, 'admin')).json() as {
      tipo: string;
      descripcion: string;
    }[];

  /** Nothing changed: same rows, same stored files, same history. */
  async function nadaCambia(ordenId: number, fn: () => Promise<void>) {
    const antes = { filas: await filas(), guardados: await f.guardados(), h: (await historial(ordenId)).length };
    await fn();
    expect(await filas()).toBe(antes.filas);
    expect(await f.guardados()).toEqual(antes.guardados);
    expect((await historial(ordenId)).length).toBe(antes.h);
  }

  describe('entre empresas: un archivo de Demo nunca llega a Otra', () => {
    it('listar, subir, quitar, descargar, miniatura, zip y reporte: 404 para otra, y nada cambia', async () => {
      const o = await api.crearOrden();
      const foto = await jpeg();
      const r = await api.subir(o.id, 'operario', [
        { name: 'archivos', filename: 'foto.jpg', content: foto, type: 'image/jpeg' },
      ]);
      expect(r.statusCode, r.body).toBe(200);
      const [a] = r.json() as Archivo[];
      if (!a) throw new Error('sin archivo');
      const propia = await api.crearOrden(
        { cliente: f.cliOtra[0], responsable: [], tipoOrden: null, area: null, prioridad: null },
        'otra',
      );

      await nadaCambia(o.id, async () => {
        const intentos: [string, string, unknown?][] = [
          ['GET', `/api/v2/archivos/${o.id}`],
          ['POST', `/api/v2/archivos/${o.id}/add`, { archivos: [], archivosBorrados: [a.id] }],
          ['GET', `/api/v2/archivos/${o.id}/descargar/${a.id}`],
          ['GET', `/api/v2/archivos/${o.id}/miniatura/${a.id}`],
          ['GET', `/api/v2/descargarZip/${o.id}`],
          ['GET', `/api/v2/imprimirReporte/${o.id}?eventos&archivos`],
          // Its own order with Demo's file id: still nothing.
          ['GET', `/api/v2/archivos/${propia.id}/descargar/${a.id}`],
          ['GET', `/api/v2/archivos/${propia.id}/miniatura/${a.id}`],
          ['POST', `/api/v2/archivos/${propia.id}/add`, { archivosBorrados: [a.id] }],
        ];
        for (const [m, url, body] of intentos) {
          const x = await api.call(m as 'GET', url, 'otra', body);
          expect(x.statusCode, `${m} ${url}`).toBe(404);
          expect(x.json().message).toBeTruthy();
          expect(x.headers['content-disposition']).toBeUndefined();
        }
        const sub = await api.subir(o.id, 'otra', [
          { name: 'archivos', filename: 'intruso.png', content: await png() },
        ]);
        expect(sub.statusCode).toBe(404);
      });
      // The file is still there for Demo.
      const d = await api.call('GET', a.url, 'admin');
      expect(d.statusCode).toBe(200);
      expect(sha(d.rawPayload)).toBe(sha(foto));
    });
  });

  describe('subir, listar, descargar y quitar', () => {
    let o: OrdenDetalle;
    const foto = jpeg(1200, 900);
    const texto = 'Presupuesto: año 2026, señal ¿ok? ¡sí!\nlínea 2\n';

    beforeAll(async () => {
      o = await api.crearOrden();
    });

    it('sube imagen, PDF, texto y Word en un envío; la lista los muestra con quién y cuándo; el historial lo cuenta', async () => {
      const r = await api.subir(o.id, 'operario', [
        { name: 'archivos', filename: 'Foto del equipo ñandú.jpg', content: await foto, type: 'image/jpeg' },
        { name: 'archivos', filename: 'Presupuesto.pdf', content: pdf(), type: 'application/pdf' },
        { name: 'archivos', filename: 'notas.txt', content: texto, type: 'text/plain' },
        { name: 'archivos', filename: 'Informe técnico.docx', content: await docx() },
      ]);
      expect(r.statusCode, r.body).toBe(200);
      const lista = r.json() as Archivo[];
      expect(lista.map((a) => [a.nombre, a.tipo, a.esImagen])).toEqual([
        ['Foto del equipo ñandú.jpg', 'image/jpeg', true],
        ['Presupuesto.pdf', 'application/pdf', false],
        ['notas.txt', 'text/plain', false],
        ['Informe técnico.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', false],
      ]);
      const [img, doc] = lista as [Archivo, Archivo];
      expect(img).toMatchObject({
        usuario: { id: f.u.operario, nombre: 'Diego', apellido: 'Sosa' },
        tamanio: (await foto).length,
        puedeEliminar: true,
      });
      expect(img.miniatura).toBe(`/api/v2/archivos/${o.id}/miniatura/${img.id}`);
      expect(img.url).toBe(`/api/v2/archivos/${o.id}/descargar/${img.id}`);
      expect(doc.miniatura).toBeNull();
      expect(img.fecha).toBe(f.env.clock.now().getTime());
      const h = await historial(o.id);
      const agregados = h.filter((e) => e.tipo === 'ARCHIVO_AGREGADO').map((e) => e.descripcion);
      expect(agregados).toEqual([
        'Adjuntó el archivo «Foto del equipo ñandú.jpg»',
        'Adjuntó el archivo «Presupuesto.pdf»',
        'Adjuntó el archivo «notas.txt»',
        'Adjuntó el archivo «Informe técnico.docx»',
      ]);
      const list = await api.call('GET', `/api/v2/archivos/${o.id}`, 'lector');
      expect(list.statusCode).toBe(404); // lector does not see orders of Clínica San Martín
      expect((await api.call('GET', `/api/v2/archivos/${o.id}`, 'supervisor')).json()).toHaveLength(4);
    });

    it('descarga idéntica byte a byte, con su tipo y su nombre (RFC 5987), y la miniatura de 320 px', async () => {
      const lista = (await api.call('GET', `/api/v2/archivos/${o.id}`, 'admin')).json() as Archivo[];
      const img = lista.find((a) => a.esImagen) as Archivo;
      const d = await api.call('GET', img.url, 'admin');
      expect(d.statusCode).toBe(200);
      expect(d.headers['content-type']).toBe('image/jpeg');
      expect(d.headers['accept-ranges']).toBe('bytes');
      expect(Number(d.headers['content-length'])).toBe((await foto).length);
      expect(d.headers['content-disposition']).toBe(
        `attachment; filename="Foto del equipo nandu.jpg"; filename*=UTF-8''Foto%20del%20equipo%20%C3%B1and%C3%BA.jpg`,
      );
      expect(sha(d.rawPayload)).toBe(sha(await foto));
      const inline = await api.call('GET', `${img.url}?inline=1`, 'operario');
      expect(inline.headers['content-disposition']).toMatch(/^inline;/);

      const txt = lista.find((a) => a.nombre === 'notas.txt') as Archivo;
      const t = await api.call('GET', txt.url, 'admin');
      expect(t.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(t.body).toBe(texto);

      const m = await api.call('GET', img.miniatura as string, 'admin');
      expect(m.statusCode).toBe(200);
      expect(m.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(m.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
      const sinMini = lista.find((a) => a.nombre === 'Presupuesto.pdf') as Archivo;
      expect((await api.call('GET', `/api/v2/archivos/${o.id}/miniatura/${sinMini.id}`, 'admin')).statusCode).toBe(404);
    });

    it('rangos: 206 con el tramo pedido, sufijo, y 416 fuera del archivo', async () => {
      const lista = (await api.call('GET', `/api/v2/archivos/${o.id}`, 'admin')).json() as Archivo[];
      const img = lista.find((a) => a.esImagen) as Archivo;
      const bytes = await foto;
      const a = await api.call('GET', img.url, 'admin', undefined, { range: 'bytes=0-9' });
      expect(a.statusCode).toBe(206);
      expect(a.headers['content-range']).toBe(`bytes 0-9/${bytes.length}`);
      expect(a.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
      const b = await api.call('GET', img.url, 'admin', undefined, { range: 'bytes=-100' });
      expect(b.statusCode).toBe(206);
      expect(b.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
      const c = await api.call('GET', img.url, 'admin', undefined, { range: 'bytes=1000-' });
      expect(c.rawPayload.equals(bytes.subarray(1000))).toBe(true);
      const fuera = await api.call('GET', img.url, 'admin', undefined, { range: `bytes=${bytes.length}-` });
      expect(fuera.statusCode).toBe(416);
      expect(fuera.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(fuera.json().message).toMatch(/rango/);
      const mal = await api.call('GET', img.url, 'admin', undefined, { range: 'bytes=9-3' });
      expect(mal.statusCode).toBe(416);
    });

    it('un archivo de otra orden de la misma empresa: 404', async () => {
      const otraOrden = await api.crearOrden();
      const lista = (await api.call('GET', `/api/v2/archivos/${o.id}`, 'admin')).json() as Archivo[];
      const a = lista[0] as Archivo;
      expect((await api.call('GET', `/api/v2/archivos/${otraOrden.id}/descargar/${a.id}`, 'admin')).statusCode).toBe(
        404,
      );
      await nadaCambia(o.id, async () => {
        const r = await api.call('POST', `/api/v2/archivos/${otraOrden.id}/add`, 'admin', { archivosBorrados: [a.id] });
        expect(r.statusCode).toBe(404);
        expect(r.json().message).toBe('El archivo no existe o no pertenece a esta orden.');
      });
    });

    it('quita con multipart y con JSON: la lista, el almacenamiento y el historial lo reflejan', async () => {
      const antes = (await api.call('GET', `/api/v2/archivos/${o.id}`, 'admin')).json() as Archivo[];
      const [img, doc, txt] = antes as [Archivo, Archivo, Archivo];
      const guardados = (await f.guardados()).length;
      // multipart: one removal and one new file in the same call
      const r = await api.subir(o.id, 'operario', [
        { name: 'archivosBorrados', value: String(img.id) },
        { name: 'archivos', filename: 'otra.png', content: await png() },
      ]);
      expect(r.statusCode, r.body).toBe(200);
      const despues = r.json() as Archivo[];
      expect(despues.map((a) => a.id)).not.toContain(img.id);
      expect(despues.map((a) => a.nombre)).toContain('otra.png');
      // the image and its thumbnail left the storage; the png and its thumbnail arrived
      expect((await f.guardados()).length).toBe(guardados);
      expect((await api.call('GET', img.url, 'admin')).statusCode).toBe(404);
      // JSON: removals only
      const j = await api.call('POST', `/api/v2/archivos/${o.id}/add`, 'supervisor', {
        archivos: [],
        archivosBorrados: [doc.id, txt.id],
      });
      expect(j.statusCode, j.body).toBe(200);
      expect((j.json() as Archivo[]).map((a) => a.id)).not.toContain(doc.id);
      const h = await historial(o.id);
      expect(h.filter((e) => e.tipo === 'ARCHIVO_ELIMINADO').map((e) => e.descripcion)).toEqual([
        'Quitó el archivo «Foto del equipo ñandú.jpg»',
        'Quitó el archivo «Presupuesto.pdf»',
        'Quitó el archivo «notas.txt»',
      ]);
    });
  });

  describe('permisos', () => {
    it('quien ve la orden lista y descarga; solo quien puede modificarla agrega o quita; quien no la ve recibe 404', async () => {
      const o = await api.crearOrden({ cliente: f.cli[2] });
      const r = await api.subir(o.id, 'admin', [{ name: 'archivos', filename: 'plano.pdf', content: pdf() }]);
      expect(r.statusCode).toBe(200);
      const [a] = r.json() as [Archivo];
      // lector sees orders of Colegio Belgrano, read-only
      const l = await api.call('GET', `/api/v2/archivos/${o.id}`, 'lector');
      expect(l.statusCode).toBe(200);
      expect(l.json()[0].puedeEliminar).toBe(false);
      expect((await api.call('GET', a.url, 'lector')).statusCode).toBe(200);
      await nadaCambia(o.id, async () => {
        const s = await api.subir(o.id, 'lector', [{ name: 'archivos', filename: 'x.pdf', content: pdf() }]);
        expect(s.statusCode).toBe(403);
        expect(s.json().message).toMatch(/«Modificar órdenes»/);
        expect(
          (await api.call('POST', `/api/v2/archivos/${o.id}/add`, 'lector', { archivosBorrados: [a.id] })).statusCode,
        ).toBe(403);
        expect((await api.call('GET', `/api/v2/archivos/${o.id}`, 'ayudante')).statusCode).toBe(404);
        expect((await api.call('GET', a.url, 'ayudante')).statusCode).toBe(404);
        expect(
          (await api.subir(o.id, 'ayudante', [{ name: 'archivos', filename: 'x.pdf', content: pdf() }])).statusCode,
        ).toBe(404);
      });
      // the responsable may add
      expect(
        (await api.subir(o.id, 'operario', [{ name: 'archivos', filename: 'y.pdf', content: pdf() }])).statusCode,
      ).toBe(200);
      // without credentials, or with wrong ones: refused like every call
      expect((await f.env.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(401);
      expect(
        (
          await f.env.app.inject({
            method: 'GET',
            url: a.url,
            headers: { authorization: 'admin#00000000000000000000000000000000' },
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('entradas malas: un 4xx claro y nada guardado', () => {
    let o: OrdenDetalle;
    beforeAll(async () => {
      o = await api.crearOrden();
    });

    it('un archivo disfrazado por su extensión: 415 y no se guarda nada (ni los buenos del mismo envío)', async () => {
      const casos: [string, Buffer, RegExp][] = [
        ['foto.jpg', exe(), /programa ejecutable/],
        ['factura.pdf', await jpeg(), /imagen JPG/],
        ['captura.jpg', await png(), /imagen PNG/],
        ['datos.csv', Buffer.from([0x41, 0x3b, 0xe1, 0x0a, 0xff, 0xfe]), /UTF-8/],
        ['programa.exe', exe(), /no está permitido/],
        ['sin-extension', pdf(), /no tiene extensión/],
        ['libro.xlsx', pdf(), /no corresponde/],
        ['notas.txt', Buffer.concat([Buffer.from('hola'), Buffer.from([0, 1, 2])]), /UTF-8/],
      ];
      for (const [nombre, contenido, mensaje] of casos) {
        await nadaCambia(o.id, async () => {
          const r = await api.subir(o.id, 'admin', [
            { name: 'archivos', filename: 'bueno.pdf', content: pdf() },
            { name: 'archivos', filename: nombre, content: contenido, type: 'image/jpeg' },
          ]);
          expect(r.statusCode, nombre).toBe(415);
          expect(r.json().message, nombre).toMatch(mensaje);
          expect(r.json().message).toContain(nombre);
        });
      }
    });

    it('tamaño: hasta el límite se acepta; un byte más es 413 en español y no queda nada', async () => {
      const justo = Buffer.alloc(LIMITE_BYTES, 'a');
      const ok = await api.subir(o.id, 'admin', [{ name: 'archivos', filename: 'justo.txt', content: justo }]);
      expect(ok.statusCode, ok.body).toBe(200);
      await nadaCambia(o.id, async () => {
        const r = await api.subir(o.id, 'admin', [
          { name: 'archivos', filename: 'chico.pdf', content: pdf() },
          { name: 'archivos', filename: 'grande.txt', content: Buffer.alloc(LIMITE_BYTES + 1, 'a') },
        ]);
        expect(r.statusCode).toBe(413);
        expect(r.json()).toMatchObject({
          code: 'DEMASIADO_GRANDE',
          message: expect.stringMatching(/«grande\.txt» supera el tamaño máximo de 0,05 MB/),
        });
      });
    });

    it('vacíos: archivo de 0 bytes, envío sin partes, JSON vacío o con archivos: 400', async () => {
      await nadaCambia(o.id, async () => {
        const cero = await api.subir(o.id, 'admin', [
          { name: 'archivos', filename: 'vacio.pdf', content: Buffer.alloc(0) },
        ]);
        expect(cero.statusCode).toBe(400);
        expect(cero.json().message).toBe('El archivo «vacio.pdf» está vacío (0 bytes).');
        const sinPartes = await api.subir(o.id, 'admin', []);
        expect(sinPartes.statusCode).toBe(400);
        expect(sinPartes.json().message).toMatch(/No se recibió ningún archivo/);
        const soloCampo = await api.subir(o.id, 'admin', [{ name: 'comentario', value: 'hola' }]);
        expect(soloCampo.statusCode).toBe(400);
        expect((await api.call('POST', `/api/v2/archivos/${o.id}/add`, 'admin', {})).statusCode).toBe(400);
        expect(
          (await api.call('POST', `/api/v2/archivos/${o.id}/add`, 'admin', { archivos: [], archivosBorrados: [] }))
            .statusCode,
        ).toBe(400);
        const conArchivos = await api.call('POST', `/api/v2/archivos/${o.id}/add`, 'admin', {
          archivos: [{ nombre: 'x' }],
        });
        expect(conArchivos.statusCode).toBe(400);
        expect(conArchivos.json().message).toMatch(/multipart/);
        const malId = await api.call('POST', `/api/v2/archivos/${o.id}/add`, 'admin', { archivosBorrados: ['abc'] });
        expect(malId.statusCode).toBe(400);
        const malCampo = await api.subir(o.id, 'admin', [{ name: 'archivosBorrados', value: 'uno,dos' }]);
        expect(malCampo.statusCode).toBe(400);
        const roto = await f.env.app.inject({
          method: 'POST',
          url: `/api/v2/archivos/${o.id}/add`,
          headers: {
            authorization: (await import('./helpers.js')).auth('admin').authorization,
            'content-type': 'multipart/form-data; boundary=xyz',
          },
          payload: '--xyz\r\nContent-Disposition: form-data; name="archivos"; filename="a.txt"\r\n\r\nsin fin',
        });
        expect(roto.statusCode).toBe(400);
      });
    });

    it('nombres con barras, caracteres de control o de más de 255 caracteres: 400 que dice por qué', async () => {
      const casos: [string, RegExp][] = [
        ['../../etc/passwd.txt', /barras/],
        ['carpeta\\informe.pdf', /barras/],
        [`${'a'.repeat(300)}.pdf`, /255 caracteres/],
        ['factura\u202Efdp.exe', /caracteres no válidos/],
        ['   ', /debe tener un nombre/],
      ];
      for (const [nombre, mensaje] of casos) {
        await nadaCambia(o.id, async () => {
          const r = await api.subir(o.id, 'admin', [{ name: 'archivos', filename: nombre, content: pdf() }]);
          expect(r.statusCode, nombre).toBe(400);
          expect(r.json().message, nombre).toMatch(mensaje);
        });
      }
      // 255 characters (with accents) are fine
      const largo = `${'ñ'.repeat(251)}.pdf`;
      const ok = await api.subir(o.id, 'admin', [{ name: 'archivos', filename: largo, content: pdf() }]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json() as Archivo[]).some((a) => a.nombre === largo)).toBe(true);
    });

    it('más de 20 archivos en un envío: 413 y nada guardado', async () => {
      await nadaCambia(o.id, async () => {
        const partes = Array.from({ length: 21 }, (_, i) => ({
          name: 'archivos',
          filename: `n${i}.txt`,
          content: `nota ${i}`,
        }));
        const r = await api.subir(o.id, 'admin', partes);
        expect(r.statusCode).toBe(413);
        expect(r.json().message).toMatch(/hasta 20 archivos/);
      });
    });
  });

  describe('ZIP', () => {
    it('contiene exactamente los archivos de la orden, con nombres únicos y el mismo contenido', async () => {
      const o = await api.crearOrden();
      const foto = await jpeg(640, 480, '#aa3300');
      const r = await api.subir(o.id, 'operario', [
        { name: 'archivos', filename: 'Foto frente.jpg', content: foto },
        { name: 'archivos', filename: 'informe.txt', content: 'uno\n' },
        { name: 'archivos', filename: 'Informe.txt', content: 'dos\n' },
        { name: 'archivos', filename: 'presupuesto año.pdf', content: pdf('zip') },
      ]);
      expect(r.statusCode, r.body).toBe(200);
      const z = await api.call('GET', `/api/v2/descargarZip/${o.id}`, 'supervisor');
      expect(z.statusCode).toBe(200);
      expect(z.headers['content-type']).toBe('application/zip');
      expect(z.headers['content-disposition']).toContain(`orden-${o.numero}-archivos.zip`);
      const entradas = leerZip(z.rawPayload);
      expect(entradas.map((e) => e.nombre)).toEqual([
        'Foto frente.jpg',
        'informe.txt',
        'Informe (2).txt',
        'presupuesto año.pdf',
      ]);
      const leer = (n: string) => entradas.find((e) => e.nombre === n)?.datos ?? Buffer.alloc(0);
      expect(sha(leer('Foto frente.jpg'))).toBe(sha(foto));
      expect(leer('informe.txt').toString()).toBe('uno\n');
      expect(leer('Informe (2).txt').toString()).toBe('dos\n');
      expect(leer('presupuesto año.pdf').equals(pdf('zip'))).toBe(true);
      // photos are stored as they are; text is deflated
      expect(entradas.map((e) => e.comprimido)).toEqual([false, true, true, false]);
    });

    it('la hora de cada archivo es la de Buenos Aires al subirlo (un ZIP no lleva zona)', async () => {
      const o = await api.crearOrden();
      const antes = f.env.clock.t;
      // 17:13:30 UTC is 14:13:30 in Buenos Aires (UTC-3); an even second, as a ZIP keeps them.
      f.env.clock.t = new Date(Date.UTC(2026, 10, 20, 17, 13, 30));
      try {
        const r = await api.subir(o.id, 'operario', [
          { name: 'archivos', filename: 'medicion.txt', content: '220 V\n' },
        ]);
        expect(r.statusCode, r.body).toBe(200);
      } finally {
        f.env.clock.t = antes;
      }
      const z = await api.call('GET', `/api/v2/descargarZip/${o.id}`, 'admin');
      expect(z.statusCode).toBe(200);
      expect(leerZip(z.rawPayload).map((e) => [e.nombre, e.fecha])).toEqual([['medicion.txt', '2026-11-20 14:13:30']]);
    });

    it('una orden sin archivos: 404 con un mensaje', async () => {
      const o = await api.crearOrden();
      const z = await api.call('GET', `/api/v2/descargarZip/${o.id}`, 'admin');
      expect(z.statusCode).toBe(404);
      expect(z.json().message).toBe('La orden no tiene archivos para descargar.');
    });
  });
  return () => f;
}
