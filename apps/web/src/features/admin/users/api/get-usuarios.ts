import { API_ADMIN, zUsuarioAdmin, type UsuarioAdmin } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';

const zLista = zUsuarioAdmin.array();

/** GET /api/v2/usuarios: every user of the company, active or not (needs altaUsuarios). */
export function getUsuarios(signal?: AbortSignal): Promise<UsuarioAdmin[]> {
  return http.get(API_ADMIN.usuarios, { esquema: zLista, signal });
}

export function usuariosQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.listaUsuarios(),
    queryFn: ({ signal }) => getUsuarios(signal),
  });
}

export function useUsuarios({ habilitada = true }: { habilitada?: boolean } = {}) {
  return useQuery({ ...usuariosQueryOptions(), enabled: habilitada });
}
