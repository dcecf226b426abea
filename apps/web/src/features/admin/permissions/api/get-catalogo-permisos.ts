import { API, zPermiso, type Permiso } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';

const zLista = zPermiso.array();

/** GET /api/v4/permisos: every permission, global and per client, with its description. */
export function getCatalogoPermisos(signal?: AbortSignal): Promise<Permiso[]> {
  return http.get(API.permisos, { esquema: zLista, signal });
}

export function catalogoPermisosQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.catalogoPermisos(),
    queryFn: ({ signal }) => getCatalogoPermisos(signal),
    staleTime: 10 * 60_000,
  });
}

export function useCatalogoPermisos() {
  return useQuery(catalogoPermisosQueryOptions());
}
