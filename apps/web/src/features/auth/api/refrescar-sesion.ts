import { RUTAS } from '@delego/contract';
import { ApiError } from '../../../lib/errors';
import { llamar } from '../../../lib/http';
import { borrarSesion, guardarSesion, leerSesion } from '../../../lib/session';

/** At most one refresh in this time: the live socket may be refused on every retry (5 s). */
export const REFRESCO_MINIMO_MS = 15_000;

/** How long refused credentials wait for a change of one's own credentials before ending the session. */
export const ESPERA_ANTES_DE_SALIR_MS = 1_500;

let ultimo = Number.NEGATIVE_INFINITY;
let enCurso: Promise<void> | null = null;

/**
 * Reads the logged-in user again (GET /api/v4/login with the stored credentials) and stores it if
 * it changed: the server refuses, and closes, a live socket whose user's permissions or
 * credentials changed, and the subscriptions must follow the new permissions (SPEC §6).
 * Credentials that are no longer valid end the session, so the guards send the person to login
 * instead of retrying them every 5 seconds.
 */
export function refrescarSesion(ahora = Date.now()): Promise<void> {
  if (enCurso) return enCurso;
  if (ahora - ultimo < REFRESCO_MINIMO_MS) return Promise.resolve();
  const sesion = leerSesion();
  if (!sesion) return Promise.resolve();
  ultimo = ahora;
  const credenciales = { usuario: sesion.usuario.usuario, md5: sesion.md5 };
  enCurso = llamar(RUTAS.login, { credenciales })
    .then(
      (usuario) => {
        const actual = leerSesion();
        // Only if nobody logged out or in meanwhile.
        if (actual?.md5 !== sesion.md5 || actual.usuario.id !== usuario.id) return;
        if (JSON.stringify(actual.usuario) !== JSON.stringify(usuario)) guardarSesion({ usuario, md5: sesion.md5 });
      },
      async (error: unknown) => {
        const invalidas = error instanceof ApiError && (error.status === 401 || error.code === 'LOGIN_INVALIDO');
        if (!invalidas) return;
        // A change of one's own login name or password closes the socket too, and its answer (which
        // stores the new credentials) may come after this refusal: only credentials still the
        // refused ones a moment later end the session.
        await new Promise((r) => setTimeout(r, ESPERA_ANTES_DE_SALIR_MS));
        const actual = leerSesion();
        if (actual?.md5 === sesion.md5 && actual.usuario.usuario === sesion.usuario.usuario) borrarSesion();
      },
    )
    .finally(() => {
      enCurso = null;
    });
  return enCurso;
}

/** Tests: forget the last refresh. */
export function reiniciarRefresco(): void {
  ultimo = Number.NEGATIVE_INFINITY;
  enCurso = null;
}
