import type { Dashboard } from '@delego/contract';
import type { Modulo, Nucleo } from '../../kernel/modulo.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
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
}

/** Charts, delay reports and their export, the scorecard per responsable and the dashboard. */
export function moduloEstadisticas(
  n: Pick<Nucleo, 'db' | 'clock' | 'database'>,
  deps: DepsEstadisticas,
): Modulo<PuertoEstadisticas> {
  const servicio = new StatisticsService(n.db, n.clock, { ...deps, consultar: n.database.consultar });
  return {
    nombre: 'statistics',
    puerto: {},
    rutas: statisticsRoutes(servicio),
    rutasPublicas: statisticsPublicRoutes(servicio),
  };
}
