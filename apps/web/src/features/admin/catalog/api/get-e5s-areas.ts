import { API_ADMIN, zE5sArea, type E5sArea } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { catalogoKeys } from '../../../../lib/catalogo-keys';

const zLista = zE5sArea.array();

/** GET /api/v2/e5s/areas: the company's E5S area catalogue (key and name). */
export function getE5sAreas(signal?: AbortSignal): Promise<E5sArea[]> {
  return http.get(API_ADMIN.e5sAreas, { esquema: zLista, signal });
}

export function e5sAreasQueryOptions() {
  return queryOptions({
    queryKey: catalogoKeys.lista('e5s'),
    queryFn: ({ signal }) => getE5sAreas(signal),
  });
}

export function useE5sAreas() {
  return useQuery(e5sAreasQueryOptions());
}
