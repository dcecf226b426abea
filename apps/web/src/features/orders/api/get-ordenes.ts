import { RUTAS, type Filtros, type PaginaOrdenes } from '@delego/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { ordenesKeys } from '../keys';

/** POST /api/v4/ordenes/all/filtered {filtros}: one page of the filtered list. */
export function getOrdenes(filtros: Filtros, signal?: AbortSignal): Promise<PaginaOrdenes> {
  return llamar(RUTAS.ordenesFiltradas, { cuerpo: filtros, signal });
}

/** The next page number, or undefined when the last page is loaded. */
export function siguientePagina(ultima: PaginaOrdenes): number | undefined {
  const cargadas = (ultima.pagina + 1) * ultima.porPagina;
  return cargadas < ultima.total && ultima.ordenes.length > 0 ? ultima.pagina + 1 : undefined;
}

export function ordenesQueryOptions(filtros: Omit<Filtros, 'pagina'>) {
  return infiniteQueryOptions({
    queryKey: ordenesKeys.lista(filtros),
    queryFn: ({ pageParam, signal }) => getOrdenes({ ...filtros, pagina: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: siguientePagina,
    // While another filter loads, the previous results stay (with a progress bar) instead of blinking.
    placeholderData: keepPreviousData,
    // The list shows its own error state with a retry button.
    meta: { errorSilencioso: true },
  });
}

/** The order list, 25 at a time (infinite scroll). */
export function useOrdenes(filtros: Omit<Filtros, 'pagina'>) {
  return useInfiniteQuery(ordenesQueryOptions(filtros));
}
