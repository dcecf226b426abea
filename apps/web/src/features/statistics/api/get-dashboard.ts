import { RUTAS, type Dashboard, type Filtros } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/**
 * The dashboard: GET /api/v2/dashboard (this month, no filters) or POST /api/v4/dashboard {filtros}
 * with the order list's filters (their dates mark the period).
 */
export function getDashboard(filtros: Filtros | null, signal?: AbortSignal): Promise<Dashboard> {
  return filtros === null
    ? llamar(RUTAS.dashboard, { signal })
    : llamar(RUTAS.dashboardFiltrado, { cuerpo: filtros, signal });
}

export function useDashboard(filtros: Filtros | null) {
  return useQuery({
    queryKey: estadisticasKeys.dashboard(filtros),
    queryFn: ({ signal }) => getDashboard(filtros, signal),
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}
