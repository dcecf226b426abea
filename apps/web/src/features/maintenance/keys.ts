import { planKeys } from '../../domain/plans';

/** Query keys of scheduled maintenance (issue 32). */
export const mantenimientoKeys = {
  all: ['mantenimiento'] as const,
  lista: () => [...mantenimientoKeys.all, 'lista'] as const,
  /** Kept with the plan's keys: what changes the quota (a new order) refreshes it too. */
  proyeccion: () => planKeys.proyeccionCupo(),
};
