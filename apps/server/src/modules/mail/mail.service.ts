import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { MailRepository, type CorreoReclamado, type TipoCorreo } from './mail.repository.js';
import type { Contenido } from './plantillas.js';
import type { MailTransport } from './transport.js';

export type { TipoCorreo } from './mail.repository.js';

/** A mail to queue: who gets it, the company it speaks for, and its rendered content. */
export interface CorreoNuevo {
  tipo: TipoCorreo;
  para: string;
  entidadId: number | null;
  logo: string | null;
  contenido: Contenido;
}

export interface MailOptions {
  /** How often the worker looks for due mail when nothing wakes it. */
  pollMs: number;
  /** The host part of every Message-ID (the domain of MAIL_FROM). */
  dominio: string;
  /** How long a claimed row stays with its worker: longer than any SMTP delivery can take. */
  leaseMs?: number;
  /** The first retry waits this long; each later one twice the one before... */
  retryBaseMs?: number;
  /** ...never more than this. */
  retryMaxMs?: number;
  /** Tries before a mail is given up. */
  maxIntentos?: number;
  /** Mails claimed in one round. */
  lote?: number;
}

const DEFAULTS = {
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxIntentos: 12,
  lote: 20,
} as const;

/** Delivered and given-up rows are kept this long (subject and address only), then deleted. */
const CONSERVAR_MS = 30 * 24 * 3_600_000;
const LIMPIEZA_CADA_MS = 3_600_000;

/** The domain of a From address (`Delego <no-responder@example.com>` gives example.com). */
export function dominioDe(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return m?.[1] ?? 'delego.local';
}

/** An SMTP refusal that will not change by trying again (5xx: no such mailbox, policy). */
function esPermanente(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Outgoing mail (docs/CORREO.md). `enqueue` writes a mail into the outbox inside the caller's
 * transaction, so the mail exists exactly when the action committed. The worker (`start`) claims
 * due rows, delivers them, and records the result; a failure is retried with exponential backoff,
 * a crash leaves the row to be claimed again when its lease ends. Each row keeps one Message-ID.
 */
export class MailService {
  private readonly repo: MailRepository;
  private readonly opts: Required<MailOptions>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private stopped = false;
  private lastCleanup = 0;

  constructor(
    db: Db,
    private readonly clock: Clock,
    readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    opts: MailOptions,
  ) {
    this.repo = new MailRepository(db);
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** Queues a mail in the caller's transaction; `kick` after the commit delivers it at once. */
  async enqueue(tx: DbOrTx, c: CorreoNuevo): Promise<void> {
    await new MailRepository(tx).insert({
      entidadId: c.entidadId,
      tipo: c.tipo,
      para: c.para,
      asunto: c.contenido.asunto,
      html: c.contenido.html,
      texto: c.contenido.texto,
      logo: c.logo,
      messageId: `<${randomUUID()}@${this.opts.dominio}>`,
      ahora: this.clock.now(),
    });
  }

  /** After a commit that queued mail: the worker looks now instead of at its next poll. */
  kick(): void {
    if (this.started && !this.stopped) this.schedule(0);
  }

  /** Starts the worker: a round now, then one every `pollMs` (and on every `kick`). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops the worker: no new round, the one in flight finishes, the transport closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.transport.close();
  }

  /**
   * Delivers every mail that is due, claiming a batch at a time until none is left; gives the
   * number delivered. Safe to call while the worker runs, or from several instances at once.
   */
  async deliverPending(): Promise<number> {
    let enviados = 0;
    for (;;) {
      const ahora = this.clock.now();
      const lote = await this.repo.claim(ahora, new Date(ahora.getTime() + this.opts.leaseMs), this.opts.lote);
      if (!lote.length) break;
      for (const c of lote) if (await this.deliver(c)) enviados++;
      if (this.stopped) break;
    }
    await this.cleanup();
    return enviados;
  }

  private async deliver(c: CorreoReclamado): Promise<boolean> {
    const stamp = c.creado.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const nombreArchivo = `${stamp}-${c.tipo}-${c.messageId.slice(1, 9)}.eml`;
    try {
      const { archivo } = await this.transport.send({ ...c, nombreArchivo });
      await this.repo.markSent(c.id, this.clock.now());
      if (archivo) {
        // No SMTP server: the person running the app opens the link from here (docs/CORREO.md).
        const enlace = /https?:\/\/\S+/.exec(c.texto)?.[0];
        this.log.info({ correoId: c.id, tipo: c.tipo, asunto: c.asunto, enlace, archivo }, 'correo.guardado');
      } else {
        this.log.info({ correoId: c.id, tipo: c.tipo, intentos: c.intentos }, 'correo.enviado');
      }
      return true;
    } catch (err) {
      const error = ((err as Error).message ?? String(err)).slice(0, 500);
      if (esPermanente(err) || c.intentos >= this.opts.maxIntentos) {
        await this.repo.markFailed(c.id, error);
        this.log.error({ err, correoId: c.id, tipo: c.tipo, intentos: c.intentos }, 'correo.fallido');
      } else {
        const espera = Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** (c.intentos - 1));
        await this.repo.markRetry(c.id, new Date(this.clock.now().getTime() + espera), error);
        this.log.warn(
          { err, correoId: c.id, tipo: c.tipo, intentos: c.intentos, esperaMs: espera },
          'correo.reintento',
        );
      }
      return false;
    }
  }

  private async cleanup(): Promise<void> {
    const t = this.clock.now().getTime();
    if (t - this.lastCleanup < LIMPIEZA_CADA_MS) return;
    this.lastCleanup = t;
    await this.repo.deleteOld(new Date(t - CONSERVAR_MS));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.running) {
      // A round is in flight: one more right after it (it may have claimed before the new row).
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.round(), ms);
  }

  private round(): void {
    this.timer = undefined;
    this.again = false;
    this.running = this.deliverPending()
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err }, 'correo.rondaFallo'),
      )
      .finally(() => {
        this.running = undefined;
        this.schedule(this.again ? 0 : this.opts.pollMs);
      });
  }
}
