import { RUTAS, type DemorasOrdenes, type DemorasOrdenesQuery } from '@delego/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/** POST /api/v2/estadisticas/demora/ordenes: orders due in the range with their delay, one page (verEstadisticas). */
export function getDemoras(consulta: DemorasOrdenesQuery, signal?: AbortSignal) {
  return llamar(RUTAS.demorasOrdenes, { cuerpo: consulta, signal });
}

function siguiente(ultima: DemorasOrdenes): number | undefined {
  const cargadas = (ultima.pagina + 1) * ultima.porPagina;
  return cargadas < ultima.total && ultima.ordenes.length > 0 ? ultima.pagina + 1 : undefined;
}

export function useDemoras(consulta: Omit<DemorasOrdenesQuery, 'pagina'>, { habilitada = true } = {}) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: estadisticasKeys.demoras(consulta),
      queryFn: ({ pageParam, signal }) => getDemoras({ ...consulta, pagina: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: siguiente,
      placeholderData: keepPreviousData,
      meta: { errorSilencioso: true },
    }),
    enabled: habilitada,
  });
}
