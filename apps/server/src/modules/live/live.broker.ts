import type { WebSocket } from 'ws';
import { MENSAJES, ordenDelDestino, puedeSuscribirse } from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import { AppError } from '../../kernel/errors.js';
import {
  MessageFrame,
  StompParser,
  StompProtocolError,
  negotiateHeartbeat,
  serializeFrame,
  type Frame,
} from './stomp.js';

export interface BrokerOptions {
  /** Resolves CONNECT credentials (login/passcode or an Authorization value) to the actor. */
  authenticate(authorization: string | undefined, address: string): Promise<Actor>;
  /**
   * Whether the actor may see that order (an order channel's SUBSCRIBE): false for an order of
   * another company, one that does not exist or one they may not see; throws only when it could
   * not tell (the database failed). Without it, order channels are refused.
   */
  mayViewOrder?(actor: Actor, ordenId: number): Promise<boolean>;
  maxFrameBytes: number;
  maxSubscriptions: number;
  /** Token bucket: sustained frames per second, and the burst allowed. */
  framesPerSecond: number;
  frameBurst: number;
  heartbeat: { sendMs: number; receiveMs: number };
  connectTimeoutMs: number;
  /**
   * A socket whose unsent data (what ws still holds, past the kernel's buffers) grows past this
   * is too slow: it gets an ERROR and is closed, so one stuck client holds at most this much.
   */
  maxBufferedBytes: number;
  /** Writes per turn of the event loop while a message goes out to many sockets. */
  writesPerTurn: number;
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
  maxBufferedBytes: 256 * 1024,
  writesPerTurn: 500,
};

/** Text frames: STOMP over WebSocket (v12.stomp) travels as text. */
const TEXT = { binary: false } as const;
const HEARTBEAT = Buffer.from('\n');

interface Connection {
  socket: WebSocket;
  address: string;
  actor: Actor | null;
  /** Its subscriptions by the id the client gave. */
  subs: Map<string, Subscription>;
  parser: StompParser;
  tokens: number;
  lastRefill: number;
  lastSeen: number;
  /** When the server last wrote to it: any frame counts as a heart-beat. */
  lastSent: number;
  /** Without CONNECT by then, it is closed. */
  connectBy: number;
  /** Negotiated heart-beats (0 = none): the broker's one timer checks them all. */
  outgoingMs: number;
  incomingMs: number;
  closed: boolean;
  /** Frames of one connection are handled in order, even while CONNECT authenticates. */
  queue: Promise<void>;
}

interface Subscription {
  c: Connection;
  id: string;
  destination: string;
}

/**
 * Writes waiting for their turn, oldest first: a message to its subscribers as they were when it
 * was published, or heart-beats to the connections that were due.
 */
type Outgoing =
  | { kind: 'message'; frame: MessageFrame; to: Subscription[]; next: number }
  | { kind: 'heartbeat'; to: Connection[]; next: number };

/**
 * The STOMP 1.2 broker the server speaks itself over WebSocket: CONNECT/STOMP, SUBSCRIBE,
 * UNSUBSCRIBE, DISCONNECT and RECEIPTs from clients; CONNECTED, MESSAGE, RECEIPT and ERROR from
 * the server; heart-beats both ways. Clients only subscribe: publishing is the server's.
 */
export class StompBroker {
  /** Subscribers of each destination, in subscription order. */
  private readonly byDestination = new Map<string, Set<Subscription>>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly connections = new Set<Connection>();
  private messageSeq = 0;
  private readonly outgoing: Outgoing[] = [];
  /** A flush is running or waiting for the next turn: new writes queue behind it. */
  private flushing = false;
  /** One timer for every connection's CONNECT deadline and heart-beats, instead of one per socket. */
  private timer: NodeJS.Timeout | null = null;
  private readonly tickMs: number;

  constructor(private readonly o: BrokerOptions) {
    const periods = [o.heartbeat.sendMs, o.heartbeat.receiveMs, o.connectTimeoutMs].filter((ms) => ms > 0);
    // Heart-beats are negotiated at or above the server's own intervals: a quarter of the shortest
    // keeps each one within its period.
    this.tickMs = Math.max(10, Math.floor(Math.min(...periods, 60_000) / 4));
  }

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
    const now = Date.now();
    const c: Connection = {
      socket,
      address,
      actor: null,
      subs: new Map(),
      parser: new StompParser(this.o.maxFrameBytes),
      tokens: this.o.frameBurst,
      lastRefill: now,
      lastSeen: now,
      lastSent: now,
      connectBy: now + this.o.connectTimeoutMs,
      outgoingMs: 0,
      incomingMs: 0,
      closed: false,
      queue: Promise.resolve(),
    };
    this.connections.add(c);
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.tickMs);
      this.timer.unref();
    }
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
      c.outgoingMs = hb.outgoingMs;
      c.incomingMs = hb.incomingMs;
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
        // Who may subscribe where (SPEC §6, §7): the contract's rule, the one the web client follows;
        // an order's channel, whoever may see that order (read here: the frames behind this one
        // wait in the connection's queue, so an UNSUBSCRIBE right after still comes after it).
        if (!(await this.maySubscribe(c.actor, destination))) {
          this.o.log({ usuarioId: c.actor.id, destination }, 'live.suscripcionRechazada');
          return this.fail(c, 'No tiene permiso para suscribirse a ese destino.', receipt);
        }
        // Closed while the order was read (the client left, its credentials changed): nothing to add.
        if (c.closed) return;
        const sub: Subscription = { c, id, destination };
        c.subs.set(id, sub);
        let subs = this.byDestination.get(destination);
        if (!subs) this.byDestination.set(destination, (subs = new Set()));
        subs.add(sub);
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

  private async maySubscribe(actor: Actor, destination: string): Promise<boolean> {
    const ordenId = ordenDelDestino(destination);
    if (ordenId === null) return puedeSuscribirse(actor, destination);
    return this.o.mayViewOrder ? this.o.mayViewOrder(actor, ordenId) : false;
  }

  private unsubscribe(c: Connection, id: string): void {
    const sub = c.subs.get(id);
    if (!sub) return;
    c.subs.delete(id);
    const subs = this.byDestination.get(sub.destination);
    subs?.delete(sub);
    if (subs && !subs.size) this.byDestination.delete(sub.destination);
  }

  /** Every tick: CONNECT deadlines, clients that stopped beating, and heart-beats that are due. */
  private tick(): void {
    if (!this.connections.size) {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      return;
    }
    const now = Date.now();
    const due: Connection[] = [];
    for (const c of this.connections) {
      if (!c.actor) {
        if (now >= c.connectBy) this.fail(c, 'No se recibió CONNECT a tiempo.');
      } else if (c.incomingMs > 0 && now - c.lastSeen > c.incomingMs * 2) {
        this.close(c);
      } else if (c.outgoingMs > 0 && now - c.lastSent >= c.outgoingMs - this.tickMs) {
        // Sent a little early rather than late: the next tick may come a whole tick later.
        due.push(c);
      }
    }
    if (due.length) this.enqueue({ kind: 'heartbeat', to: due, next: 0 });
  }

  /**
   * Sends a JSON body to every subscriber of a destination on this instance. The body is
   * serialised once and the frame's bytes built once per subscription id (MessageFrame); the
   * writes go out in turns of `writesPerTurn` sockets so that a message to 10,000 sockets never
   * holds the event loop, and in publication order: each socket gets messages in the order
   * they were sent. Returns how many subscribers it goes to.
   */
  send(destination: string, body: unknown): number {
    const subs = this.byDestination.get(destination);
    if (!subs) return 0;
    this.messageSeq += 1;
    const frame = new MessageFrame(
      { 'message-id': String(this.messageSeq), destination, 'content-type': 'application/json' },
      JSON.stringify(body),
    );
    this.enqueue({ kind: 'message', frame, to: [...subs], next: 0 });
    return subs.size;
  }

  private enqueue(o: Outgoing): void {
    this.outgoing.push(o);
    // A small message goes out at once; a big one continues on the next turns.
    if (!this.flushing) this.flush();
  }

  private flush(): void {
    this.flushing = true;
    let budget = this.o.writesPerTurn;
    while (budget > 0) {
      const o = this.outgoing[0];
      if (!o) break;
      const end = Math.min(o.to.length, o.next + budget);
      budget -= end - o.next;
      if (o.kind === 'message') {
        for (let i = o.next; i < end; i++) {
          const sub = o.to[i] as Subscription;
          // Unsubscribed or closed since it was published: nothing more for that subscription.
          if (sub.c.subs.get(sub.id) === sub) this.write(sub.c, o.frame.for(sub.id));
        }
      } else {
        for (let i = o.next; i < end; i++) this.write(o.to[i] as Connection, HEARTBEAT);
      }
      o.next = end;
      if (end === o.to.length) this.outgoing.shift();
    }
    if (this.outgoing.length) setImmediate(() => this.flush());
    else this.flushing = false;
  }

  /** Closes every socket of a user (their credentials or permissions changed: they reconnect). */
  disconnectUser(usuarioId: number): void {
    for (const c of [...(this.byUser.get(usuarioId) ?? [])])
      this.fail(c, 'Sus credenciales o permisos cambiaron: vuelva a conectarse.');
  }

  private write(c: Connection, data: string | Buffer): void {
    if (c.closed || c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > this.o.maxBufferedBytes) {
      this.dropSlow(c);
      return;
    }
    c.lastSent = Date.now();
    c.socket.send(data, TEXT);
  }

  /**
   * A socket that does not read what it is sent: ERROR (after what it has not read yet: that one
   * frame is all it gets past the limit) and close. ws destroys the socket if the close
   * handshake does not finish in 30 s.
   */
  private dropSlow(c: Connection): void {
    this.o.log({ usuarioId: c.actor?.id, bufferedBytes: c.socket.bufferedAmount }, 'live.clienteLento');
    const message = 'La conexión no lee los mensajes a tiempo: se cerró. Vuelva a conectarse.';
    c.socket.send(serializeFrame('ERROR', { message, 'content-type': 'text/plain' }, message), TEXT);
    this.close(c);
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

  /**
   * The instance is stopping (SIGTERM): every client gets an ERROR frame that says so and the
   * socket closes with 1012 (service restart); clients reconnect, through the balancer, to an
   * instance that serves, and subscribe again there.
   */
  restartAll(message: string): void {
    for (const c of [...this.connections]) {
      this.write(c, serializeFrame('ERROR', { message, 'content-type': 'text/plain' }, message));
      this.cleanup(c);
      try {
        c.socket.close(1012, 'service restart');
      } catch {
        c.socket.terminate();
      }
    }
  }

  closeAll(): void {
    for (const c of [...this.connections]) this.close(c);
    this.outgoing.length = 0;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
