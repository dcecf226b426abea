import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { catalogRoutes } from './catalog.routes.js';
import { CatalogService } from './catalog.service.js';

/** Order types, areas and the E5S catalogue. Other modules read them by SQL joins, not by a port. */
export function moduloCatalogo(n: Pick<Nucleo, 'db' | 'bus'>): Modulo {
  const servicio = new CatalogService(n.db, n.bus);
  return { nombre: 'catalog', puerto: {}, rutas: catalogRoutes(servicio) };
}
