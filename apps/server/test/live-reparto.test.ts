import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, makeEntidad, makeUsuario, type TestEnv } from './helpers.js';
import { connectFrame, listen, rawSocket, stompConnect } from './live-helpers.js';

/**
 * The fan-out over real sockets (issue 18): many sockets of one user get the same message in
 * order, and a socket that stops reading is dropped with an ERROR once it holds the limit,
 * without holding back the others.
 */
let env: TestEnv;
let url: string;
let ana: number;
const LIMITE = 256 * 1024;

beforeAll(async () => {
  env = await createTestEnv({ broker: { maxBufferedBytes: LIMITE, writesPerTurn: 7 } });
  const db = env.database.db;
  const entidad = await makeEntidad(db, { nombre: 'Reparto S.A.', plan: 'Ilimitado', now: env.clock.now() });
  ana = await makeUsuario(db, { entidadId: entidad, usuario: 'ana', nombre: 'Ana', permisos: ['crearOrden'] });
  url = await listen(env.app);
});
afterAll(async () => {
  await env?.close();
});

/** A notification for Ana through the bus, as the notifications service publishes it. */
const publicar = (n: number, mensaje: string) =>
  env.app.bus.publish({
    type: 'notificacion.creada',
    entidadId: 1,
    usuarioId: ana,
    notificacion: {
      id: n,
      tipo: 'ORDEN_ASIGNADA',
      titulo: `Aviso ${n}`,
      mensaje,
      ordenId: null,
      fecha: 0,
      leida: false,
    },
  });

/** A raw socket of Ana's, subscribed to her channel with a receipt. */
async function suscrito(id: string) {
  const s = await rawSocket(url);
  s.ws.send(connectFrame('ana') + `SUBSCRIBE\nid:${id}\ndestination:/usuario/${ana}\nreceipt:listo\n\n\0`);
  await new Promise<void>((resolve) => {
    const check = () => (s.received.some((f) => f.startsWith('RECEIPT')) ? resolve() : s.ws.once('message', check));
    check();
  });
  return s;
}

describe('reparto en vivo', () => {
  it('30 sockets reciben cada mensaje, en orden y con su propia suscripción', async () => {
    const sockets = await Promise.all(Array.from({ length: 30 }, (_, i) => suscrito(i % 3 ? 'sub-0' : `propia-${i}`)));
    for (let n = 1; n <= 5; n++) publicar(n, `mensaje ${n}`);
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve) => {
            const check = () =>
              s.received.filter((f) => f.startsWith('MESSAGE')).length >= 5 ? resolve() : s.ws.once('message', check);
            check();
          }),
      ),
    );
    sockets.forEach((s, i) => {
      const mensajes = s.received.filter((f) => f.startsWith('MESSAGE'));
      expect(mensajes.map((m) => JSON.parse(m.slice(m.indexOf('\n\n') + 2, -1)).id)).toEqual([1, 2, 3, 4, 5]);
      for (const m of mensajes) expect(m).toContain(`\nsubscription:${i % 3 ? 'sub-0' : `propia-${i}`}\n`);
      s.ws.close();
    });
  });

  it('un socket que deja de leer recibe ERROR y se cierra; el que lee recibe todo', async () => {
    const lento = await suscrito('sub-0');
    const bueno = await stompConnect(url, 'ana');
    await bueno.subscribe(`/usuario/${ana}`);
    lento.ws.pause();

    // 40 MB in 64 KB messages: more than the kernel's buffers on both ends plus the limit.
    const grande = 'x'.repeat(64 * 1024);
    const total = 640;
    for (let n = 1; n <= total; n++) {
      publicar(n, grande);
      if (n % 20 === 0) await bueno.waitFor(`/usuario/${ana}`, n, 10_000);
    }
    expect(await bueno.waitFor(`/usuario/${ana}`, total, 10_000)).toHaveLength(total);
    expect(bueno.client.connected).toBe(true);

    lento.ws.resume();
    expect(await lento.closed).toBe(1000);
    const mensajes = lento.received.filter((f) => f.startsWith('MESSAGE'));
    const error = lento.received.find((f) => f.startsWith('ERROR'));
    expect(error).toContain('no lee los mensajes a tiempo');
    // What it got came in order and stopped well before the end; the ERROR came after it.
    expect(mensajes.length).toBeLessThan(total);
    expect(mensajes.map((m) => JSON.parse(m.slice(m.indexOf('\n\n') + 2, -1)).id)).toEqual(
      Array.from({ length: mensajes.length }, (_, i) => i + 1),
    );
    expect(lento.received.at(-1)).toBe(error);
    await bueno.stop();
  });
});
