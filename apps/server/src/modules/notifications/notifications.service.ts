import type { Notificacion } from '@delego/contract';
import { estadoInfo, leerTokenDispositivo, tokenGuardado } from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { DomainEvent, EventBus } from '../../kernel/bus.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import { NotificationsRepository } from './notifications.repository.js';
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

const PRESENCE_FRESH_MS = 75_000;
const OVERDUE_LOOKBACK_MS = 24 * 3600_000;

/**
 * Notifications: created once per domain event (on the instance that published it), stored
 * with a read flag, announced on the bus so the user's socket shows them, and pushed to the
 * user's devices when no instance has a socket of theirs open.
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
        await this.create(e.entidadId, u, {
          tipo: 'ORDEN_ASIGNADA',
          titulo: `Nueva orden asignada: #${o.numero}`,
          mensaje: o.titulo,
          ordenId: e.ordenId,
        });
      }
    } else if (e.type === 'orden.estadoCambiado') {
      const o = await this.repo.ordenYResponsables(e.entidadId, e.ordenId);
      if (!o) return;
      const estado = estadoInfo(e.estadoId)?.nombre ?? '';
      for (const u of o.responsables) {
        if (u === e.usuarioId) continue;
        await this.create(e.entidadId, u, {
          tipo: 'ORDEN_ESTADO',
          titulo: `La orden #${o.numero} pasó a ${estado}`,
          mensaje: e.comentario ? `${o.titulo}: «${e.comentario}»` : o.titulo,
          ordenId: e.ordenId,
        });
      }
    }
  }

  /** Stores a notification, announces it, and pushes it if the user has no open socket anywhere. */
  async create(entidadId: number, usuarioId: number, n: NuevaNotificacion): Promise<Notificacion> {
    const { notificacion, anunciar } = await this.crearEnTransaccion(this.db, entidadId, usuarioId, n);
    await anunciar();
    return notificacion;
  }

  /**
   * Several notifications in one statement inside the caller's transaction (a batch of warnings);
   * `anunciar`, after the commit, announces and pushes each.
   */
  async crearVariasEnTransaccion(
    tx: DbOrTx,
    nuevas: readonly (NuevaNotificacion & { entidadId: number; usuarioId: number })[],
  ): Promise<{ anunciar: () => Promise<void> }> {
    if (!nuevas.length) return { anunciar: async () => undefined };
    const creada = this.clock.now();
    const filas = await new NotificationsRepository(tx).insertVarias(nuevas.map((n) => ({ ...n, creada })));
    const anunciar = async () => {
      for (const row of filas) {
        const notificacion = this.vista(row);
        this.bus.publish({
          type: 'notificacion.creada',
          entidadId: row.entidadId,
          usuarioId: row.usuarioId,
          notificacion,
        });
        if ((this.push || this.nativo) && !(await this.isOnline(row.usuarioId)))
          await this.pushTo(row.usuarioId, notificacion);
      }
    };
    return { anunciar };
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

  /**
   * Stores a notification inside the caller's transaction (it commits or rolls back with the
   * caller's change: a warning claimed and its notification are one act). `anunciar`, after the
   * commit, announces it on the bus and pushes it.
   */
  private async crearEnTransaccion(
    tx: DbOrTx,
    entidadId: number,
    usuarioId: number,
    n: NuevaNotificacion,
  ): Promise<{ notificacion: Notificacion; anunciar: () => Promise<void> }> {
    const row = await new NotificationsRepository(tx).insert({ entidadId, usuarioId, ...n, creada: this.clock.now() });
    const notificacion = this.vista(row);
    const anunciar = async () => {
      this.bus.publish({ type: 'notificacion.creada', entidadId, usuarioId, notificacion });
      if ((this.push || this.nativo) && !(await this.isOnline(usuarioId))) await this.pushTo(usuarioId, notificacion);
    };
    return { notificacion, anunciar };
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

  /** GET /api/v2/notificaciones/all: the actor's notifications, newest first. */
  async list(actor: Actor): Promise<Notificacion[]> {
    const rows = await this.repo.list(actor.entidadId, actor.id, 200);
    return rows.map((r) => ({
      id: r.id,
      tipo: r.tipo,
      titulo: r.titulo,
      mensaje: r.mensaje,
      ordenId: r.ordenId,
      fecha: r.creada.getTime(),
      leida: r.leida,
    }));
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
        await this.create(o.entidadId, u, {
          tipo: 'ORDEN_VENCIDA',
          titulo: `La orden #${o.numero} está vencida`,
          mensaje: o.titulo,
          ordenId: o.id,
        });
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
