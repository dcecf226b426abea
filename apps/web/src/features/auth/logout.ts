import type { QueryClient } from '@tanstack/react-query';
import { useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { borrarSesion } from '../../lib/session';
import { planKeys } from '../plan';

/**
 * Ends the session on this device (SPEC §4 Logout): removes the stored user, clears the plan
 * and every cached server answer.
 *
 * Later issues add here, before the session is removed (they need its credentials):
 * - unsubscribe the live channels (STOMP client);
 * - unregister the device for notifications.
 */
export function logout(queryClient: QueryClient): void {
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
