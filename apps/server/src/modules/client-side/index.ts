import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { clientSidePublicRoutes, clientSideRoutes } from './client-side.routes.js';
import { ClientSideService, type DepsClientSideService } from './client-side.service.js';

export type { FacturacionDeOrden, LimitesClientePublico } from './client-side.service.js';
export { cifradorCon, type CifradorEnlaces } from './enlace-cifrado.js';

/**
 * For the order detail (ordenDTO): the billing column the orders module reads with the order, and
 * how its value becomes the billing data and a pending delegation. A named exception of
 * docs/ARCHITECTURE.md (a SQL fragment of this module's tables in another module's query).
 */
export const facturacionParaDetalle = ClientSideService.paraDetalle;

/** What other modules may ask of the client-side module: an order's public link for a message (whatsapp). */
export type PuertoLadoCliente = Pick<ClientSideService, 'enlacePublico'>;

/** The cifrador of the share links: app.ts gives one with the installation's key (modules/secretos). */
export type DepsLadoCliente = Omit<DepsClientSideService, 'log' | 'publicUrl'>;

/**
 * The client's side of orders (issue 16, docs/CLIENTE.md): the share link, the billing data and its
 * delegation behind the auth hook; the public summary, its files, its survey and the billing form
 * public, by the link's token.
 */
export function moduloLadoCliente(
  n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log' | 'config' | 'limites'>,
  deps: DepsLadoCliente,
): Modulo<PuertoLadoCliente> {
  const servicio = new ClientSideService(n.db, n.clock, n.bus, {
    ...deps,
    log: n.log,
    publicUrl: n.config.publicUrl,
    contador: n.limites,
  });
  return {
    nombre: 'client-side',
    techoPublico: true,
    puerto: servicio,
    rutas: clientSideRoutes(servicio),
    rutasPublicas: clientSidePublicRoutes(servicio),
  };
}
