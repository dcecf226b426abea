import { API_ORDENES, zPrioridad, type Prioridad } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { catalogoKeys } from '../../../lib/catalogo-keys';

const zLista = zPrioridad.array();

/** GET /api/v2/prioridades: the company's priorities, lowest first. */
export function getPrioridades(signal?: AbortSignal): Promise<Prioridad[]> {
  return http.get(API_ORDENES.prioridades, { esquema: zLista, signal });
}

export function prioridadesQueryOptions() {
  return queryOptions({
    queryKey: catalogoKeys.lista('prioridades'),
    queryFn: ({ signal }) => getPrioridades(signal),
    staleTime: 10 * 60_000,
  });
}

export function usePrioridades({ habilitada = true } = {}) {
  return useQuery({ ...prioridadesQueryOptions(), enabled: habilitada });
}
