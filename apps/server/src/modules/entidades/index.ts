import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { entidadesRoutes } from './entidades.routes.js';
import { EntidadesService } from './entidades.service.js';

/**
 * What other modules may ask of the companies module: a company's name, logo and data, and the
 * next order number's statement that an order's creation composes (the allowed cross-module SQL).
 */
export type PuertoEntidades = Pick<EntidadesService, 'find' | 'siguienteNumeroSql' | 'siguientesNumerosSql'>;

/** The company itself: its logo and the first steps of a new company. */
export function moduloEntidades(n: Pick<Nucleo, 'db'>): Modulo<PuertoEntidades> {
  const servicio = new EntidadesService(n.db);
  return { nombre: 'entidades', puerto: servicio, rutas: entidadesRoutes(servicio) };
}
