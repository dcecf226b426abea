import { RUTAS } from '@delego/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificarError } from '../../../lib/errors';
import { llamar } from '../../../lib/http';
import { md5Hex } from '../../../lib/md5';
import { guardarSesion, type Sesion } from '../../../lib/session';
import { planKeys } from '../../../domain/plans';
import { limpiarCachesServidor } from './limpiar-caches';

export interface DatosLogin {
  usuario: string;
  password: string;
}

/** GET /api/v4/login with the user name and the MD5 of the password (SPEC §5, §7). */
export async function login({ usuario, password }: DatosLogin): Promise<Sesion> {
  const md5 = md5Hex(password);
  const datos = await llamar(RUTAS.login, { credenciales: { usuario, md5 } });
  return { usuario: datos, md5 };
}

/**
 * What a successful login does (SPEC §4): store the user, clear the server caches for clients
 * and users, publish the plan. Navigating to '/' is left to the screen.
 */
export async function completarLogin(sesion: Sesion, queryClient: QueryClient): Promise<void> {
  // Nothing cached for a previous user may survive into this session.
  queryClient.removeQueries();
  guardarSesion(sesion);
  const resultados = await Promise.allSettled(limpiarCachesServidor());
  // The login itself worked: a cache that could not be cleared is reported, not fatal.
  const fallo = resultados.find((r) => r.status === 'rejected');
  if (fallo) notificarError(fallo.reason);
  queryClient.setQueryData(planKeys.estado(sesion.usuario.id), sesion.usuario.plan);
}

/**
 * The screen shows the errors: an account not confirmed yet in place, with 'Reenviar correo'
 * (issue 12); the rest in the generic 'Atención' alert (SPEC §8).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorSilencioso: true },
    mutationFn: async (datos: DatosLogin) => {
      const sesion = await login(datos);
      await completarLogin(sesion, queryClient);
      return sesion;
    },
  });
}
