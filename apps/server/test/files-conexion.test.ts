/**
 * A refused upload answers before its body has arrived. The rest of the body must still be read,
 * or the client's next request on the same keep-alive connection waits behind it until the
 * connection times out (72 s): the browser reuses connections, so the user's next click hangs.
 * On a real socket, since inject() has none.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from './helpers.js';
import { exe, fixture, llamar, type Fixture } from './files-fixture.js';

/** The status lines a connection receives for a multipart upload and then a GET, sent on it one after the other. */
async function dosPedidosEnUnaConexion(
  port: number,
  ordenId: number,
  archivo: { nombre: string; contenido: Buffer },
): Promise<string[]> {
  const limite = '----delego-prueba';
  const cabeza = Buffer.from(
    `--${limite}\r\nContent-Disposition: form-data; name="archivos"; filename="${archivo.nombre}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const cola = Buffer.from(`\r\n--${limite}--\r\n`);
  const cuerpo = Buffer.concat([cabeza, archivo.contenido, cola]);
  const socket = net.connect(port, '127.0.0.1');
  const recibido: string[] = [];
  socket.on('data', (d: Buffer) => recibido.push(d.toString('latin1')));
  const estados = () => recibido.join('').match(/HTTP\/1\.1 \d{3}[^\r]*/g) ?? [];
  socket.write(
    `POST /api/v2/archivos/${ordenId}/add HTTP/1.1\r\nHost: prueba\r\nAuthorization: ${auth('admin').authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${limite}\r\nContent-Length: ${cuerpo.length}\r\n\r\n`,
  );
  socket.write(cuerpo);
  socket.write('GET /api/health HTTP/1.1\r\nHost: prueba\r\n\r\n');
  const hasta = Date.now() + 8_000;
  while (estados().length < 2 && Date.now() < hasta && !socket.destroyed) {
    await new Promise((r) => setTimeout(r, 50));
  }
  socket.destroy();
  return estados();
}

const MB = 1024 * 1024;
const LIMITE_MB = 25;

describe('una subida rechazada deja la conexión lista para el pedido siguiente', () => {
  let f: Fixture;
  let port: number;
  let ordenId: number;

  beforeAll(async () => {
    // The real limit: a file within it keeps its part open while the upload is refused.
    f = await fixture({ maxFileMb: LIMITE_MB });
    ordenId = (await llamar(f).crearOrden()).id;
    await f.env.app.listen({ port: 0, host: '127.0.0.1' });
    port = (f.env.app.server.address() as AddressInfo).port;
  });
  afterAll(() => f?.close());

  // Bodies larger than the socket's buffers: most of each is still on the wire when the answer goes.
  it.each([
    ['un tipo no permitido (415)', 'programa.exe', Buffer.concat([exe(), Buffer.alloc(MB)]), '415'],
    ['un archivo de más (413)', 'grande.txt', Buffer.alloc((LIMITE_MB + 1) * MB, 'a'), '413'],
  ])('%s, y el pedido siguiente en la misma conexión responde', async (_caso, nombre, contenido, estado) => {
    const estados = await dosPedidosEnUnaConexion(port, ordenId, { nombre, contenido });
    expect(estados).toEqual([expect.stringMatching(new RegExp(`^HTTP/1\\.1 ${estado} `)), 'HTTP/1.1 200 OK']);
  });

  it('una subida aceptada, y el pedido siguiente también (el caso de siempre)', async () => {
    const estados = await dosPedidosEnUnaConexion(port, ordenId, {
      nombre: 'notas.txt',
      contenido: Buffer.from('Revisar la bomba el martes.\n'),
    });
    expect(estados).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
  });
});
