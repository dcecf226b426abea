import { API_ADMIN, zArea, type Area } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { catalogoKeys } from '../../../lib/catalogo-keys';

const zLista = zArea.array();

/** GET /api/v3/areas/all: the areas in use (archived ones are left out). */
export function getAreas(signal?: AbortSignal): Promise<Area[]> {
  return http.get(API_ADMIN.areas, { esquema: zLista, signal });
}

export function areasQueryOptions() {
  return queryOptions({
    queryKey: catalogoKeys.lista('areas'),
    queryFn: ({ signal }) => getAreas(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAreas({ habilitada = true } = {}) {
  return useQuery({ ...areasQueryOptions(), enabled: habilitada });
}
