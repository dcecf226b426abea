import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { LocalBus, type BusLog, type DomainEvent } from './bus.js';

const CHANNEL = 'delego_eventos';
/** A NOTIFY payload must stay under 8,000 bytes: the events of one flush go in lots under this. */
const MAX_PAYLOAD = 7000;

export interface PgBusOptions {
  /** Wait before listening again after the listener connection dropped (3 s). */
  reconnectMs?: number;
  /** How often the listener connection is checked with a query, to notice a silent drop (30 s). */
  pingMs?: number;
  log?: BusLog;
}

/**
 * The bus across several server instances on one PostgreSQL: every event is delivered in process
 * at once and sent to the other instances with NOTIFY; each instance LISTENs on a connection of
 * its own (application_name `delego-bus <instanceId>`) and delivers what the others published.
 *
 * Whatever other instances published while that connection was down is lost to this instance, so
 * when it listens again it announces a resync (`onResync`): every cache clears itself. The drop
 * is noticed by the connection's error or end, and by a periodic query when the network goes
 * silent without closing it.
 */
export class PgBus extends LocalBus {
  readonly instanceId = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private listenedOnce = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private readonly reconnectMs: number;
  private readonly pingMs: number;
  private readonly lostHandlers = new Set<() => void>();
  private readonly demoraHandlers = new Set<(ms: number) => void>();

  constructor(
    private readonly connectionString: string,
    private readonly pool: pg.Pool,
    options: PgBusOptions = {},
  ) {
    super(options.log);
    this.reconnectMs = options.reconnectMs ?? 3000;
    this.pingMs = options.pingMs ?? 30_000;
  }

  /** The application_name of this instance's listener connection (pg_stat_activity shows it). */
  get listenerName(): string {
    return `delego-bus ${this.instanceId}`;
  }

  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: this.listenerName,
      keepAlive: true,
    });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { origin, event, events, t } = JSON.parse(msg.payload) as {
          origin: string;
          event?: DomainEvent;
          events?: DomainEvent[];
          /** When the lot's first event was published (ms since the epoch, the publisher's clock). */
          t?: number;
        };
        if (origin === this.instanceId) return;
        for (const e of events ?? (event ? [event] : [])) this.deliverRemote(e);
        if (typeof t === 'number') for (const h of this.demoraHandlers) h(Date.now() - t);
      } catch (err) {
        this.log.warn({ err }, 'bus.payloadInvalido');
      }
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'bus.conexionPerdida');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      this.log.warn({ err }, 'bus.noConecta');
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.lost(client);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.schedulePing(client);
    if (this.listenedOnce) {
      this.log.warn({ instanceId: this.instanceId }, 'bus.reconectado');
      this.resync();
    }
    this.listenedOnce = true;
  }

  /**
   * Called when the listener connection is lost (events of other instances stop arriving until
   * it is back and `onResync` fires).
   */
  onListenerLost(handler: () => void): () => void {
    this.lostHandlers.add(handler);
    return () => this.lostHandlers.delete(handler);
  }

  /** The listener `client` is gone (error, end, failed ping or failed connect): listen again soon. */
  private lost(client: pg.Client): void {
    if (this.client !== null && this.client !== client) return;
    if (this.client === client) for (const h of this.lostHandlers) h();
    this.client = null;
    if (this.pingTimer) clearTimeout(this.pingTimer);
    this.pingTimer = null;
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen();
    }, this.reconnectMs);
  }

  private schedulePing(client: pg.Client): void {
    this.pingTimer = setTimeout(() => {
      this.pingTimer = null;
      if (this.client !== client) return;
      const timeout = setTimeout(() => void client.end().catch(() => undefined), this.pingMs);
      client.query('select 1').then(
        () => {
          clearTimeout(timeout);
          if (this.client === client) this.schedulePing(client);
        },
        (err: unknown) => {
          clearTimeout(timeout);
          this.log.warn({ err }, 'bus.sinRespuesta');
          void client.end().catch(() => undefined);
          this.lost(client);
        },
      );
    }, this.pingMs);
    this.pingTimer.unref();
  }

  /**
   * Called with how long each lot of another instance's events took from its first publish to its
   * delivery here (/metrics: the bus lag; instances on one machine, or with synchronised clocks).
   */
  onDemora(handler: (ms: number) => void): () => void {
    this.demoraHandlers.add(handler);
    return () => this.demoraHandlers.delete(handler);
  }

  /** Events published and not yet sent to the other instances. */
  private pendientes: DomainEvent[] = [];
  /** When the first of `pendientes` was published. */
  private pendientesDesde = 0;
  /** The sending loop while it runs: one NOTIFY at a time (see enviarPendientes). */
  private envio: Promise<void> | undefined;

  /**
   * Delivered in process at once; sent to the other instances together with the others published
   * in the same turn of the event loop, or while the previous NOTIFY was on its way (a create
   * publishes three events, and under load many requests publish at once): one statement instead of
   * one per event (issue 18).
   */
  override publish(event: DomainEvent): void {
    super.publish(event);
    if (!this.pendientes.length) this.pendientesDesde = Date.now();
    this.pendientes.push(event);
    if (this.pendientes.length === 1 && !this.envio) setImmediate(() => void this.enviarPendientes());
  }

  /**
   * Sends what is pending, one NOTIFY after the other, until nothing is: through the pool two
   * statements may run on two connections and commit in either order, and the other instances must
   * get the events in the order they were published. What is published meanwhile waits and goes in
   * the next lot, so under load the lots grow instead of the queue. A failed lot is logged and the
   * next one still goes.
   */
  private enviarPendientes(): Promise<void> {
    this.envio ??= (async () => {
      try {
        while (this.pendientes.length) {
          const eventos = this.pendientes;
          const desde = this.pendientesDesde;
          this.pendientes = [];
          for (const { payload, tipos } of this.lotes(eventos, desde)) {
            await this.pool
              .query('select pg_notify($1, $2)', [CHANNEL, payload])
              .catch((err: unknown) => this.log.warn({ err, eventos: tipos }, 'bus.notifyFallo'));
          }
        }
      } finally {
        this.envio = undefined;
      }
    })();
    return this.envio;
  }

  /** The events as NOTIFY payloads, each under PostgreSQL's limit, in order. */
  private lotes(eventos: DomainEvent[], desde: number): { payload: string; tipos: string[] }[] {
    const lotes: { payload: string; tipos: string[] }[] = [];
    let lote: string[] = [];
    let tipos: string[] = [];
    let largo = 0;
    const cerrarLote = () => {
      lotes.push({
        payload: `{"origin":${JSON.stringify(this.instanceId)},"t":${desde},"events":[${lote.join(',')}]}`,
        tipos,
      });
      lote = [];
      tipos = [];
      largo = 0;
    };
    for (const e of eventos) {
      const texto = JSON.stringify(e);
      if (lote.length && largo + texto.length > MAX_PAYLOAD) cerrarLote();
      lote.push(texto);
      tipos.push(e.type);
      largo += texto.length + 1;
    }
    if (lote.length) cerrarLote();
    return lotes;
  }

  override async close(): Promise<void> {
    // What was published last still reaches the other instances (the pool closes after the bus).
    if (this.pendientes.length || this.envio) await this.enviarPendientes();
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearTimeout(this.pingTimer);
    const c = this.client;
    this.client = null;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
    }
    await super.close();
  }
}
