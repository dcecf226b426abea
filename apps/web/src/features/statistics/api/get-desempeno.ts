import { RUTAS, type RangoEstadisticas } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/** POST /api/v2/estadisticas/responsables/desempeno: the scorecard per responsable (verEstadisticas). */
export function getDesempeno(rango: RangoEstadisticas, signal?: AbortSignal) {
  return llamar(RUTAS.desempenoResponsables, { cuerpo: rango, signal });
}

export function useDesempeno(rango: RangoEstadisticas, { habilitada = true } = {}) {
  return useQuery({
    queryKey: estadisticasKeys.desempeno(rango),
    queryFn: ({ signal }) => getDesempeno(rango, signal),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}
