import { RUTAS } from '@delego/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { encuestasKeys } from '../keys';
import type { ConsultaEncuestas } from '../model/filtros';

/** GET /api/v2/encuestas with its filters (verEstadisticas). A new filter keeps the last figures until its own. */
export function useResultadosEncuestas(filtros: ConsultaEncuestas | null) {
  return useQuery({
    queryKey: encuestasKeys.resultados(filtros ?? {}),
    queryFn: ({ signal }) => llamar(RUTAS.encuestas, { query: { ...(filtros ?? {}) }, signal }),
    enabled: filtros !== null,
    placeholderData: keepPreviousData,
    meta: { errorSilencioso: true },
  });
}
