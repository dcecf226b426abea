import { RUTAS } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { llamar } from '../../../../lib/http';
import { adminKeys } from '../../keys';
import { esUsuarioEnSesion, releerUsuarioEnSesion } from '../../shared/sesion-propia';

/**
 * DELETE /api/v4/permisos/{usuario}/{cliente}: removes every permission of the user on the
 * client. Errors reach the 'Atención' alert (the mutation cache reports them).
 */
export function useQuitarPermisosCliente(usuario: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cliente: number) => llamar(RUTAS.quitarPermisosCliente, { params: { usuario, cliente } }),
    onSuccess: async (estado) => {
      queryClient.setQueryData(adminKeys.permisosDeUsuario(usuario), estado);
      if (esUsuarioEnSesion(usuario)) await releerUsuarioEnSesion();
    },
  });
}
