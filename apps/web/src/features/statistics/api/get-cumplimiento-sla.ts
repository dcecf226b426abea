import { RUTAS, type AgruparCumplimiento, type RangoEstadisticas } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/**
 * GET /api/v4/sla/cumplimiento?fechaDesde&fechaHasta&por: service-level compliance of the orders
 * created in the range, per group and for the company (verEstadisticas; issue 34).
 */
export function getCumplimientoSla(rango: RangoEstadisticas, por: AgruparCumplimiento, signal?: AbortSignal) {
  return llamar(RUTAS.cumplimientoSla, {
    query: { fechaDesde: rango.fechaDesde, fechaHasta: rango.fechaHasta, por },
    signal,
  });
}

export function useCumplimientoSla(rango: RangoEstadisticas, por: AgruparCumplimiento) {
  return useQuery({
    queryKey: estadisticasKeys.cumplimientoSla(rango, por),
    queryFn: ({ signal }) => getCumplimientoSla(rango, por, signal),
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}
