import { RUTAS, type UsuarioAdmin } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../../lib/http';
import { adminKeys } from '../../keys';

/** GET /api/v4/usuario/{id} */
export function getUsuario(id: number, signal?: AbortSignal): Promise<UsuarioAdmin> {
  return llamar(RUTAS.usuario, { params: { id }, signal });
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
