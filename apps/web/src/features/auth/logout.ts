import type { QueryClient } from '@tanstack/react-query';
import { useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cerrarCanalesEnVivo } from '../../lib/live';
import { desregistrarDispositivo } from '../../lib/push';
import { borrarSesion, leerSesion } from '../../lib/session';
import { planKeys } from '../plan';

/**
 * Ends the session on this device (SPEC §4 Logout): unsubscribes the live channels and
 * disconnects, unregisters the device for notifications (both with the session's credentials,
 * so before it goes), removes the stored user, clears the plan and every cached server answer.
 */
export function logout(queryClient: QueryClient): void {
  const sesion = leerSesion();
  void cerrarCanalesEnVivo();
  void desregistrarDispositivo(sesion ? { usuario: sesion.usuario.usuario, md5: sesion.md5 } : undefined);
  borrarSesion();
  queryClient.removeQueries({ queryKey: planKeys.all });
  queryClient.clear();
}

/** `logout()` followed by a fresh start at the login screen. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const router = useIonRouter();
  return useCallback(() => {
    // Navigate first so the guarded screen being left does not redirect on its own.
    router.navigateRoot('/login');
    logout(queryClient);
  }, [queryClient, router]);
}
