import type { Cliente } from '@delego/contract';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { clientsRoutes } from './clients.routes.js';
import { ClientsService } from './clients.service.js';

/** What other modules may ask of the clients module. */
export type PuertoClientes = Pick<ClientsService, 'find' | 'list' | 'cleanCache'>;

export interface DepsClientes {
  /** Client lists per company (src/caches.ts: emptied in every instance by the bus). */
  cache: TenantCache<Cliente[]>;
}

/** Clients of the company: list, save, import, assignable companies, cache clean. */
export function moduloClientes(n: Pick<Nucleo, 'db' | 'bus'>, deps: DepsClientes): Modulo<PuertoClientes> {
  const servicio = new ClientsService(n.db, n.bus, deps.cache);
  return { nombre: 'clients', puerto: servicio, rutas: clientsRoutes(servicio) };
}
