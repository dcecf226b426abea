import { RUTAS } from '@delego/contract';
import { useQuery } from '@tanstack/react-query';
import { esNoEncontrado } from '../../../lib/errors';
import { llamar } from '../../../lib/http';
import { soportaPush } from '../../../lib/push';
import { notificacionesKeys } from '../keys';

/** GET /api/v2/notificaciones/vapid: the server's VAPID public key; null when push is off (404). */
export async function getClaveVapid(signal?: AbortSignal): Promise<string | null> {
  try {
    return (await llamar(RUTAS.vapid, { signal })).publicKey;
  } catch (error) {
    if (esNoEncontrado(error)) return null;
    throw error;
  }
}

/** The VAPID key, asked only when someone is logged in on a browser that can receive pushes. */
export function useClaveVapid(habilitada: boolean) {
  return useQuery({
    queryKey: notificacionesKeys.vapid(),
    queryFn: ({ signal }) => getClaveVapid(signal),
    enabled: habilitada && soportaPush(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { errorSilencioso: true },
  });
}
