import type { Dashboard } from '@delego/contract';
import { EjecutorEnProceso } from '../../kernel/ejecutor.js';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { PLEGAR_CADA_MS, plegarResumen } from './plegado.js';
import { statisticsPublicRoutes, statisticsRoutes } from './statistics.routes.js';
import { StatisticsService, type DepsStatisticsService } from './statistics.service.js';

/** What other modules may ask of the statistics module: nothing (its routes are its whole use). */
export type PuertoEstadisticas = Pick<StatisticsService, never>;

export interface DepsEstadisticas {
  /** The order list's conditions (module orders): the dashboard counts what the list shows. */
  ordersLecturas: DepsStatisticsService['ordersLecturas'];
  /** The company's plan (module plans): the dashboard's quota card. */
  plans: DepsStatisticsService['plans'];
  /** The dashboards already computed (src/caches.ts: emptied by any change to the orders or the plan). */
  tablero?: TenantCache<Dashboard>;
  /** How often the rollup folds what creates appended: PLEGAR_CADA_MS by default, `null` never (tests fold by hand). */
  plegarCadaMs?: number | null | undefined;
}

/**
 * Charts, delay reports and their export, the scorecard per responsable and the dashboard; and the
 * fold of the rows creates append to the rollup, every PLEGAR_CADA_MS on every instance (two folds
 * at once move each row once: migration 0033).
 */
export function moduloEstadisticas(
  n: Pick<Nucleo, 'db' | 'clock' | 'database' | 'log'>,
  deps: DepsEstadisticas,
): Modulo<PuertoEstadisticas> {
  const servicio = new StatisticsService(n.db, n.clock, { ...deps, consultar: n.database.consultar });
  const cadaMs = deps.plegarCadaMs === undefined ? PLEGAR_CADA_MS : deps.plegarCadaMs;
  const plegado =
    cadaMs === null ? null : new EjecutorEnProceso(() => plegarResumen(n.db), n.log, cadaMs, 'estadisticas.plegar');
  const arranque = plegado?.iniciar();
  return {
    nombre: 'statistics',
    puerto: {},
    rutas: statisticsRoutes(servicio),
    rutasPublicas: statisticsPublicRoutes(servicio),
    alCerrar: async () => {
      await arranque;
      await plegado?.detener();
    },
  };
}
