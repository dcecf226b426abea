import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { feriadosDeArgentina, type FuenteFeriados } from './feriados-nacionales.js';
import { SlaRepository } from './sla.repository.js';
import { slaRoutes } from './sla.routes.js';
import { SlaService } from './sla.service.js';

export type { FeriadoNacional, FuenteFeriados } from './feriados-nacionales.js';

/** What other modules may ask of service levels: a company's business calendar (the deadlines will). */
export type PuertoSla = Pick<SlaService, 'calendario'>;

export interface DepsSla {
  /** The country's holidays; by default Argentina's from `date-holidays`. */
  feriados?: FuenteFeriados;
}

/** Service levels (issue 34, docs/SLA.md): so far, the company's business calendar. */
export function moduloSla(n: Pick<Nucleo, 'db' | 'clock'>, deps: DepsSla = {}): Modulo<PuertoSla> {
  const servicio = new SlaService(new SlaRepository(n.db), n.clock, deps.feriados ?? feriadosDeArgentina());
  return { nombre: 'sla', puerto: servicio, rutas: slaRoutes(servicio) };
}
