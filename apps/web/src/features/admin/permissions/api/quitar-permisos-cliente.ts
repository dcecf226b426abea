import { API_ADMIN, zPermisosDeUsuario, type PermisosDeUsuario } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { adminKeys } from '../../keys';
import { esUsuarioEnSesion, releerUsuarioEnSesion } from '../../shared/sesion-propia';

/** DELETE /api/v4/permisos/{usuario}/{cliente}: removes every permission of the user on the client. */
export function quitarPermisosCliente(usuarioId: number, clienteId: number): Promise<PermisosDeUsuario> {
  return http.delete(API_ADMIN.quitarPermisosCliente(usuarioId, clienteId), { esquema: zPermisosDeUsuario });
}

/** Errors reach the 'Atención' alert (the mutation cache reports them). */
export function useQuitarPermisosCliente(usuarioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clienteId: number) => quitarPermisosCliente(usuarioId, clienteId),
    onSuccess: async (estado) => {
      queryClient.setQueryData(adminKeys.permisosDeUsuario(usuarioId), estado);
      if (esUsuarioEnSesion(usuarioId)) await releerUsuarioEnSesion();
    },
  });
}
