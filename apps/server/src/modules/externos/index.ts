import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { autenticadorExterno } from './autenticador.js';
import { externosRoutes } from './externos.routes.js';
import { ExternosService, type DepsExternos } from './externos.service.js';

export type { DepsExternos } from './externos.service.js';

/** What other modules may ask of contractor links: nothing (the outsider arrives by the auth hook). */
export type PuertoExternos = Record<never, never>;

/**
 * Contractor links (issue 33 part 2, docs/EXTERNOS.md): the company hands an order to an outsider
 * by a link; the link is a credential scheme of the auth hook (`Externo <k>`) that opens that
 * order's own routes, and nothing else, under the outsider's hidden user.
 */
export function moduloExternos(
  n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log' | 'config'>,
  deps: DepsExternos,
): Modulo<PuertoExternos> {
  const servicio = new ExternosService(n.db, n.clock, n.bus, deps, { log: n.log, publicUrl: n.config.publicUrl });
  return {
    nombre: 'externos',
    puerto: {},
    rutas: externosRoutes(servicio),
    autenticador: autenticadorExterno(n.db, n.clock),
  };
}
