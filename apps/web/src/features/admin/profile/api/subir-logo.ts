import { API_ADMIN, zLogoGuardado } from '@delego/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { actualizarSesionPropia } from '../../shared/sesion-propia';

/**
 * PUT /api/v3/entidad/logo {logo}: a PNG, JPEG or WebP image as a data URL (admins only); the
 * server answers it re-encoded. null removes the logo.
 */
export function subirLogo(logo: string | null): Promise<{ logo: string | null }> {
  return http.put(API_ADMIN.logo, { logo }, { esquema: zLogoGuardado });
}

/** The stored user carries the logo, so the menu shows the new one at once. */
export function useSubirLogo() {
  return useMutation({
    mutationFn: subirLogo,
    meta: { errorSilencioso: true },
    onSuccess: ({ logo }) => actualizarSesionPropia({ logo }),
  });
}
