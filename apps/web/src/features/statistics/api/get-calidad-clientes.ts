import { RUTAS, type RangoEstadisticas } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/** POST /api/v2/estadisticas/clientes/calidad: first-time fix and conformity per client (verEstadisticas). */
export function getCalidadClientes(rango: RangoEstadisticas, signal?: AbortSignal) {
  return llamar(RUTAS.calidadClientes, { cuerpo: rango, signal });
}

export function useCalidadClientes(rango: RangoEstadisticas) {
  return useQuery({
    queryKey: estadisticasKeys.calidadClientes(rango),
    queryFn: ({ signal }) => getCalidadClientes(rango, signal),
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}
