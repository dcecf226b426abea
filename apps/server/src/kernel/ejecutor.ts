import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Periodic background work of a module (scheduled maintenance, the service-level warnings): a tick
 * every minute and on demand, run by pg-boss on PostgreSQL and in process on PGlite. Exactly once
 * comes from each tick's own transactions (unique keys, `update … where … is null`), not from here.
 */
export interface Ejecutor {
  iniciar(): Promise<void>;
  /** A run soon (a plan was saved, a plan's quota changed). */
  despertar(): void;
  detener(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/**
 * One in-process runner: the tick every `cadaMs` and on demand, never two at once (a request while
 * one runs makes one more afterwards), nothing before `iniciar` nor after `detener`. On PGlite it
 * runs the modules' periodic work (one process, so no other instance runs it; exactly once still
 * comes from the tick's transactions); everywhere it runs the outboxes' workers (mail, WhatsApp),
 * which several instances may run at once because each claims its rows.
 */
export class EjecutorEnProceso implements Ejecutor {
  private timer: NodeJS.Timeout | undefined;
  private corriendo: Promise<void> | null = null;
  private otraVez = false;
  private iniciado = false;
  private detenido = false;
  /** Ticks that ended and ticks that failed (/metrics). */
  readonly rondas = { ok: 0, error: 0 };

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly log: Log,
    private readonly cadaMs = 60_000,
    /** The log line of a failed tick (`mantenimiento.tickFallo`). */
    private readonly nombre = 'mantenimiento',
  ) {}

  async iniciar(): Promise<void> {
    if (this.iniciado || this.detenido) return;
    this.iniciado = true;
    this.timer = setInterval(() => this.despertar(), this.cadaMs);
    this.timer.unref();
    // A window missed while the server was down is caught up now.
    this.despertar();
  }

  despertar(): void {
    if (!this.iniciado || this.detenido) return;
    if (this.corriendo) {
      this.otraVez = true;
      return;
    }
    this.corriendo = (async () => {
      do {
        this.otraVez = false;
        try {
          await this.tick();
          this.rondas.ok++;
        } catch (err) {
          this.rondas.error++;
          this.log.error({ err }, `${this.nombre}.tickFallo`);
        }
      } while (this.otraVez && !this.detenido);
    })().finally(() => {
      this.corriendo = null;
    });
  }

  /** Whether `detener` was called: a long tick checks it between its steps to end early. */
  get detenida(): boolean {
    return this.detenido;
  }

  /** Waits for the run in progress (before the database closes). */
  async detener(): Promise<void> {
    this.detenido = true;
    clearInterval(this.timer);
    await this.corriendo;
  }
}

/** Who runs a module's minute tick: the runner it makes, none (`null`: tests tick by hand), or by default in process. */
export type FabricaDeEjecutor = ((tick: () => Promise<unknown>) => Ejecutor) | null | undefined;

/**
 * Starts a module's `tick` every minute on the runner `fabrica` makes, or in process on every
 * instance when none is given; `null` runs nothing. A failed start is logged as `<nombre>.inicioFallo`.
 * Gives what stops it, once its start has ended (the module's `alCerrar`).
 */
export function ejecutarCadaMinuto(
  fabrica: FabricaDeEjecutor,
  tick: () => Promise<unknown>,
  log: Log,
  nombre: string,
): () => Promise<void> {
  const ejecutor = fabrica === null ? null : fabrica ? fabrica(tick) : new EjecutorEnProceso(tick, log, 60_000, nombre);
  const arrancar = ejecutor?.iniciar().catch((err: unknown) => log.error({ err }, `${nombre}.inicioFallo`));
  return async () => {
    await arrancar;
    await ejecutor?.detener();
  };
}

export const COLA_MANTENIMIENTO = 'mantenimiento-tick';

/**
 * PostgreSQL: pg-boss (docs/adr/0008-pg-boss-para-el-mantenimiento.md) runs the tick once a
 * minute across all the instances (its cron is kept in the database, one instance enqueues each
 * minute's job and one worker takes it) and on demand. It shares the app's pool.
 */
export class EjecutorPgBoss implements Ejecutor {
  private boss: PgBoss | undefined;
  private detenido = false;
  /** pg-boss's statements on the pool not yet answered (see `detener`). */
  private enCurso = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly tick: () => Promise<unknown>,
    private readonly log: Log,
    private readonly cron = '* * * * *',
    /** The pg-boss queue (one per kind of work) and the prefix of its log lines. */
    private readonly cola = COLA_MANTENIMIENTO,
    private readonly nombre = 'mantenimiento',
  ) {}

  async iniciar(): Promise<void> {
    const { default: Boss } = await import('pg-boss');
    const boss = new Boss({
      db: {
        executeSql: (text, values) => {
          this.enCurso++;
          return this.pool.query(text, values).finally(() => this.enCurso--);
        },
      },
      schema: 'pgboss',
    });
    boss.on('error', (err) => this.log.error({ err }, `${this.nombre}.pgBossError`));
    await boss.start();
    // `short`: at most one tick waiting, never a pile of them. Not `singleton`: a tick left active by
    // a process killed with SIGKILL would block every other until pg-boss expires it (15 min). Two
    // ticks at once are safe (unique keys and row locks, docs/MANTENIMIENTO.md).
    await boss.createQueue(this.cola, { name: this.cola, policy: 'short', retryLimit: 0 });
    await boss.schedule(this.cola, this.cron);
    await boss.work(this.cola, { pollingIntervalSeconds: 2 }, async () => {
      // A job fetched while stopping is left to the next tick (a missed window is caught up).
      if (!this.detenido) await this.tick();
    });
    this.boss = boss;
    this.despertar();
  }

  despertar(): void {
    if (this.detenido || !this.boss) return;
    this.boss.send(this.cola, {}).catch((err: unknown) => this.log.warn({ err }, `${this.nombre}.despertarFallo`));
  }

  async detener(): Promise<void> {
    this.detenido = true;
    // Graceful: the tick in progress ends (its transactions commit) before the pool closes.
    await this.boss?.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    // pg-boss's stop does not wait for a worker's fetch already sent: its answer still reaches the
    // worker, which then completes the job without awaiting it. The pool may close only once nothing
    // of pg-boss is in flight, checked again after the microtasks a fetched job sets off.
    for (;;) {
      while (this.enCurso > 0) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setImmediate(r));
      if (this.enCurso === 0) return;
    }
  }
}
