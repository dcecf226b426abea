import { RUTAS } from '@delego/contract';
import { mutacionDe } from '../../../../lib/consultas';
import { actualizarSesionPropia } from '../../shared/sesion-propia';

/**
 * PUT /api/v3/entidad/logo {logo}: a PNG, JPEG or WebP image as a data URL (admins only); the
 * server answers it re-encoded. null removes the logo. The stored user carries the logo, so the
 * menu shows the new one at once.
 */
export const { useMutacion: useSubirLogo } = mutacionDe(RUTAS.logo, (logo: string | null) => ({ cuerpo: { logo } }), {
  errorSilencioso: true,
  alResponder: (_queryClient, { logo }) => actualizarSesionPropia({ logo }),
});
