import { API_ADMIN, LIMITES_ADMIN, zUsuarioAdmin, type UsuarioAdmin } from '@delego/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';

const zLista = zUsuarioAdmin.array();

/** The search text as sent: trimmed and within the server's limit. */
export function textoDeBusqueda(texto: string): string {
  return texto.trim().slice(0, LIMITES_ADMIN.buscar);
}

/** GET /api/v4/buscar/{texto}: users whose login, name or email contains the text. */
export function buscarUsuarios(texto: string, signal?: AbortSignal): Promise<UsuarioAdmin[]> {
  return http.get(API_ADMIN.buscarUsuarios(texto), { esquema: zLista, signal });
}

export function buscarUsuariosQueryOptions(texto: string) {
  return queryOptions({
    queryKey: adminKeys.busquedaUsuarios(texto),
    queryFn: ({ signal }) => buscarUsuarios(texto, signal),
  });
}

/** Searches once `texto` (already debounced) is not empty; keeps the last results while typing. */
export function useBuscarUsuarios(texto: string) {
  const limpio = textoDeBusqueda(texto);
  return useQuery({
    ...buscarUsuariosQueryOptions(limpio),
    enabled: limpio.length > 0,
    placeholderData: keepPreviousData,
  });
}
