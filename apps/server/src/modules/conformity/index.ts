import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { ReglasDeEstado } from '../../kernel/reglas-de-estado.js';
import type { Storage } from '../files/index.js';
import type { AlmacenIdempotencia } from '../idempotencia/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { conformityRoutes } from './conformity.routes.js';
import { ConformityService } from './conformity.service.js';

export type { ImagenFirma, OrdenDeEnlace } from './conformity.service.js';

/**
 * What other modules may ask of the conformity module: the public summary's part and the client's
 * answer (client-side, which owns the link), the rule before billing (client-side), the rule
 * before Finalizada (the state rules' registry), and the signature for the PDF report.
 */
export type PuertoConformidad = Pick<
  ConformityService,
  'publica' | 'responderRemota' | 'exigirParaFacturar' | 'bloqueosDeEstado' | 'paraImprimir'
>;

export interface DepsConformidad {
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEvento' | 'reabrir'>;
  notifications: Pick<PuertoNotificaciones, 'create'>;
  /** The files' storage: the signature images live beside the order's files. */
  storage: Storage;
  idempotencia: AlmacenIdempotencia;
  /** Where the module registers its rule before Finalizada (types that require conformity antes_de_finalizar). */
  reglas: Pick<ReglasDeEstado, 'registrar'>;
}

/** The client's conformity with an order (issue 31, docs/CONFORMIDAD.md). */
export function moduloConformidad(
  n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log'>,
  deps: DepsConformidad,
): Modulo<PuertoConformidad> {
  const servicio = new ConformityService(n.db, n.clock, n.bus, {
    orders: deps.orders,
    notifications: deps.notifications,
    storage: deps.storage,
    log: n.log,
  });
  deps.reglas.registrar('conformidad', (t) =>
    servicio.bloqueosDeEstado(t.tx, t.actor.entidadId, t.ordenId, t.tipoOrdenId, t.hacia),
  );
  return { nombre: 'conformity', puerto: servicio, rutas: conformityRoutes(servicio, deps.idempotencia) };
}
