import { RUTAS, type Profile } from '@delego/contract';
import { mutacionDe } from '../../../../lib/consultas';
import { actualizarSesionPropia } from '../../shared/sesion-propia';

/**
 * PUT /api/v2/profile {profile}: the logged-in user's names and email, and (with the current
 * one) the password. Passwords travel as their MD5 hex. The server forgets the old password at
 * once: the new MD5 is stored before anything else is called, so the session keeps working. The
 * screen shows the errors.
 */
export const { useMutacion: useActualizarPerfil } = mutacionDe(
  RUTAS.actualizarPerfil,
  (cuerpo: Profile) => ({ cuerpo }),
  {
    errorSilencioso: true,
    alResponder: (_queryClient, perfil, datos) =>
      actualizarSesionPropia({
        usuario: perfil.usuario,
        nombre: perfil.nombre,
        apellido: perfil.apellido,
        email: perfil.email,
        ...(datos.passwordNueva ? { md5: datos.passwordNueva.toLowerCase() } : {}),
      }),
  },
);
