import { API_ADMIN, zClienteAsignable, type ClienteAsignable } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenesKeys } from '../keys';

const zLista = zClienteAsignable.array();

/** GET /api/v2/empresasAsignables: the clients the logged-in user may delegate orders to. */
export function getEmpresasAsignables(signal?: AbortSignal): Promise<ClienteAsignable[]> {
  return http.get(API_ADMIN.empresasAsignables, { esquema: zLista, signal });
}

export function empresasAsignablesQueryOptions() {
  return queryOptions({
    queryKey: ordenesKeys.catalogo('empresas-asignables'),
    queryFn: ({ signal }) => getEmpresasAsignables(signal),
    staleTime: 60_000,
  });
}

export function useEmpresasAsignables({ habilitada = true } = {}) {
  return useQuery({ ...empresasAsignablesQueryOptions(), enabled: habilitada });
}
