import { API_ADMIN, zPermisosDeUsuario, type PermisosDeUsuario } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';

/** GET /api/v4/permisos/{usuario}: the user's global permissions and stored per-client ones. */
export function getPermisosDeUsuario(usuarioId: number, signal?: AbortSignal): Promise<PermisosDeUsuario> {
  return http.get(API_ADMIN.permisosDeUsuario(usuarioId), { esquema: zPermisosDeUsuario, signal });
}

export function permisosDeUsuarioQueryOptions(usuarioId: number) {
  return queryOptions({
    queryKey: adminKeys.permisosDeUsuario(usuarioId),
    queryFn: ({ signal }) => getPermisosDeUsuario(usuarioId, signal),
  });
}

export function usePermisosDeUsuario(usuarioId: number) {
  return useQuery(permisosDeUsuarioQueryOptions(usuarioId));
}
