import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../../lib/consultas';
import { actualizarSesionPropia } from '../../shared/sesion-propia';

/**
 * POST /api/v2/profile {username}: changes the logged-in user's login name. The old one stops
 * working at once: the new one is stored right away.
 */
export const { useMutacion: useCambiarUsuario } = mutacionDe(
  RUTAS.cambiarUsuario,
  (username: string) => ({ cuerpo: { username } }),
  {
    errorSilencioso: true,
    alResponder: (_queryClient, perfil) => actualizarSesionPropia({ usuario: perfil.usuario }),
  },
);
