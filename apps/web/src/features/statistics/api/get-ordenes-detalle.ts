import { RUTAS, type Filtros, type PaginaOrdenes } from '@delego/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { consultaPaginada } from '../../../lib/consultas';
import { llamar } from '../../../lib/http';
import { estadisticasKeys } from '../keys';

/** POST /api/v4/ordenes/all/filtered {filtros}: the orders behind a figure, a page at a time. */
export function getOrdenesDetalle(filtros: Filtros, signal?: AbortSignal): Promise<PaginaOrdenes> {
  return llamar(RUTAS.ordenesFiltradas, { cuerpo: filtros, signal });
}

export function useOrdenesDetalle(filtros: Omit<Filtros, 'pagina'> | null) {
  return useInfiniteQuery({
    ...consultaPaginada(estadisticasKeys.ordenes(filtros ?? {}), getOrdenesDetalle, filtros ?? {}),
    enabled: filtros !== null,
  });
}
