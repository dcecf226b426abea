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
  | { type: 'plan.cambiado'; entidadId: number }
  | { type: 'clientes.cambiados'; entidadId: number }
  | { type: 'usuarios.cambiados'; entidadId: number }
  | { type: 'catalogo.cambiado'; entidadId: number }
  | {
      type: 'orden.creada' | 'orden.modificada' | 'orden.eliminada';
      entidadId: number;
      ordenId: number;
      usuarioId: number;
    }
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
  | {
      type: 'orden.responsablesCambiados';
      entidadId: number;
      ordenId: number;
      usuarioId: number;
      agregados: number[];
    };

export type EventHandler = (event: DomainEvent) => void;

export interface EventBus {
  publish(event: DomainEvent): void;
  /** Every event, whichever instance published it (socket fan-out, cache invalidation). */
  subscribe(handler: EventHandler): () => void;
  /**
   * Only events published by this instance: for reactions that must happen once in the whole
   * system (creating notifications), however many instances run.
   */
  subscribeLocal(handler: EventHandler): () => void;
  close(): Promise<void>;
}

function deliver(handlers: Iterable<EventHandler>, event: DomainEvent): void {
  for (const h of handlers) {
    queueMicrotask(() => {
      try {
        h(event);
      } catch {
        // A failing subscriber must never break the publisher.
      }
    });
  }
}

/** The bus of a single instance: handlers run after the publishing call returns. */
export class LocalBus implements EventBus {
  protected readonly handlers = new Set<EventHandler>();
  protected readonly localHandlers = new Set<EventHandler>();

  publish(event: DomainEvent): void {
    deliver(this.handlers, event);
    deliver(this.localHandlers, event);
  }

  /** Delivers an event that another instance published. */
  protected deliverRemote(event: DomainEvent): void {
    deliver(this.handlers, event);
  }

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  subscribeLocal(handler: EventHandler): () => void {
    this.localHandlers.add(handler);
    return () => this.localHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.localHandlers.clear();
  }
}
