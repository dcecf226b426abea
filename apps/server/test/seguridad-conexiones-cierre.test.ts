import net from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.js';
import { fixture, llamar, type Fixture } from './files-fixture.js';
import { auth, createTestEnv, type TestEnv } from './helpers.js';
import { listen, stompConnect } from './live-helpers.js';

/**
 * Issue 28, item 7: a request with `Connection: Upgrade` to anything but the live socket is
 * answered as plain HTTP (the PDF report never ended), and a socket answered 408 is destroyed
 * shortly after even when its client never reads.
 */

/** A raw TCP connection: what it received (as latin1) and when it closed. */
function abrir(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let datos = '';
  socket.on('data', (d: Buffer) => (datos += d.toString('latin1')));
  socket.on('error', () => undefined); // a reset is one way of being closed
  const cerrado = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const conectado = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, recibido: () => datos, cerrado, conectado };
}

const antes = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('Connection: Upgrade fuera del canal en vivo', () => {
  let f: Fixture;
  let port: number;
  let ordenId: number;
  let wsUrl: string;

  beforeAll(async () => {
    f = await fixture();
    const api = llamar(f);
    ordenId = (await api.crearOrden()).id;
    // Photos of noise (they do not compress): the PDF is far larger than a socket's buffers.
    const partes = [];
    for (let i = 0; i < 8; i++) {
      const foto = await sharp({
        create: {
          width: 160,
          height: 160,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      partes.push({ name: 'archivos', filename: `foto${i}.jpg`, content: foto });
    }
    const subida = await api.subir(ordenId, 'admin', partes);
    expect(subida.statusCode, subida.body).toBe(200);
    wsUrl = await listen(f.env.app);
    port = (f.env.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => f?.close());

  for (const [nombre, cabeceras] of [
    [
      'websocket',
      'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n',
    ],
    ['h2c', 'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n'],
  ] as const) {
    it(`el reporte PDF pedido con Upgrade: ${nombre} llega entero como HTTP/1.1`, async () => {
      const c = abrir(port);
      await c.conectado;
      c.socket.write(
        `GET /api/v2/imprimirReporte/${ordenId}?archivos HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: ${auth('admin').authorization}\r\n${cabeceras}\r\n`,
      );
      // The last chunk of a chunked answer; before the fix the answer stopped at the socket's buffer.
      const fin = new Promise<void>((resolve) => {
        const mirar = () => (c.recibido().endsWith('\r\n0\r\n\r\n') ? resolve() : undefined);
        c.socket.on('data', mirar);
      });
      expect(await antes(fin, 15_000)).toBe(true);
      const r = c.recibido();
      expect(r).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(r).toMatch(/\r\ncontent-type: application\/pdf\r\n/i);
      expect(r).toContain('%%EOF');
      expect(r.length).toBeGreaterThan(100_000);
      // One request on that socket: the server closes it after the answer.
      expect(r).toMatch(/\r\nConnection: close\r\n/i);
      expect(await antes(c.cerrado, 5_000)).toBe(true);
    });
  }

  it('el canal en vivo sigue aceptando el upgrade', async () => {
    const cliente = await stompConnect(wsUrl, 'admin');
    expect(cliente.client.connected).toBe(true);
    await cliente.stop();
  });
});

describe('después de un 408', () => {
  let env: TestEnv;
  let port: number;

  beforeAll(async () => {
    env = await createTestEnv({ config: testConfig({ headersTimeoutMs: 1000, requestTimeoutMs: 3000 }) });
    await listen(env.app);
    port = (env.app.server.address() as AddressInfo).port;
  });
  afterAll(() => env?.close());

  it('el servidor destruye el socket aunque el cliente nunca lea y siga escribiendo', async () => {
    const c = abrir(port);
    await c.conectado;
    c.socket.pause(); // never reads: it does not see the server's end of the connection
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const goteo = setInterval(() => {
      if (c.socket.writable) c.socket.write('X-Lento: 1\r\n');
    }, 200);
    // Headers limit (1 s) + Node's check interval + the few seconds the server gives the 408.
    const cerrado = await antes(c.cerrado, 8_000);
    clearInterval(goteo);
    c.socket.destroy();
    expect(cerrado).toBe(true);
  }, 15_000);

  it('un cliente que lee recibe el 408 entero antes del cierre', async () => {
    const c = abrir(port);
    await c.conectado;
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await antes(c.cerrado, 8_000)).toBe(true);
    expect(c.recibido()).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(c.recibido()).toContain('"code":"TIEMPO_AGOTADO"');
  }, 15_000);
});
