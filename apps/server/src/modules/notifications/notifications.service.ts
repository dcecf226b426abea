import type { Notificacion } from '@delego/contract';
import {
  CANALES_AVISO,
  CANALES_POR_OMISION,
  EVENTOS_USUARIO,
  LIMITE_CORREOS_AVISO_SLA,
  LIMITE_CORREOS_AVISO_SLA_EMPRESA,
  leerTokenDispositivo,
  tokenGuardado,
  type CanalAviso,
  type Canales,
  type EventoUsuario,
} from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import type { PuertoEntidades } from '../entidades/index.js';
import { correoDeEmpresa, type PuertoCorreo } from '../mail/index.js';
import { canalesDeNotificacion, eventoDeTipo, matrizDe, type MatrizCanales } from './canales.js';
import { plantillaCorreoAviso } from './correo-aviso.js';
import { NotificationsRepository } from './notifications.repository.js';
import { avisoAsignada, avisoEstado, avisoQuitada, avisoVencida } from './textos.js';
import type { notificaciones } from './notifications.tables.js';
import { DestinoPushRechazado, type NativePushSender, type PushSender } from './push.js';

/** Whether a user has an open live socket on this instance (the live module answers). */
export interface LocalPresence {
  connectedHere(usuarioId: number): boolean;
}

type Log = (obj: Record<string, unknown>, msg: string) => void;

/** What a module asks to notify: its kind, the Spanish title and text, and the order it is about. */
export interface NuevaNotificacion {
  tipo: string;
  titulo: string;
  mensaje: string;
  ordenId: number | null;
}

/** A notification whose user chose WhatsApp for its kind (the whatsapp module's repair scan). */
export interface AvisoWhatsapp {
  notificacionId: number;
  entidadId: number;
  usuarioId: number;
  tipo: EventoUsuario;
  ordenId: number | null;
  titulo: string;
  mensaje: string;
}

/**
 * The notifications' mails (to the users who chose mail for a kind): the outbox, the company as the
 * sender, and the app's public address for the link to the order.
 */
export interface CorreoDeAvisos {
  mail: Pick<PuertoCorreo, 'enqueueHasta' | 'kick'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  publicUrl: string;
}

/**
 * Mails of the orders' notifications one address gets from a company in 24 h, and one company sends
 * in all (past either, only the notification goes). The service-level warnings keep their own caps
 * (contract LIMITE_CORREOS_AVISO_SLA*), counted apart as `aviso_sla`.
 */
export const TOPES_CORREO_AVISO = { porDestinatario: 30, porEmpresa: 500 } as const;
const TOPES_CORREO_AVISO_SLA = {
  porDestinatario: LIMITE_CORREOS_AVISO_SLA,
  porEmpresa: LIMITE_CORREOS_AVISO_SLA_EMPRESA,
} as const;

type Fila = typeof notificaciones.$inferSelect;
type NuevaDeUsuario = NuevaNotificacion & { entidadId: number; usuarioId: number };

/** How one notification leaves: the user's channels for its kind, and their address when mail is on. */
interface Envio extends Canales {
  evento: EventoUsuario | null;
  /** The address to mail (mail chosen, active user with an email, of the notification's company). */
  email: string | null;
  nombre: string | null;
}

const PRESENCE_FRESH_MS = 75_000;
const OVERDUE_LOOKBACK_MS = 24 * 3600_000;

/**
 * Notifications: created once per domain event (on the instance that published it), stored
 * with a read flag, announced on the bus so the user's socket shows them, and pushed to the
 * user's devices when no instance has a socket of theirs open.
 *
 * Each user chooses per kind of event (issue 35) the app, push, mail and WhatsApp: a notification is
 * always stored (hidden when the app is off), pushed only with push on, mailed in the same
 * transaction with mail on, and announced as `aviso.creado` for the whatsapp module with WhatsApp on.
 */
export class NotificationsService {
  private readonly repo: NotificationsRepository;
  private presence: LocalPresence = { connectedHere: () => false };
  private overdueTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Set<Promise<unknown>>();
  /** Runs of the periodic overdue check that ended, and those that failed (/metrics). */
  readonly vencimientos = { ok: 0, error: 0 };

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly push: PushSender | null,
    private readonly log: Log = () => undefined,
    /**
     * The native app's devices (FCM, APNs): none on this server yet (it needs the company's
     * Firebase or Apple credentials; docs/APP-DE-CAMPO.md). Without one, their tokens are kept
     * and the app's users get their notifications on the live socket and in the list.
     */
    private readonly nativo: NativePushSender | null = null,
    /** The mails of the kinds a user chose mail for; none (null): no mail at all. */
    private readonly correo: CorreoDeAvisos | null = null,
  ) {
    this.repo = new NotificationsRepository(db);
    bus.subscribeLocal((e) => this.track(this.onEvent(e)));
  }

  setPresence(p: LocalPresence): void {
    this.presence = p;
  }

  get vapidPublicKey(): string | null {
    return this.push?.publicKey ?? null;
  }

  /** Resolves when every reaction started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track(p: Promise<unknown>): void {
    const q = p
      .catch((err: unknown) => this.log({ err }, 'notificaciones.error'))
      .finally(() => this.pending.delete(q));
    this.pending.add(q);
  }

  private async onEvent(e: DomainEvent): Promise<void> {
    if (e.type === 'orden.responsablesCambiados') {
      const o = await this.repo.ordenYResponsables(e.entidadId, e.ordenId);
      if (!o) return;
      for (const u of e.agregados) {
        if (u === e.usuarioId) continue;
        await this.create(e.entidadId, u, avisoAsignada({ ...o, id: e.ordenId }));
      }
      // No link to the order: once removed, an operario may no longer see it.
      for (const u of e.quitados ?? []) {
        if (u === e.usuarioId) continue;
        await this.create(e.entidadId, u, avisoQuitada({ ...o, id: e.ordenId }));
      }
    } else if (e.type === 'orden.estadoCambiado') {
      const o = await this.repo.ordenYResponsables(e.entidadId, e.ordenId);
      if (!o) return;
      for (const u of o.responsables) {
        if (u === e.usuarioId) continue;
        await this.create(e.entidadId, u, avisoEstado({ ...o, id: e.ordenId }, e.estadoId, e.comentario));
      }
    }
  }

  /**
   * Stores a notification and, after the commit, announces it, pushes it (when the user has no
   * open socket anywhere) and hands it to WhatsApp, as the user chose for its kind; its mail goes
   * in the same transaction as the row. Null for an outsider's hidden user, who has no inbox.
   */
  async create(entidadId: number, usuarioId: number, n: NuevaNotificacion): Promise<Notificacion | null> {
    const nueva = [{ ...n, entidadId, usuarioId }];
    // A kind without a choice only reads who it is for; one with a choice may mail, in one transaction.
    const { filas, anunciar } = eventoDeTipo(n.tipo)
      ? await this.db.transaction((tx) => this.crearEn(tx, nueva))
      : await this.crearEn(this.db, nueva);
    await anunciar();
    const fila = filas[0];
    return fila ? this.vista(fila) : null;
  }

  /**
   * Several notifications in one statement inside the caller's transaction (a batch of warnings),
   * their mails with them; `anunciar`, after the commit, announces, pushes and hands each to WhatsApp.
   */
  async crearVariasEnTransaccion(
    tx: DbOrTx,
    nuevas: readonly NuevaDeUsuario[],
  ): Promise<{ anunciar: () => Promise<void> }> {
    if (!nuevas.length) return { anunciar: async () => undefined };
    const { anunciar } = await this.crearEn(tx, nuevas);
    return { anunciar };
  }

  /**
   * The one way a notification is made: reads the people it is for and their choice, leaves out an
   * outsider's hidden user (it has no inbox: docs/EXTERNOS.md), stores the rows (hidden when the app
   * is off, marked when WhatsApp is on) and queues the mails, all through `tx`. `anunciar`, after the
   * commit, does the rest.
   */
  private async crearEn(
    tx: DbOrTx,
    todas: readonly NuevaDeUsuario[],
  ): Promise<{ filas: Fila[]; anunciar: () => Promise<void> }> {
    const repo = new NotificationsRepository(tx);
    const personas = await repo.destinatarios([...new Set(todas.map((n) => n.usuarioId))]);
    const nuevas = todas.filter((n) => !personas.get(n.usuarioId)?.externo);
    if (!nuevas.length) return { filas: [], anunciar: async () => undefined };
    const matrices = new Map<number, MatrizCanales>();
    const envio = (n: { entidadId: number; usuarioId: number; tipo: string }): Envio => {
      const p = personas.get(n.usuarioId);
      // Only the user's own company's choice and address count (a module never names another's user).
      const propio = p && p.entidadId === n.entidadId ? p : undefined;
      let m = matrices.get(n.usuarioId);
      if (!m) matrices.set(n.usuarioId, (m = matrizDe(propio?.canales ?? [])));
      const c = canalesDeNotificacion(n.tipo, m);
      return { ...c, email: c.correo ? (propio?.email ?? null) : null, nombre: propio?.nombre ?? null };
    };
    const creada = this.clock.now();
    const filas = await repo.insertVarias(
      nuevas.map((n) => {
        const e = envio(n);
        return { ...n, creada, oculta: !e.app, whatsapp: e.whatsapp };
      }),
    );
    const correos = this.correo
      ? await this.encolarCorreos(
          tx,
          repo,
          filas.map((f) => ({ fila: f, envio: envio(f) })),
        )
      : 0;
    const anunciar = async () => {
      if (correos > 0) this.correo?.mail.kick();
      for (const fila of filas) await this.anunciarUna(fila, envio(fila));
    };
    return { filas, anunciar };
  }

  /** After the commit: the live socket (app on), WhatsApp (`aviso.creado`), push (push on). */
  private async anunciarUna(fila: Fila, e: Envio): Promise<void> {
    const notificacion = this.vista(fila);
    const { entidadId, usuarioId } = fila;
    if (e.app) this.bus.publish({ type: 'notificacion.creada', entidadId, usuarioId, notificacion });
    if (e.whatsapp && e.evento) {
      this.bus.publish({
        type: 'aviso.creado',
        entidadId,
        usuarioId,
        notificacionId: fila.id,
        tipo: e.evento,
        ordenId: fila.ordenId,
        titulo: fila.titulo,
        mensaje: fila.mensaje,
      });
    }
    // Hidden from the app, an open socket shows nothing: push goes whether or not the user is online.
    if (e.push && (this.push || this.nativo) && (!e.app || !(await this.isOnline(usuarioId)))) {
      await this.pushTo(usuarioId, notificacion);
    }
  }

  /**
   * The mails of the notifications whose user chose mail for their kind, in `tx`: the company as
   * the sender, the order's number and title, a link to the order in the app. Past a daily cap
   * (per address, per company) only the notification goes. How many were queued.
   */
  private async encolarCorreos(
    tx: DbOrTx,
    repo: NotificationsRepository,
    todas: readonly { fila: Fila; envio: Envio }[],
  ): Promise<number> {
    const correo = this.correo;
    const conCorreo = todas.filter((x) => x.envio.email && x.envio.evento);
    if (!correo || !conCorreo.length) return 0;
    const ordenes = await repo.ordenes([...new Set(conCorreo.flatMap((x) => x.fila.ordenId ?? []))]);
    const empresas = new Map<number, Awaited<ReturnType<CorreoDeAvisos['entidades']['find']>>>();
    let encolados = 0;
    for (const { fila, envio } of conCorreo) {
      const { entidadId } = fila;
      if (!empresas.has(entidadId)) empresas.set(entidadId, await correo.entidades.find(entidadId, tx));
      const o = fila.ordenId === null ? undefined : ordenes.get(fila.ordenId);
      const orden = o && o.entidadId === entidadId ? o : null;
      const evento = envio.evento!;
      const sla = evento === 'SLA_POR_VENCER';
      const c = correoDeEmpresa(
        empresas.get(entidadId),
        { tipo: sla ? 'aviso_sla' : 'aviso', para: envio.email!, entidadId },
        (remitente) =>
          plantillaCorreoAviso({
            remitente,
            nombre: envio.nombre,
            evento,
            titulo: fila.titulo,
            mensaje: fila.mensaje,
            orden,
            enlace: orden ? `${correo.publicUrl}/orden/${fila.ordenId}` : `${correo.publicUrl}/notificaciones`,
          }),
      );
      const topes = sla ? TOPES_CORREO_AVISO_SLA : TOPES_CORREO_AVISO;
      if (await correo.mail.enqueueHasta(tx, { ...c, entidadId }, topes)) encolados++;
    }
    return encolados;
  }

  private vista(row: {
    id: number;
    tipo: string;
    titulo: string;
    mensaje: string;
    ordenId: number | null;
    creada: Date;
    leida: boolean;
  }): Notificacion {
    return {
      id: row.id,
      tipo: row.tipo,
      titulo: row.titulo,
      mensaje: row.mensaje,
      ordenId: row.ordenId,
      fecha: row.creada.getTime(),
      leida: row.leida,
    };
  }

  /** A user's channels per kind of event (the defaults for a kind they never chose), read through `db`. */
  async canales(db: DbOrTx, entidadId: number, usuarioId: number): Promise<Record<EventoUsuario, Canales>> {
    return matrizDe(await new NotificationsRepository(db).canales(entidadId, usuarioId));
  }

  /** Saves a user's whole choice, in `tx`. 404 when the user is not of `entidadId` (nothing written). */
  async guardarCanales(
    tx: DbOrTx,
    entidadId: number,
    usuarioId: number,
    eventos: Record<EventoUsuario, Canales>,
  ): Promise<void> {
    const filas = EVENTOS_USUARIO.map((evento) => ({ evento, canales: eventos[evento] }));
    const n = await new NotificationsRepository(tx).guardarCanales(
      entidadId,
      usuarioId,
      filas,
      CANALES_AVISO,
      this.clock.now(),
    );
    if (!n) throw AppError.notFound('El usuario no existe.');
  }

  /**
   * Saves one cell of a user's choice, in `tx`, leaving the others as they are (one statement: a
   * concurrent save of another cell is not lost). The service levels' «also by mail» is
   * SLA_POR_VENCER's `correo`. 404 when the user is not of `entidadId`.
   */
  async guardarCanal(
    tx: DbOrTx,
    entidadId: number,
    usuarioId: number,
    evento: EventoUsuario,
    canal: CanalAviso,
    valor: boolean,
  ): Promise<void> {
    const canales = { ...CANALES_POR_OMISION[evento], [canal]: valor };
    const n = await new NotificationsRepository(tx).guardarCanales(
      entidadId,
      usuarioId,
      [{ evento, canales }],
      [canal],
      this.clock.now(),
    );
    if (!n) throw AppError.notFound('El usuario no existe.');
  }

  /**
   * Notifications created since `desde` (any company) whose user chose WhatsApp for their kind,
   * oldest first, at most `limite`: the whatsapp module's repair scan enqueues any it missed.
   */
  async avisosWhatsappDesde(db: DbOrTx, desde: Date, limite: number): Promise<AvisoWhatsapp[]> {
    const filas = await new NotificationsRepository(db).whatsappDesde(desde, Math.max(0, Math.floor(limite)));
    return filas.flatMap((f) => {
      const tipo = eventoDeTipo(f.tipo);
      return tipo && tipo === f.tipo ? [{ ...f, tipo }] : [];
    });
  }

  private async isOnline(usuarioId: number): Promise<boolean> {
    if (this.presence.connectedHere(usuarioId)) return true;
    return this.repo.seenRecently(usuarioId, new Date(this.clock.now().getTime() - PRESENCE_FRESH_MS));
  }

  private async pushTo(usuarioId: number, n: Notificacion): Promise<void> {
    const payload = { titulo: n.titulo, mensaje: n.mensaje, ordenId: n.ordenId, id: n.id };
    for (const { token } of await this.repo.devicesOf(usuarioId)) {
      const leido = leerTokenDispositivo(token);
      try {
        let alive = true;
        if (leido.tipo === 'webpush' && this.push) alive = await this.push.send(leido.suscripcion, payload);
        else if ((leido.tipo === 'fcm' || leido.tipo === 'apns') && this.nativo?.tipos.includes(leido.tipo)) {
          alive = await this.nativo.send(
            { tipo: leido.tipo, token: leido.token.slice(leido.tipo.length + 1) },
            payload,
          );
        } else continue; // no sender for this kind here
        if (!alive) await this.repo.deleteToken(token);
      } catch (err) {
        if (err instanceof DestinoPushRechazado) {
          this.log({ usuarioId, motivo: err.message }, 'push.destinoRechazado');
          if (err.permanente) await this.repo.deleteToken(token);
        } else {
          this.log({ err, usuarioId }, 'push.fallo');
        }
      }
    }
  }

  /** GET /api/v2/notificaciones/all: the actor's notifications, newest first (not the hidden ones). */
  async list(actor: Actor): Promise<Notificacion[]> {
    const rows = await this.repo.list(actor.entidadId, actor.id, 200);
    return rows.map((r) => this.vista(r));
  }

  /** PUT /api/v2/notificaciones/leida/{id}: only the actor's own notifications. */
  async marcarLeida(actor: Actor, id: number): Promise<void> {
    if (!(await this.repo.markRead(actor.entidadId, actor.id, id))) {
      throw AppError.notFound('La notificación no existe.');
    }
  }

  /**
   * GET /api/v2/notificaciones/registrar/{flag}/{deviceToken}. A device already registered
   * passes to the actor only within the same company (another colleague logs in on the same
   * browser); one registered by a user of another company is refused (409) and stays where it
   * is, so a token never moves across companies. A native token is kept with its kind
   * (`fcm:…`, `apns:…`: contract `tokenGuardado`), so `x` and `fcm:x` are the same device.
   */
  async register(actor: Actor, registrar: boolean, token: string): Promise<void> {
    const guardado = tokenGuardado(token);
    if (!registrar) {
      // The token as sent too: a row kept before tokens had their kind goes as well.
      for (const t of new Set([token, guardado ?? token])) await this.repo.deleteDevice(actor.id, t);
      return;
    }
    // The route's schema refused anything else already.
    if (!guardado) throw AppError.invalid('deviceToken', 'El token del dispositivo no es válido.');
    if (!(await this.repo.upsertDevice(actor.entidadId, actor.id, guardado))) {
      throw new AppError(
        'CONFLICTO',
        'Este dispositivo ya recibe notificaciones de otra empresa. Cierre allí la sesión (o desactive las notificaciones) y vuelva a intentarlo.',
        { field: 'deviceToken' },
      );
    }
  }

  /** Announces orders that became overdue (once each), to their responsables. */
  async checkOverdue(): Promise<number> {
    const now = this.clock.now();
    const orders = await this.repo.claimOverdue(now, new Date(now.getTime() - OVERDUE_LOOKBACK_MS));
    for (const o of orders) {
      for (const u of o.responsables) {
        await this.create(o.entidadId, u, avisoVencida(o));
      }
    }
    return orders.length;
  }

  touchPresence(instancia: string, usuarioIds: number[]): Promise<void> {
    return this.repo.touchPresence(instancia, usuarioIds);
  }

  dropPresence(instancia: string, usuarioId?: number): Promise<void> {
    return this.repo.dropPresence(instancia, usuarioId);
  }

  startOverdueChecks(everyMs = 60_000): void {
    if (this.overdueTimer) return;
    this.overdueTimer = setInterval(
      () =>
        this.track(
          this.checkOverdue().then(
            () => this.vencimientos.ok++,
            (err: unknown) => {
              this.vencimientos.error++;
              throw err;
            },
          ),
        ),
      everyMs,
    );
    this.overdueTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.overdueTimer) clearInterval(this.overdueTimer);
    this.overdueTimer = null;
    await this.idle();
  }
}
