import { RUTAS, type Filtros, type PaginaOrdenes } from '@delego/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { consultaPaginada } from '../../../lib/consultas';
import { llamar } from '../../../lib/http';
import { ordenesKeys } from '../../../domain/orden';

/** POST /api/v4/ordenes/all/filtered {filtros}: one page of the filtered list. */
export function getOrdenes(filtros: Filtros, signal?: AbortSignal): Promise<PaginaOrdenes> {
  return llamar(RUTAS.ordenesFiltradas, { cuerpo: filtros, signal });
}

export function ordenesQueryOptions(filtros: Omit<Filtros, 'pagina'>) {
  return {
    ...consultaPaginada(ordenesKeys.lista(filtros), getOrdenes, filtros),
    // While another filter loads, the previous results stay (with a progress bar) instead of blinking.
    placeholderData: keepPreviousData,
  };
}

/** The order list, 25 at a time (infinite scroll). */
export function useOrdenes(filtros: Omit<Filtros, 'pagina'>) {
  return useInfiniteQuery(ordenesQueryOptions(filtros));
}
