import { RUTAS, type UsuarioLogueado } from '@delego/contract';
import { llamar } from '../../../lib/http';
import { guardarSesion, leerSesion } from '../../../lib/session';

/** True when `usuarioId` is the logged-in user. */
export function esUsuarioEnSesion(usuarioId: number | null | undefined): boolean {
  return usuarioId != null && leerSesion()?.usuario.id === usuarioId;
}

/**
 * Updates the stored session after the logged-in user changed their own data. Every call carries
 * `<usuario>#<md5>` (SPEC §7) and the server forgets the old credentials at once, so a new login
 * name or password is stored before anything else is called; the other fields update the menu.
 */
export function actualizarSesionPropia(cambios: Partial<UsuarioLogueado> & { md5?: string }): void {
  const sesion = leerSesion();
  if (!sesion) return;
  const { md5 = sesion.md5, ...usuario } = cambios;
  guardarSesion({ usuario: { ...sesion.usuario, ...usuario }, md5 });
}

/**
 * Reads the logged-in user again (GET /api/v4/login with the stored credentials), so roles and
 * permissions changed by an administrator on their own user show at once (menu, guards). A
 * failure keeps the stored user: it refreshes on the next login anyway.
 */
export async function releerUsuarioEnSesion(): Promise<void> {
  const sesion = leerSesion();
  if (!sesion) return;
  const credenciales = { usuario: sesion.usuario.usuario, md5: sesion.md5 };
  try {
    const usuario = await llamar(RUTAS.login, { credenciales });
    // Only if nobody logged out or in meanwhile.
    if (leerSesion()?.md5 === credenciales.md5 && leerSesion()?.usuario.id === usuario.id) {
      guardarSesion({ usuario, md5: credenciales.md5 });
    }
  } catch (error) {
    console.warn('No se pudo actualizar el usuario en sesión', error);
  }
}
