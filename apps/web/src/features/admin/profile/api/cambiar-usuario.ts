import { API_ADMIN, zPerfil, type Perfil } from '@delego/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { actualizarSesionPropia } from '../../shared/sesion-propia';

/** POST /api/v2/profile {username}: changes the logged-in user's login name. */
export function cambiarUsuario(username: string): Promise<Perfil> {
  return http.post(API_ADMIN.perfil, { username }, { esquema: zPerfil });
}

/** The old login name stops working at once: the new one is stored right away. */
export function useCambiarUsuario() {
  return useMutation({
    mutationFn: cambiarUsuario,
    meta: { errorSilencioso: true },
    onSuccess: (perfil) => actualizarSesionPropia({ usuario: perfil.usuario }),
  });
}
