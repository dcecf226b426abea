import type { EstadoInstancia } from '../../kernel/estado-instancia.js';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import { healthRoutes } from './health.routes.js';

export interface DepsSalud {
  /** Where the instance is (migrating, serving, draining); always serving without one. */
  estado?: EstadoInstancia | undefined;
}

/** Liveness and readiness (the database answers in time, the instance is not draining), public. */
export function moduloSalud(n: Pick<Nucleo, 'db'>, deps: DepsSalud = {}): Modulo {
  return { nombre: 'health', puerto: {}, rutasPublicas: healthRoutes({ db: n.db, estado: deps.estado }) };
}
