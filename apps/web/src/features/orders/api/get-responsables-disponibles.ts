import { API_ORDENES, zResponsableDisponible } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenesKeys } from '../keys';

const zLista = zResponsableDisponible.array();
export type ResponsableDisponible = ReturnType<typeof zResponsableDisponible.parse>;

/** GET /api/v2/usuarios/{clientId|todos}: who can be made responsable. */
export function getResponsablesDisponibles(
  cliente: number | 'todos',
  signal?: AbortSignal,
): Promise<ResponsableDisponible[]> {
  return http.get(API_ORDENES.responsablesDisponibles(cliente), { esquema: zLista, signal });
}

export function responsablesDisponiblesQueryOptions(cliente: number | 'todos') {
  return queryOptions({
    queryKey: ordenesKeys.responsablesDisponibles(cliente),
    queryFn: ({ signal }) => getResponsablesDisponibles(cliente, signal),
    staleTime: 5 * 60_000,
  });
}

export function useResponsablesDisponibles(cliente: number | 'todos', { habilitada = true } = {}) {
  return useQuery({ ...responsablesDisponiblesQueryOptions(cliente), enabled: habilitada });
}
