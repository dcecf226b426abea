import type { EventoUsuario } from '@delego/contract';

/** A stored notification as it travels to the user's socket or push. */
export interface NotificacionEvento {
  id: number;
  tipo: string;
  titulo: string;
  mensaje: string;
  ordenId: number | null;
  fecha: number;
  leida: boolean;
}

/**
 * Domain events, published by services after their transaction commits. The live module maps them
 * to socket destinations; with several instances a PostgreSQL LISTEN/NOTIFY bus carries them across.
 */
export type DomainEvent =
  | { type: 'clientes.cacheLimpiada'; entidadId: number }
  | { type: 'usuarios.cacheLimpiada'; entidadId: number }
  | { type: 'usuario.credencialesCambiadas'; entidadId: number; usuarioId: number }
  /** Own names or email only (Mi cuenta): cached actors refresh, live sockets stay open. */
  | { type: 'usuario.datosCambiados'; entidadId: number; usuarioId: number }
  /** `cupoUsado`: only quota was used (orders created), so nothing waiting for quota can start now. */
  | { type: 'plan.cambiado'; entidadId: number; cupoUsado?: true }
  | { type: 'clientes.cambiados'; entidadId: number }
  | { type: 'usuarios.cambiados'; entidadId: number }
  | { type: 'catalogo.cambiado'; entidadId: number }
  /** A maintenance plan was created, changed, paused, resumed or deleted (issue 32): the calendar's answers go. */
  | { type: 'mantenimiento.cambiado'; entidadId: number }
  /**
   * A service-level policy was created, edited (a new version) or closed (issue 34): the cached
   * «this company has never had a policy» of the orders' reaction goes (issue 37), on every instance.
   */
  | { type: 'sla.politicasCambiadas'; entidadId: number }
  /**
   * A client's WhatsApp number or consent was saved (issue 35): the cached «no client of this company
   * has a consent in force» of the orders' dispatcher goes (issue 37), on every instance.
   */
  | { type: 'whatsapp.consentimientosCambiados'; entidadId: number }
  | {
      type: 'orden.creada';
      entidadId: number;
      ordenId: number;
      usuarioId: number;
      /** The new order's type (null: none), for the reactions that need nothing else of it. */
      tipoOrdenId?: number | null;
    }
  | {
      /** orden.conformidad: the client's conformity changed (issue 31, modules/conformity). */
      type: 'orden.eliminada' | 'orden.conformidad';
      entidadId: number;
      ordenId: number;
      usuarioId: number;
    }
  | {
      type: 'orden.modificada';
      entidadId: number;
      ordenId: number;
      usuarioId: number;
      /** The change included the order's type (its checklist may follow it). */
      tipoCambiado?: true;
    }
  | {
      /** An order's checklist changed: one item (`itemId`) or the whole of it. */
      type: 'orden.checklistCambiada';
      entidadId: number;
      ordenId: number;
      usuarioId: number;
      itemId?: number;
    }
  /** An order's service level was written or warned (issue 34): its list rows and detail go. */
  | { type: 'orden.slaCambiado'; entidadId: number; ordenId: number }
  /** A WhatsApp message of an order was sent, delivered, read or failed (issue 35): its history refreshes. */
  | { type: 'orden.whatsappCambiado'; entidadId: number; ordenId: number }
  | {
      type: 'orden.estadoCambiado';
      entidadId: number;
      ordenId: number;
      usuarioId: number;
      estadoId: number;
      comentario?: string;
    }
  | {
      type: 'notificacion.creada';
      entidadId: number;
      usuarioId: number;
      notificacion: NotificacionEvento;
    }
  /**
   * A notification whose user chose WhatsApp for its kind (issue 35), once per notification after
   * its commit, on the instance that created it: the whatsapp module (subscribeLocal) sends it.
   * Never for a service level's breach (SLA_INCUMPLIDO) nor a removal from an order (ORDEN_QUITADA).
   */
  | {
      type: 'aviso.creado';
      entidadId: number;
      usuarioId: number;
      notificacionId: number;
      tipo: EventoUsuario;
      ordenId: number | null;
      titulo: string;
      mensaje: string;
    }
  | {
      type: 'orden.responsablesCambiados';
      entidadId: number;
      ordenId: number;
      usuarioId: number;
      agregados: number[];
      /** Who stopped being responsable: they are told, since the order may leave their list. */
      quitados?: number[];
    };

/** The name of every domain event: a closed set, so a misspelt name does not compile. */
export type DomainEventType = DomainEvent['type'];

/** The event of one name, with its own fields (`EventOf<'orden.creada'>` has `ordenId`). */
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** A subscriber; a promise it returns is only watched, to log its failure. */
export type EventHandler = (event: DomainEvent) => unknown;

/** Where the bus writes what goes wrong (pino's `app.log` fits; buildApp hands it over). */
export interface BusLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Until buildApp hands over the app's logger, failures still reach the process's stderr. */
const consoleLog: BusLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

export interface EventBus {
  publish(event: DomainEvent): void;
  /** Every event, whichever instance published it (socket fan-out, cache invalidation). */
  subscribe(handler: EventHandler): () => void;
  /**
   * Only events published by this instance: for reactions that must happen once in the whole
   * system (creating notifications), however many instances run.
   */
  subscribeLocal(handler: EventHandler): () => void;
  /**
   * Called when this instance may have missed events of other instances (its PostgreSQL listener
   * dropped and is listening again): whatever it keeps in memory must be read afresh.
   */
  onResync(handler: () => void): () => void;
  /** Where subscriber failures and connection troubles are logged. */
  useLogger(log: BusLog): void;
  /**
   * Across instances only (PgBus): called with the ms from another instance's publish to the
   * delivery here, for /metrics' bus lag.
   */
  onDemora?(handler: (ms: number) => void): () => void;
  close(): Promise<void>;
}

/** The bus of a single instance: handlers run after the publishing call returns. */
export class LocalBus implements EventBus {
  protected readonly handlers = new Set<EventHandler>();
  protected readonly localHandlers = new Set<EventHandler>();
  private readonly resyncHandlers = new Set<() => void>();

  constructor(protected log: BusLog = consoleLog) {}

  useLogger(log: BusLog): void {
    this.log = log;
  }

  /** A failing subscriber never breaks the publisher nor the other subscribers; it is logged. */
  private deliver(handlers: Iterable<EventHandler>, event: DomainEvent): void {
    for (const h of handlers) {
      queueMicrotask(() => {
        try {
          const r = h(event);
          if (r instanceof Promise) r.catch((err: unknown) => this.subscriberFailed(err, event));
        } catch (err) {
          this.subscriberFailed(err, event);
        }
      });
    }
  }

  private subscriberFailed(err: unknown, event: DomainEvent): void {
    this.log.error({ err, evento: event.type, entidadId: event.entidadId }, 'bus.suscriptorFallo');
  }

  publish(event: DomainEvent): void {
    this.deliver(this.handlers, event);
    this.deliver(this.localHandlers, event);
  }

  /** Delivers an event that another instance published. */
  protected deliverRemote(event: DomainEvent): void {
    this.deliver(this.handlers, event);
  }

  /** Tells every resync handler that events may have been missed (each one runs, whatever the others do). */
  protected resync(): void {
    for (const h of this.resyncHandlers) {
      try {
        h();
      } catch (err) {
        this.log.error({ err }, 'bus.resyncFallo');
      }
    }
  }

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  subscribeLocal(handler: EventHandler): () => void {
    this.localHandlers.add(handler);
    return () => this.localHandlers.delete(handler);
  }

  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.localHandlers.clear();
    this.resyncHandlers.clear();
  }
}
