import { API_ADMIN, zPerfil, type Perfil, type Profile } from '@delego/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { actualizarSesionPropia } from '../../shared/sesion-propia';

/**
 * PUT /api/v2/profile {profile}: the logged-in user's names and email, and (with the current
 * one) the password. Passwords travel as their MD5 hex.
 */
export function actualizarPerfil(datos: Profile): Promise<Perfil> {
  return http.put(API_ADMIN.perfil, datos, { esquema: zPerfil });
}

/**
 * The server forgets the old password at once: the new MD5 is stored before anything else is
 * called, so the session keeps working. The screen shows the errors.
 */
export function useActualizarPerfil() {
  return useMutation({
    mutationFn: actualizarPerfil,
    meta: { errorSilencioso: true },
    onSuccess: (perfil, datos) => {
      actualizarSesionPropia({
        usuario: perfil.usuario,
        nombre: perfil.nombre,
        apellido: perfil.apellido,
        email: perfil.email,
        ...(datos.passwordNueva ? { md5: datos.passwordNueva.toLowerCase() } : {}),
      });
    },
  });
}
