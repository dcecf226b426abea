import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { DepsSolicitudes } from './solicitudes.comun.js';
import { SolicitudesPublicas } from './solicitudes.publico.js';
import { solicitudesPublicRoutes, solicitudesRoutes } from './solicitudes.routes.js';
import { SolicitudesService } from './solicitudes.service.js';

export type { DepsSolicitudes, LimitesSolicitudes } from './solicitudes.comun.js';

/** What other modules may ask of requests: nothing (they arrive by their own public routes). */
export type PuertoSolicitudes = Record<never, never>;

/**
 * Requests from outside the company (issue 33, docs/SOLICITUDES.md): the public form by a
 * client's link or a QR, the send with its photos and the tracking page; the inbox, accepting
 * (an order) and rejecting; each client's request link.
 */
export function moduloSolicitudes(
  n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log' | 'config' | 'limites'>,
  deps: DepsSolicitudes,
): Modulo<PuertoSolicitudes> {
  const entorno = { log: n.log, publicUrl: n.config.publicUrl, contador: n.limites };
  const servicio = new SolicitudesService(n.db, n.clock, n.bus, deps, entorno);
  const publicas = new SolicitudesPublicas(n.db, n.clock, deps, entorno);
  return {
    nombre: 'solicitudes',
    techoPublico: true,
    puerto: {},
    rutas: solicitudesRoutes(servicio),
    rutasPublicas: solicitudesPublicRoutes(publicas),
  };
}
