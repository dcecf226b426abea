import { API, zRol, type Rol } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';

const zLista = zRol.array();

/** GET /api/v2/roles: the roles an administrator can assign. */
export function getRoles(signal?: AbortSignal): Promise<Rol[]> {
  return http.get(API.roles, { esquema: zLista, signal });
}

export function rolesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.roles(),
    queryFn: ({ signal }) => getRoles(signal),
    staleTime: 10 * 60_000,
  });
}

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
