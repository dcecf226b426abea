import type { QueryClient } from '@tanstack/react-query';
import { useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { borrarCacheDeUsuario } from '../../lib/cache-persistente';
import { cerrarCanalesEnVivo } from '../../lib/live';
import { desregistrarDispositivo } from '../../lib/push';
import { borrarSesion, leerSesion } from '../../lib/session';
import { planKeys } from '../../domain/plans';

/**
 * Ends the session on this device (SPEC §4 Logout): unsubscribes the live channels and
 * disconnects, unregisters the device for notifications (both with the session's credentials,
 * so before it goes), removes the stored user, clears the plan and every cached server answer.
 */
export function logout(queryClient: QueryClient): void {
  const sesion = leerSesion();
  void cerrarCanalesEnVivo();
  void desregistrarDispositivo(sesion ? { usuario: sesion.usuario.usuario, md5: sesion.md5 } : undefined);
  // A logout: the guards send to the plain login, not back to the page being left.
  borrarSesion({ salida: true });
  queryClient.removeQueries({ queryKey: planKeys.all });
  queryClient.clear();
  // The answers kept for this user on this device go too (the outbox stays: see lib/outbox).
  if (sesion) void borrarCacheDeUsuario(sesion.usuario.id);
}

/** `logout()` followed by a fresh start at the login screen. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const router = useIonRouter();
  return useCallback(() => {
    // The session's removal re-renders at once while the navigation is a transition, so the
    // guard of the screen being left redirects too: `borrarSesion({ salida })` makes that
    // redirect the plain login as well (no `?volver=` to the previous user's page).
    router.navigateRoot('/login');
    logout(queryClient);
  }, [queryClient, router]);
}
