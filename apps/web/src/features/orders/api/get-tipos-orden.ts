import { API_ADMIN, zTipoOrden, type TipoOrden } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { catalogoKeys } from '../../../lib/catalogo-keys';

const zLista = zTipoOrden.array();

/** GET /api/v2/tipoOrden/all: the order types in use (archived ones are left out). */
export function getTiposOrden(signal?: AbortSignal): Promise<TipoOrden[]> {
  return http.get(API_ADMIN.tiposOrden, { esquema: zLista, signal });
}

export function tiposOrdenQueryOptions() {
  return queryOptions({
    queryKey: catalogoKeys.lista('tipos'),
    queryFn: ({ signal }) => getTiposOrden(signal),
    staleTime: 5 * 60_000,
  });
}

export function useTiposOrden({ habilitada = true } = {}) {
  return useQuery({ ...tiposOrdenQueryOptions(), enabled: habilitada });
}
