import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { LocalBus, type DomainEvent } from './bus.js';

const CHANNEL = 'delego_eventos';

/**
 * The bus across several server instances on one PostgreSQL: every event is delivered in process
 * at once and sent to the other instances with NOTIFY; each instance LISTENs on a connection of
 * its own and delivers what the others published. If the listening connection drops, it
 * reconnects every few seconds.
 */
export class PgBus extends LocalBus {
  readonly instanceId = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly pool: pg.Pool,
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
  ) {
    super();
  }

  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { origin, event } = JSON.parse(msg.payload) as { origin: string; event: DomainEvent };
        if (origin !== this.instanceId) this.deliverRemote(event);
      } catch (err) {
        this.log('bus.payloadInvalido', err);
      }
    });
    client.on('error', (err) => {
      this.log('bus.conexionPerdida', err);
      this.scheduleReconnect();
    });
    client.on('end', () => this.scheduleReconnect());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
    } catch (err) {
      this.log('bus.noConecta', err);
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.client = null;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen();
    }, 3000);
  }

  override publish(event: DomainEvent): void {
    super.publish(event);
    const payload = JSON.stringify({ origin: this.instanceId, event });
    this.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((err: unknown) => this.log('bus.notifyFallo', err));
  }

  override async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const c = this.client;
    this.client = null;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
    }
    await super.close();
  }
}
