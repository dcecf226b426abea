import { RUTAS, type Filtros, type PaginaOrdenes } from '@delego/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/** POST /api/v4/ordenes/all/filtered {filtros}: the orders behind a figure, a page at a time. */
export function getOrdenesDetalle(filtros: Filtros, signal?: AbortSignal): Promise<PaginaOrdenes> {
  return llamar(RUTAS.ordenesFiltradas, { cuerpo: filtros, signal });
}

function siguiente(ultima: PaginaOrdenes): number | undefined {
  const cargadas = (ultima.pagina + 1) * ultima.porPagina;
  return cargadas < ultima.total && ultima.ordenes.length > 0 ? ultima.pagina + 1 : undefined;
}

export function useOrdenesDetalle(filtros: Omit<Filtros, 'pagina'> | null) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: estadisticasKeys.ordenes(filtros ?? {}),
      queryFn: ({ pageParam, signal }) => getOrdenesDetalle({ ...filtros, pagina: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: siguiente,
      meta: { errorSilencioso: true },
    }),
    enabled: filtros !== null,
  });
}
