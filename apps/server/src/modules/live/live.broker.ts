import type { WebSocket } from 'ws';
import { MENSAJES, puedeSuscribirse } from '@delego/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import {
  StompParser,
  StompProtocolError,
  escapeHeaderValue,
  negotiateHeartbeat,
  serializeFrame,
  type Frame,
} from './stomp.js';

export interface BrokerOptions {
  /** Resolves CONNECT credentials (login/passcode or an Authorization value) to the actor. */
  authenticate(authorization: string | undefined, address: string): Promise<Actor>;
  maxFrameBytes: number;
  maxSubscriptions: number;
  /** Token bucket: sustained frames per second, and the burst allowed. */
  framesPerSecond: number;
  frameBurst: number;
  heartbeat: { sendMs: number; receiveMs: number };
  connectTimeoutMs: number;
  /** A socket whose unsent data grows past this is too slow and is dropped. */
  maxBufferedBytes: number;
  log(obj: Record<string, unknown>, msg: string): void;
  onUserConnected?(usuarioId: number): void;
  onUserDisconnected?(usuarioId: number): void;
}

export const DEFAULT_BROKER_OPTIONS = {
  maxFrameBytes: 64 * 1024,
  maxSubscriptions: 50,
  framesPerSecond: 20,
  frameBurst: 60,
  heartbeat: { sendMs: 10_000, receiveMs: 10_000 },
  connectTimeoutMs: 10_000,
  maxBufferedBytes: 1024 * 1024,
};

interface Connection {
  socket: WebSocket;
  address: string;
  actor: Actor | null;
  subs: Map<string, string>;
  parser: StompParser;
  tokens: number;
  lastRefill: number;
  lastSeen: number;
  timers: NodeJS.Timeout[];
  closed: boolean;
  /** Frames of one connection are handled in order, even while CONNECT authenticates. */
  queue: Promise<void>;
}

/**
 * The STOMP 1.2 broker the server speaks itself over WebSocket: CONNECT/STOMP, SUBSCRIBE,
 * UNSUBSCRIBE, DISCONNECT and RECEIPTs from clients; CONNECTED, MESSAGE, RECEIPT and ERROR from
 * the server; heart-beats both ways. Clients only subscribe: publishing is the server's.
 */
export class StompBroker {
  private readonly byDestination = new Map<string, Map<Connection, Set<string>>>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly connections = new Set<Connection>();
  private messageSeq = 0;

  constructor(private readonly o: BrokerOptions) {}

  get size(): number {
    return this.connections.size;
  }

  connectedHere(usuarioId: number): boolean {
    return (this.byUser.get(usuarioId)?.size ?? 0) > 0;
  }

  connectedUsers(): number[] {
    return [...this.byUser.keys()];
  }

  hasSubscribers(destination: string): boolean {
    return (this.byDestination.get(destination)?.size ?? 0) > 0;
  }

  handle(socket: WebSocket, address: string): void {
    const c: Connection = {
      socket,
      address,
      actor: null,
      subs: new Map(),
      parser: new StompParser(this.o.maxFrameBytes),
      tokens: this.o.frameBurst,
      lastRefill: Date.now(),
      lastSeen: Date.now(),
      timers: [],
      closed: false,
      queue: Promise.resolve(),
    };
    this.connections.add(c);
    c.timers.push(
      setTimeout(() => {
        if (!c.actor) this.fail(c, 'No se recibió CONNECT a tiempo.');
      }, this.o.connectTimeoutMs),
    );
    socket.on('message', (data, isBinary) => {
      c.lastSeen = Date.now();
      const text = isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString();
      let frames: Frame[];
      try {
        frames = c.parser.push(text);
      } catch (e) {
        this.fail(c, e instanceof StompProtocolError ? e.message : 'Frame STOMP mal formado.');
        return;
      }
      for (const f of frames) {
        if (c.closed) return;
        if (!this.takeToken(c)) {
          this.fail(c, 'Demasiados frames: la conexión se cerró.');
          return;
        }
        c.queue = c.queue
          .then(() => this.onFrame(c, f))
          .catch((err: unknown) => {
            this.o.log({ err }, 'live.error');
            this.fail(c, MENSAJES.errorInesperado);
          });
      }
    });
    socket.on('close', () => this.cleanup(c));
    socket.on('error', () => this.cleanup(c));
  }

  private takeToken(c: Connection): boolean {
    const now = Date.now();
    c.tokens = Math.min(this.o.frameBurst, c.tokens + ((now - c.lastRefill) / 1000) * this.o.framesPerSecond);
    c.lastRefill = now;
    if (c.tokens < 1) return false;
    c.tokens -= 1;
    return true;
  }

  private async onFrame(c: Connection, f: Frame): Promise<void> {
    const receipt = f.headers.receipt;
    if (f.command === 'CONNECT' || f.command === 'STOMP') {
      if (c.actor) return this.fail(c, 'La conexión ya estaba establecida.');
      const versions = (f.headers['accept-version'] ?? '1.0').split(',');
      if (!versions.includes('1.2')) return this.fail(c, 'Solo se admite STOMP 1.2.');
      const authorization =
        f.headers.login !== undefined && f.headers.passcode !== undefined
          ? `${f.headers.login}#${f.headers.passcode}`
          : (f.headers.Authorization ?? f.headers.authorization);
      let actor: Actor;
      try {
        actor = await this.o.authenticate(authorization, c.address);
      } catch (e) {
        return this.fail(c, e instanceof AppError ? e.message : MENSAJES.loginInvalido);
      }
      if (c.closed) return;
      c.actor = actor;
      let users = this.byUser.get(actor.id);
      if (!users) this.byUser.set(actor.id, (users = new Set()));
      users.add(c);
      this.o.onUserConnected?.(actor.id);
      const hb = negotiateHeartbeat(f.headers['heart-beat'], this.o.heartbeat);
      this.startHeartbeats(c, hb);
      this.write(
        c,
        serializeFrame('CONNECTED', {
          version: '1.2',
          'heart-beat': `${hb.outgoingMs},${hb.incomingMs}`,
          server: 'Delego/1',
          session: String(actor.id),
        }),
      );
      return;
    }
    if (!c.actor) return this.fail(c, 'Debe enviar CONNECT antes que cualquier otro frame.');
    switch (f.command) {
      case 'SUBSCRIBE': {
        const id = f.headers.id;
        const destination = f.headers.destination;
        if (!id || !destination) return this.fail(c, 'SUBSCRIBE necesita los encabezados id y destination.', receipt);
        if (c.subs.has(id)) return this.fail(c, `Ya existe una suscripción con id ${id}.`, receipt);
        if (c.subs.size >= this.o.maxSubscriptions)
          return this.fail(c, 'Demasiadas suscripciones en esta conexión.', receipt);
        // Who may subscribe where (SPEC §6, §7): the contract's rule, the one the web client follows.
        if (!puedeSuscribirse(c.actor, destination)) {
          this.o.log({ usuarioId: c.actor.id, destination }, 'live.suscripcionRechazada');
          return this.fail(c, 'No tiene permiso para suscribirse a ese destino.', receipt);
        }
        c.subs.set(id, destination);
        let conns = this.byDestination.get(destination);
        if (!conns) this.byDestination.set(destination, (conns = new Map()));
        let ids = conns.get(c);
        if (!ids) conns.set(c, (ids = new Set()));
        ids.add(id);
        break;
      }
      case 'UNSUBSCRIBE': {
        const id = f.headers.id;
        if (!id) return this.fail(c, 'UNSUBSCRIBE necesita el encabezado id.', receipt);
        this.unsubscribe(c, id);
        break;
      }
      case 'DISCONNECT':
        if (receipt) this.write(c, serializeFrame('RECEIPT', { 'receipt-id': receipt }));
        this.close(c);
        return;
      case 'ACK':
      case 'NACK':
        break; // auto acknowledgement: nothing to do
      default:
        return this.fail(c, `El servidor no acepta ${f.command}: los clientes solo se suscriben.`, receipt);
    }
    if (receipt) this.write(c, serializeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  private unsubscribe(c: Connection, id: string): void {
    const destination = c.subs.get(id);
    if (!destination) return;
    c.subs.delete(id);
    const conns = this.byDestination.get(destination);
    const ids = conns?.get(c);
    ids?.delete(id);
    if (ids && !ids.size) conns?.delete(c);
    if (conns && !conns.size) this.byDestination.delete(destination);
  }

  private startHeartbeats(c: Connection, hb: { outgoingMs: number; incomingMs: number }): void {
    if (hb.outgoingMs > 0) {
      c.timers.push(setInterval(() => this.write(c, '\n'), hb.outgoingMs));
    }
    if (hb.incomingMs > 0) {
      c.timers.push(
        setInterval(() => {
          if (Date.now() - c.lastSeen > hb.incomingMs * 2) this.close(c);
        }, hb.incomingMs),
      );
    }
  }

  /**
   * Sends a JSON body to every subscriber of a destination on this instance. The frame is built
   * once; only its subscription header differs per receiver.
   */
  send(destination: string, body: unknown): number {
    const conns = this.byDestination.get(destination);
    if (!conns) return 0;
    this.messageSeq += 1;
    const tail = serializeFrame(
      'MESSAGE',
      { 'message-id': String(this.messageSeq), destination, 'content-type': 'application/json' },
      JSON.stringify(body),
    ).slice('MESSAGE\n'.length);
    let n = 0;
    for (const [c, ids] of conns) {
      for (const id of ids) {
        this.write(c, `MESSAGE\nsubscription:${escapeHeaderValue(id)}\n${tail}`);
        n++;
      }
    }
    return n;
  }

  /** Closes every socket of a user (their credentials or permissions changed: they reconnect). */
  disconnectUser(usuarioId: number): void {
    for (const c of [...(this.byUser.get(usuarioId) ?? [])])
      this.fail(c, 'Sus credenciales o permisos cambiaron: vuelva a conectarse.');
  }

  private write(c: Connection, data: string): void {
    if (c.closed || c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > this.o.maxBufferedBytes) {
      this.close(c);
      return;
    }
    c.socket.send(data);
  }

  private fail(c: Connection, message: string, receipt?: string): void {
    const headers: Record<string, string> = { message, 'content-type': 'text/plain' };
    if (receipt) headers['receipt-id'] = receipt;
    this.write(c, serializeFrame('ERROR', headers, message));
    this.close(c);
  }

  private close(c: Connection): void {
    if (c.closed) return;
    this.cleanup(c);
    try {
      c.socket.close(1000);
    } catch {
      c.socket.terminate();
    }
  }

  private cleanup(c: Connection): void {
    if (c.closed) return;
    c.closed = true;
    for (const t of c.timers) clearTimeout(t);
    for (const id of [...c.subs.keys()]) this.unsubscribe(c, id);
    this.connections.delete(c);
    if (c.actor) {
      const users = this.byUser.get(c.actor.id);
      users?.delete(c);
      if (users && !users.size) {
        this.byUser.delete(c.actor.id);
        this.o.onUserDisconnected?.(c.actor.id);
      }
    }
  }

  closeAll(): void {
    for (const c of [...this.connections]) this.close(c);
  }
}
