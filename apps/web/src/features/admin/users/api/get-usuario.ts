import { API_ADMIN, zUsuarioAdmin, type UsuarioAdmin } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';

/** GET /api/v4/usuario/{id} */
export function getUsuario(id: number, signal?: AbortSignal): Promise<UsuarioAdmin> {
  return http.get(API_ADMIN.usuario(id), { esquema: zUsuarioAdmin, signal });
}

export function usuarioQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.usuario(id),
    queryFn: ({ signal }) => getUsuario(id, signal),
  });
}

/** One user; nothing is fetched while `id` is null (a new user). */
export function useUsuario(id: number | null) {
  return useQuery({ ...usuarioQueryOptions(id ?? 0), enabled: id !== null });
}
