/** Query keys of the company's plan (the menu's panel, planes, mercadopago-tarjeta; the login seeds `estado`). */
export const planKeys = {
  all: ['plan'] as const,
  /** The company's plan and quota for one logged-in user (the menu's panel). */
  estado: (usuarioId: number) => [...planKeys.all, 'estado', usuarioId] as const,
  /** The plans to choose from (GET /plan/all), with the current one marked. */
  catalogo: () => [...planKeys.all, 'catalogo'] as const,
  /** Whether this user may change the plan here, and in which mode (test or MercadoPago). */
  habilitado: () => [...planKeys.all, 'habilitado'] as const,
  /** The company's payments, the newest first. */
  pagos: () => [...planKeys.all, 'pagos'] as const,
  /**
   * The orders the maintenance schedules will still create in the period (the panel's «programadas
   * de N disponibles»): under the plan's keys, so a new order, which takes from the quota, refreshes it.
   */
  proyeccionCupo: () => [...planKeys.all, 'proyeccion-cupo'] as const,
};
