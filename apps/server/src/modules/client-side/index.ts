import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { PuertoClientes } from '../clients/index.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoArchivos } from '../files/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import type { PuertoNotificaciones } from '../notifications/index.js';
import type { PuertoOrdenes } from '../orders/index.js';
import type { PuertoEncuestas } from '../surveys/index.js';
import { clientSidePublicRoutes, clientSideRoutes } from './client-side.routes.js';
import { ClientSideService, type LimitesClientePublico } from './client-side.service.js';
import type { CifradorEnlaces } from './enlace-cifrado.js';

export type { FacturacionDeOrden, LimitesClientePublico } from './client-side.service.js';
export { cifradorCon, cifradorEnArchivo, type CifradorEnlaces } from './enlace-cifrado.js';

/**
 * For the order detail (ordenDTO): the billing column the orders module reads with the order, and
 * how its value becomes the billing data and a pending delegation. A named exception of
 * docs/ARCHITECTURE.md (a SQL fragment of this module's tables in another module's query).
 */
export const facturacionParaDetalle = ClientSideService.paraDetalle;

/** Other modules ask nothing of the client-side module's instance (see `facturacionParaDetalle`). */
export type PuertoLadoCliente = Pick<ClientSideService, never>;

export interface DepsLadoCliente {
  orders: Pick<PuertoOrdenes, 'acceso' | 'insertEvento'>;
  lecturas: Pick<PuertoOrdenes, 'detalle' | 'nombresDe'>;
  clients: Pick<PuertoClientes, 'find'>;
  entidades: Pick<PuertoEntidades, 'find'>;
  files: Pick<PuertoArchivos, 'descargaDeEmpresa'>;
  mail: Pick<PuertoCorreo, 'enqueue' | 'kick'>;
  notifications: Pick<PuertoNotificaciones, 'create'>;
  /** The order's pending survey: offered on the summary and answered through it, by the surveys module. */
  encuestas: Pick<PuertoEncuestas, 'hayPendiente' | 'responderPorOrden'>;
  /** Keeps the share links' tokens readable for the company (enlace-cifrado.ts). */
  cifrador: CifradorEnlaces;
  /** Overrides of the public calls' rate limits (tests). */
  limites?: Partial<LimitesClientePublico>;
}

/**
 * The client's side of orders (issue 16, docs/CLIENTE.md): the share link, the billing data and its
 * delegation behind the auth hook; the public summary, its files, its survey and the billing form
 * public, by the link's token.
 */
export function moduloLadoCliente(
  n: Pick<Nucleo, 'db' | 'clock' | 'bus' | 'log' | 'config'>,
  deps: DepsLadoCliente,
): Modulo<PuertoLadoCliente> {
  const servicio = new ClientSideService(n.db, n.clock, n.bus, {
    orders: deps.orders,
    lecturas: deps.lecturas,
    clients: deps.clients,
    entidades: deps.entidades,
    files: deps.files,
    mail: deps.mail,
    notifications: deps.notifications,
    cifrador: deps.cifrador,
    encuestas: deps.encuestas,
    log: n.log,
    publicUrl: n.config.publicUrl,
    ...(deps.limites ? { limites: deps.limites } : {}),
  });
  return {
    nombre: 'client-side',
    puerto: servicio,
    rutas: clientSideRoutes(servicio),
    rutasPublicas: clientSidePublicRoutes(servicio),
  };
}
