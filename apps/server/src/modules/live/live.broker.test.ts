import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../kernel/actor.js';
import { DEFAULT_BROKER_OPTIONS, StompBroker, type BrokerOptions } from './live.broker.js';

/**
 * A socket as the broker sees it: what it is sent is kept as is (the very Buffer), and a
 * "stuck" one counts everything it is sent as unsent, like a client that stopped reading.
 */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  stuck = false;
  closedWith: number | null = null;
  readonly sent: (string | Buffer)[] = [];

  send(data: string | Buffer): void {
    this.sent.push(data);
    if (this.stuck) this.bufferedAmount += Buffer.byteLength(data);
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate(): void {
    this.readyState = 3;
  }
  /** A frame from the client. */
  frame(text: string): void {
    this.emit('message', Buffer.from(text), false);
  }
  text(i: number): string {
    return this.sent[i]?.toString() ?? '';
  }
  messages(): string[] {
    return this.sent.map(String).filter((s) => s.startsWith('MESSAGE\n'));
  }
}

const actor = (id: number): Actor => ({
  id,
  usuario: `u${id}`,
  nombre: 'Ana',
  apellido: 'Paz',
  email: null,
  entidadId: 1,
  roles: [],
  permisosResumen: [],
  permisos: { clientes: [] },
});

const brokers: StompBroker[] = [];
afterEach(() => {
  for (const b of brokers.splice(0)) b.closeAll();
  vi.restoreAllMocks();
});

function broker(o: Partial<BrokerOptions> = {}) {
  const logs: string[] = [];
  const b = new StompBroker({
    ...DEFAULT_BROKER_OPTIONS,
    heartbeat: { sendMs: 0, receiveMs: 0 },
    authenticate: async () => actor(7),
    log: (_obj, msg) => logs.push(msg),
    ...o,
  });
  brokers.push(b);
  return { b, logs };
}

const turn = () => new Promise<void>((r) => setImmediate(r));
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 1000 && !ok(); i++) await turn();
  expect(ok()).toBe(true);
};

/** Opens `n` sockets of user 7, CONNECTed and subscribed to /usuario/7 with the id `idOf(i)`. */
async function subscribed(b: StompBroker, n: number, idOf: (i: number) => string = () => 'sub-0') {
  const sockets = Array.from({ length: n }, () => new FakeSocket());
  sockets.forEach((s, i) => {
    b.handle(s as unknown as WebSocket, '127.0.0.1');
    s.frame(
      `CONNECT\naccept-version:1.2\nlogin:u7\npasscode:x\n\n\0SUBSCRIBE\nid:${idOf(i)}\ndestination:/usuario/7\nreceipt:r\n\n\0`,
    );
  });
  await until(() => sockets.every((s) => s.text(1).startsWith('RECEIPT')));
  for (const s of sockets) s.sent.length = 0;
  return sockets;
}

describe('reparto de un mensaje a muchos sockets', () => {
  it('el cuerpo se serializa una vez y cada id de suscripción recibe el mismo Buffer', async () => {
    const { b } = broker({ writesPerTurn: 300 });
    const sockets = await subscribed(b, 1000, (i) => (i % 10 === 9 ? 'sub-1' : 'sub-0'));
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(b.send('/usuario/7', { tipo: 'orden.creada', ordenId: 42 })).toBe(1000);
    expect(stringify).toHaveBeenCalledTimes(1);
    await until(() => sockets.every((s) => s.sent.length === 1));

    const [a, c] = [sockets[0]?.sent[0], sockets[9]?.sent[0]];
    expect(Buffer.isBuffer(a) && Buffer.isBuffer(c)).toBe(true);
    sockets.forEach((s, i) => expect(s.sent[0]).toBe(i % 10 === 9 ? c : a));
    const body = '{"tipo":"orden.creada","ordenId":42}';
    expect(a?.toString()).toBe(
      `MESSAGE\nsubscription:sub-0\nmessage-id:1\ndestination:/usuario/7\ncontent-type:application/json\ncontent-length:${body.length}\n\n${body}\0`,
    );
    expect(c?.toString()).toMatch(/^MESSAGE\nsubscription:sub-1\nmessage-id:1\n/);
  });

  it('escribe por turnos: el event loop atiende otras cosas entre un lote y el siguiente', async () => {
    const { b } = broker({ writesPerTurn: 100 });
    const sockets = await subscribed(b, 1000);
    b.send('/usuario/7', { tipo: 'x' });
    const served = () => sockets.filter((s) => s.sent.length).length;
    expect(served()).toBe(100);
    let seenMidway = -1;
    setImmediate(() => (seenMidway = served()));
    await until(() => served() === 1000);
    expect(seenMidway).toBeGreaterThan(0);
    expect(seenMidway).toBeLessThan(1000);
  });

  it('cada socket recibe los mensajes en el orden en que se publicaron, aunque se crucen los lotes', async () => {
    const { b } = broker({ writesPerTurn: 250 });
    const sockets = await subscribed(b, 600, (i) => `s${i}`);
    b.send('/usuario/7', { n: 1 });
    b.send('/usuario/7', { n: 2 });
    await turn();
    b.send('/usuario/7', { n: 3 });
    await turn();
    b.send('/usuario/7', { n: 4 });
    await until(() => sockets.every((s) => s.sent.length === 4));
    sockets.forEach((s, i) => {
      const ms = s.messages();
      expect(ms.map((m) => /message-id:(\d+)/.exec(m)?.[1])).toEqual(['1', '2', '3', '4']);
      expect(ms.map((m) => JSON.parse(m.slice(m.indexOf('\n\n') + 2, -1)).n)).toEqual([1, 2, 3, 4]);
      // Ids unique to each socket: every socket still gets its own subscription header.
      for (const m of ms) expect(m).toContain(`\nsubscription:s${i}\n`);
    });
  });

  it('quien se desuscribe antes de su turno ya no lo recibe', async () => {
    const { b } = broker({ writesPerTurn: 10 });
    const sockets = await subscribed(b, 50);
    b.send('/usuario/7', { n: 1 });
    const last = sockets[49] as FakeSocket;
    last.frame('UNSUBSCRIBE\nid:sub-0\n\n\0');
    await until(() => sockets.slice(0, 49).every((s) => s.sent.length === 1));
    await turn();
    expect(last.messages()).toEqual([]);
  });
});

describe('un cliente que no lee', () => {
  it('pasado el límite recibe ERROR y se cierra; los demás siguen recibiendo', async () => {
    const { b, logs } = broker({ maxBufferedBytes: 2000 });
    const [lento, bueno] = (await subscribed(b, 2)) as [FakeSocket, FakeSocket];
    lento.stuck = true;
    const cuerpo = { texto: 'x'.repeat(300) };
    for (let i = 0; i < 20; i++) b.send('/usuario/7', cuerpo);
    await until(() => bueno.sent.length === 20);

    expect(lento.closedWith).toBe(1000);
    const error = lento.sent.at(-1)?.toString() ?? '';
    expect(error).toMatch(/^ERROR\n/);
    expect(error).toContain('no lee los mensajes a tiempo');
    expect(logs).toContain('live.clienteLento');
    // It held at most the limit, plus the one frame that crossed it and the ERROR.
    const mensajes = lento.messages();
    expect(mensajes.length).toBeLessThan(20);
    expect(lento.bufferedAmount).toBeLessThanOrEqual(2000 + Buffer.byteLength(mensajes[0] ?? '') + error.length);
    // Nothing more is written to it.
    const antes = lento.sent.length;
    b.send('/usuario/7', cuerpo);
    await until(() => bueno.sent.length === 21);
    expect(lento.sent.length).toBe(antes);
  });
});

describe('un solo temporizador para todas las conexiones', () => {
  it('cierra a quien no envía CONNECT a tiempo y late hacia quien lo pidió', async () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const setTimeout = vi.spyOn(globalThis, 'setTimeout');
    const { b } = broker({ connectTimeoutMs: 60, heartbeat: { sendMs: 40, receiveMs: 0 } });
    const mudo = new FakeSocket();
    const latido = new FakeSocket();
    const otros = Array.from({ length: 20 }, () => new FakeSocket());
    for (const s of [mudo, latido, ...otros]) b.handle(s as unknown as WebSocket, '127.0.0.1');
    latido.frame('CONNECT\naccept-version:1.2\nheart-beat:0,40\n\n\0');
    for (const s of otros) s.frame('CONNECT\naccept-version:1.2\nheart-beat:0,40\n\n\0');
    await until(() => otros.every((s) => s.text(0).startsWith('CONNECTED')));
    // 22 connections, one interval for all, and no timeouts of the broker's own.
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(setTimeout).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(mudo.closedWith).toBe(1000), { timeout: 2000 });
    expect(mudo.text(0)).toContain('No se recibió CONNECT a tiempo');
    await vi.waitFor(() => expect(latido.sent.filter((d) => d.toString() === '\n').length).toBeGreaterThanOrEqual(2), {
      timeout: 2000,
    });
    expect(latido.closedWith).toBeNull();
  });
});

describe('el canal de una orden', () => {
  const conectar = (b: StompBroker) => {
    const s = new FakeSocket();
    b.handle(s as unknown as WebSocket, '127.0.0.1');
    s.frame('CONNECT\naccept-version:1.2\nlogin:u7\npasscode:x\n\n\0');
    return s;
  };

  it('lo decide leyendo la orden; los frames que llegan mientras tanto esperan su turno', async () => {
    let liberar!: (ok: boolean) => void;
    const pedidas: number[] = [];
    const { b } = broker({
      mayViewOrder: (_actor, ordenId) => {
        pedidas.push(ordenId);
        return new Promise<boolean>((r) => (liberar = r));
      },
    });
    const s = conectar(b);
    s.frame(
      'SUBSCRIBE\nid:o\ndestination:/orden/12\nreceipt:a\n\n\0' +
        'UNSUBSCRIBE\nid:o\nreceipt:b\n\n\0' +
        'SUBSCRIBE\nid:u\ndestination:/usuario/7\nreceipt:c\n\n\0',
    );
    await until(() => pedidas.length === 1);
    // Still reading the order: nothing behind the SUBSCRIBE has been handled.
    for (let i = 0; i < 5; i++) await turn();
    expect(s.sent.map(String).filter((f) => f.startsWith('RECEIPT'))).toEqual([]);
    liberar(true);
    await until(() => s.sent.length === 4);
    expect(s.sent.slice(1).map((f) => /receipt-id:(\w)/.exec(String(f))?.[1])).toEqual(['a', 'b', 'c']);
    // The UNSUBSCRIBE came after: the order's messages no longer reach it.
    expect(pedidas).toEqual([12]);
    expect(b.hasSubscribers('/orden/12')).toBe(false);
    expect(b.send('/usuario/7', { n: 1 })).toBe(1);
  });

  it('una orden que no puede ver: ERROR y cierre, como cualquier destino prohibido', async () => {
    const { b, logs } = broker({ mayViewOrder: async (_a, id) => id === 12 });
    const s = conectar(b);
    s.frame('SUBSCRIBE\nid:o\ndestination:/orden/13\nreceipt:a\n\n\0');
    await until(() => s.closedWith === 1000);
    expect(s.text(1)).toMatch(/^ERROR\n/);
    expect(s.text(1)).toContain('No tiene permiso para suscribirse a ese destino.');
    expect(logs).toContain('live.suscripcionRechazada');
    expect(b.hasSubscribers('/orden/13')).toBe(false);

    const bien = conectar(b);
    bien.frame('SUBSCRIBE\nid:o\ndestination:/orden/12\nreceipt:a\n\n\0');
    await until(() => bien.text(1).startsWith('RECEIPT'));
    expect(b.send('/orden/12', { tipo: 'orden.checklistCambiada', ordenId: 12 })).toBe(1);
  });

  it('sin quien lea la orden, y para un id que no es de la base, se rechaza sin preguntar', async () => {
    const sinLector = broker().b;
    const s = conectar(sinLector);
    s.frame('SUBSCRIBE\nid:o\ndestination:/orden/12\n\n\0');
    await until(() => s.closedWith === 1000);

    const pedidas: number[] = [];
    const { b } = broker({ mayViewOrder: async (_a, id) => (pedidas.push(id), true) });
    const t = conectar(b);
    t.frame('SUBSCRIBE\nid:o\ndestination:/orden/99999999999\n\n\0');
    await until(() => t.closedWith === 1000);
    expect(pedidas).toEqual([]);
  });

  it('si se cierra mientras se lee la orden, la suscripción no queda', async () => {
    let liberar!: (ok: boolean) => void;
    const { b } = broker({ mayViewOrder: () => new Promise<boolean>((r) => (liberar = r)) });
    const s = conectar(b);
    s.frame('SUBSCRIBE\nid:o\ndestination:/orden/12\n\n\0');
    await until(() => liberar !== undefined);
    s.emit('close');
    liberar(true);
    for (let i = 0; i < 5; i++) await turn();
    expect(b.hasSubscribers('/orden/12')).toBe(false);
  });
});
