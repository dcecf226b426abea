import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { healthRoutes } from './health.routes.js';

/** Liveness and readiness (the database answers in time), public. */
export function moduloSalud(n: Pick<Nucleo, 'db'>): Modulo {
  return { nombre: 'health', puerto: {}, rutasPublicas: healthRoutes({ db: n.db }) };
}
