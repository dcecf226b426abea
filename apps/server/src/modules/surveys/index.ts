import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import { surveysPublicRoutes, surveysRoutes } from './surveys.routes.js';
import { SurveysService, type LimitesEncuestas } from './surveys.service.js';

export type { EncuestaPendiente, LimitesEncuestas } from './surveys.service.js';

/**
 * What other modules may ask of the surveys module: whether an order has a survey to answer, and
 * its answer from the order's public summary (the client-side module), which is the same act as
 * an answer through the survey's link (one validation, one set of limits); `findPendiente` and
 * `idle` for tests.
 */
export type PuertoEncuestas = Pick<SurveysService, 'hayPendiente' | 'responderPorOrden' | 'findPendiente' | 'idle'>;

export interface DepsEncuestas {
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEvento'>;
  clients: Pick<PuertoClientes, 'find'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  notifications: Pick<PuertoNotificaciones, 'create'>;
  /** Overrides of the public calls' rate limits (tests). */
  limites?: Partial<LimitesEncuestas>;
}

/**
 * Surveys (issue 13, docs/ENCUESTAS.md): sending, the company setting and the results behind the
 * auth hook; the survey page's calls public. The automatic sends it started end before close.
 */
export function moduloEncuestas(
  n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log' | 'config' | 'limites'>,
  deps: DepsEncuestas,
): Modulo<PuertoEncuestas> {
  const servicio = new SurveysService(n.db, n.clock, n.bus, {
    orders: deps.orders,
    clients: deps.clients,
    entidades: deps.entidades,
    mail: deps.mail,
    notifications: deps.notifications,
    log: n.log,
    publicUrl: n.config.publicUrl,
    contador: n.limites,
    ...(deps.limites ? { limites: deps.limites } : {}),
  });
  return {
    nombre: 'surveys',
    techoPublico: true,
    puerto: servicio,
    rutas: surveysRoutes(servicio),
    rutasPublicas: surveysPublicRoutes(servicio),
    alCerrar: () => servicio.idle(),
  };
}
