import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Clock } from '../../kernel/clock.js';
import { EjecutorEnProceso } from '../../kernel/ejecutor.js';
import { AppError } from '../../kernel/errors.js';
import { entregarPendientes } from '../../lib/bandeja-salida.js';
import {
  LIMITES_CORREO,
  type LimitesCorreo,
  MENSAJES_LIMITES_CORREO,
  TIPOS_NO_SOLICITADOS,
  VENTANA_LIMITES_CORREO_MS,
} from './limites.js';
import { MailRepository, type CorreoReclamado, type TipoCorreo } from './mail.repository.js';
import { conPie, pieDeCorreo, type Contenido } from './plantillas.js';
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
  /** MAIL_CONTACTO: the address every footer gives to stop a company's mails or report abuse. */
  contacto?: string | null;
  /** Overrides of LIMITES_CORREO (tests of other modules). */
  limites?: Partial<LimitesCorreo>;
}

const DEFAULTS = {
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxIntentos: 12,
  lote: 20,
  contacto: null,
  limites: {},
} as const;

/** Delivered and given-up rows are kept this long (subject and address only), then deleted. */
const CONSERVAR_MS = 30 * 24 * 3_600_000;
const LIMPIEZA_CADA_MS = 3_600_000;

/** The domain of a From address (`Delego <no-responder@example.com>` gives example.com). */
export function dominioDe(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return m?.[1] ?? 'delego.local';
}

/** The domain of a recipient, the only part of an address the log writes. */
function dominioDestinatario(para: string): string {
  return para.slice(para.lastIndexOf('@') + 1).toLowerCase();
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
  private readonly limites: LimitesCorreo;
  /** The worker: a round on start, every poll and on each kick, one at a time (kernel/ejecutor.ts). */
  private readonly trabajador: EjecutorEnProceso;
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
    this.trabajador = new EjecutorEnProceso(() => this.deliverPending(), log, this.opts.pollMs, 'correo');
    this.limites = { ...LIMITES_CORREO, ...opts.limites };
  }

  /**
   * Queues a mail in the caller's transaction, with the footer that says who sent it and how to
   * stop it; `kick` after the commit delivers it at once. A mail the recipient did not ask for
   * (limites.ts) past a cap throws 429 DEMASIADOS_INTENTOS with Retry-After: the caller's
   * transaction rolls back, so nothing is sent and nothing changes.
   */
  async enqueue(tx: DbOrTx, c: CorreoNuevo): Promise<void> {
    const repo = new MailRepository(tx);
    const ahora = this.clock.now();
    const entidad = c.entidadId !== null ? await repo.entidad(c.entidadId) : undefined;
    let maxPorDia: number | null = null;
    if (c.entidadId !== null && TIPOS_NO_SOLICITADOS.includes(c.tipo)) {
      maxPorDia = await this.limitar(repo, c.entidadId, entidad?.creada, c.para, ahora);
    }
    const pie = pieDeCorreo({ empresa: entidad?.nombre ?? null, contacto: this.opts.contacto, maxPorDia });
    const { html, texto } = conPie(c.contenido, pie);
    await repo.insert({
      entidadId: c.entidadId,
      tipo: c.tipo,
      para: c.para,
      asunto: c.contenido.asunto,
      html,
      texto,
      logo: c.logo,
      messageId: `<${randomUUID()}@${this.opts.dominio}>`,
      ahora,
    });
  }

  /**
   * Queues a mail its recipient asked for (a warning they chose to get by mail) unless the address
   * already got `topes.porDestinatario` of its kind from the company in 24 h, or the company sent
   * `topes.porEmpresa` of its kind in all: then nothing is queued and it gives false (the caller
   * keeps its notification). Counted under the company's lock, like the caps of unsolicited mail,
   * so it holds across instances; it never throws for a cap.
   */
  async enqueueHasta(
    tx: DbOrTx,
    c: CorreoNuevo & { entidadId: number },
    topes: { porDestinatario: number; porEmpresa: number },
  ): Promise<boolean> {
    const repo = new MailRepository(tx);
    await repo.lockEntidad(c.entidadId);
    const desde = new Date(this.clock.now().getTime() - VENTANA_LIMITES_CORREO_MS);
    const r = await repo.recuento(c.entidadId, [c.tipo], c.para, desde);
    if (r.alDestinatario >= topes.porDestinatario || r.total >= topes.porEmpresa) return false;
    await this.enqueue(tx, c);
    return true;
  }

  /**
   * The caps of an unsolicited mail, counted in the outbox under the company's advisory lock (so
   * across instances): per recipient and per company in 24 h, tighter for a company created less
   * than 24 h ago. Gives the per-recipient cap that applied (the footer tells it).
   */
  private async limitar(
    repo: MailRepository,
    entidadId: number,
    creada: Date | undefined,
    para: string,
    ahora: Date,
  ): Promise<number> {
    await repo.lockEntidad(entidadId);
    const desde = new Date(ahora.getTime() - VENTANA_LIMITES_CORREO_MS);
    const nueva = creada !== undefined && creada > desde;
    const maxEmpresa = nueva ? this.limites.porEmpresaNueva : this.limites.porEmpresa;
    const maxDestinatario = nueva ? this.limites.porDestinatarioNueva : this.limites.porDestinatario;
    const r = await repo.recuento(entidadId, TIPOS_NO_SOLICITADOS, para, desde);
    const esperaHasta = (primero: Date | null) =>
      Math.max(1, Math.ceil(((primero ?? ahora).getTime() + VENTANA_LIMITES_CORREO_MS - ahora.getTime()) / 1000));
    let refusal: { mensaje: string; espera: number; limite: 'destinatario' | 'empresa' } | undefined;
    if (r.alDestinatario >= maxDestinatario) {
      const espera = esperaHasta(r.primeroAlDestinatario);
      refusal = {
        mensaje: MENSAJES_LIMITES_CORREO.porDestinatario(para, maxDestinatario, espera),
        espera,
        limite: 'destinatario',
      };
    } else if (r.total >= maxEmpresa) {
      const espera = esperaHasta(r.primero);
      refusal = { mensaje: MENSAJES_LIMITES_CORREO.porEmpresa(maxEmpresa, espera, nueva), espera, limite: 'empresa' };
    }
    if (refusal) {
      this.log.warn({ entidadId, limite: refusal.limite, empresaNueva: nueva }, 'correo.limiteAlcanzado');
      throw new AppError('DEMASIADOS_INTENTOS', refusal.mensaje, { field: 'email', retryAfterS: refusal.espera });
    }
    return maxDestinatario;
  }

  /**
   * Whether one more sign-up notice may go to the address (at most `avisosRegistro` in 24 h, counted
   * in the outbox; the caller holds the address's lock). Past it the caller skips the notice silently.
   */
  async avisoRegistroPermitido(tx: DbOrTx, para: string): Promise<boolean> {
    const desde = new Date(this.clock.now().getTime() - VENTANA_LIMITES_CORREO_MS);
    return (await new MailRepository(tx).countTo(para, 'aviso_registro', desde)) < this.limites.avisosRegistro;
  }

  /** After a commit that queued mail: the worker looks now instead of at its next poll. */
  kick(): void {
    this.trabajador.despertar();
  }

  /** Starts the worker: a round now, then one every `pollMs` (and on every `kick`). */
  start(): void {
    void this.trabajador.iniciar();
  }

  /** Rounds of the worker that ended, and those that failed (/metrics). */
  get rondas(): { ok: number; error: number } {
    return this.trabajador.rondas;
  }

  /** Mails waiting in the outbox, every company's (the outbox's depth, for /metrics). */
  pendientes(): Promise<number> {
    return this.repo.countPending();
  }

  /**
   * Stops the worker: no new round; the round in flight ends after the mail it is delivering and
   * frees the rest it claimed (another instance, or this one after a restart, sends them: once
   * each); then the transport closes.
   */
  async stop(): Promise<void> {
    await this.trabajador.detener();
    this.transport.close();
  }

  /**
   * Delivers every mail that is due, claiming a batch at a time until none is left; gives the
   * number delivered. Safe to call while the worker runs, or from several instances at once.
   */
  async deliverPending(): Promise<number> {
    const enviados = await entregarPendientes({
      reclamar: () => {
        const ahora = this.clock.now();
        return this.repo.claim(ahora, new Date(ahora.getTime() + this.opts.leaseMs), this.opts.lote);
      },
      entregar: (c) => this.deliver(c),
      liberar: (ids) => this.repo.release(ids),
      detenida: () => this.trabajador.detenida,
    });
    await this.cleanup();
    return enviados;
  }

  private async deliver(c: CorreoReclamado): Promise<boolean> {
    const stamp = c.creado.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const nombreArchivo = `${stamp}-${c.tipo}-${c.messageId.slice(1, 9)}.eml`;
    try {
      const { archivo } = await this.transport.send({ ...c, nombreArchivo });
      await this.repo.markSent(c.id, this.clock.now());
      // Never a link nor the subject (names a person wrote): the row, its kind, the recipient's domain.
      const dominio = dominioDestinatario(c.para);
      if (archivo) {
        // No SMTP server: the person running the app opens the .eml file named here (docs/CORREO.md).
        this.log.info({ correoId: c.id, tipo: c.tipo, dominio, archivo }, 'correo.guardado');
      } else {
        this.log.info({ correoId: c.id, tipo: c.tipo, dominio, intentos: c.intentos }, 'correo.enviado');
      }
      return true;
    } catch (err) {
      const error = ((err as Error).message ?? String(err)).slice(0, 500);
      // The error's code and SMTP answer code, not the error itself: a server's reply may quote the mail.
      const falla = {
        codigo: (err as { code?: unknown }).code,
        respuesta: (err as { responseCode?: unknown }).responseCode,
      };
      if (esPermanente(err) || c.intentos >= this.opts.maxIntentos) {
        await this.repo.markFailed(c.id, error);
        this.log.error({ ...falla, correoId: c.id, tipo: c.tipo, intentos: c.intentos }, 'correo.fallido');
      } else {
        const espera = Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** (c.intentos - 1));
        await this.repo.markRetry(c.id, new Date(this.clock.now().getTime() + espera), error);
        this.log.warn(
          { ...falla, correoId: c.id, tipo: c.tipo, intentos: c.intentos, esperaMs: espera },
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
}
