/**
 * Domain events, published by services after their transaction commits. The live module maps them
 * to socket destinations; with several instances a PostgreSQL LISTEN/NOTIFY bus carries them across.
 */
export type DomainEvent =
  | { type: 'clientes.cacheLimpiada'; entidadId: number }
  | { type: 'usuarios.cacheLimpiada'; entidadId: number }
  | { type: 'usuario.credencialesCambiadas'; entidadId: number; usuarioId: number }
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
  subscribe(handler: EventHandler): () => void;
  close(): Promise<void>;
}

/** The bus of a single instance: handlers run after the publishing call returns. */
export class LocalBus implements EventBus {
  private readonly handlers = new Set<EventHandler>();

  publish(event: DomainEvent): void {
    for (const h of this.handlers) {
      queueMicrotask(() => {
        try {
          h(event);
        } catch {
          // A failing subscriber must never break the publisher.
        }
      });
    }
  }

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
