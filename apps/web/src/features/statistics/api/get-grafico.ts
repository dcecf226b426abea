import { RUTAS, type NombreGrafico, type RangoEstadisticas } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/** POST /api/v2/estadisticas/{chart} {fechaDesde, fechaHasta}: one chart of the closed set (verEstadisticas). */
export function getGrafico(grafico: NombreGrafico, rango: RangoEstadisticas, signal?: AbortSignal) {
  return llamar(RUTAS.estadistica, { params: { grafico }, cuerpo: rango, signal });
}

export function useGrafico(grafico: NombreGrafico, rango: RangoEstadisticas, { habilitada = true } = {}) {
  return useQuery({
    queryKey: estadisticasKeys.grafico(grafico, rango),
    queryFn: ({ signal }) => getGrafico(grafico, rango, signal),
    enabled: habilitada,
    // A new range keeps the last figures (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}
