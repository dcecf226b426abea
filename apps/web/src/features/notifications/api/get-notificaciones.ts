import { RUTAS, type Notificacion, type UsuarioLogueado } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { notificacionesKeys } from '../keys';
import { ordenarRecientes } from '../model/lista';

/** GET /api/v2/notificaciones/all: the user's notifications, newest first. */
export async function getNotificaciones(signal?: AbortSignal): Promise<Notificacion[]> {
  return ordenarRecientes(await llamar(RUTAS.notificaciones, { signal }));
}

export function notificacionesQueryOptions(usuarioId: number) {
  return queryOptions({
    queryKey: notificacionesKeys.lista(usuarioId),
    queryFn: ({ signal }) => getNotificaciones(signal),
    // The bell asks on every screen: a failure shows on the notifications screen, not as alerts.
    meta: { errorSilencioso: true },
  });
}

/** The logged-in user's notifications; the live socket keeps the cached list current. */
export function useNotificaciones(usuario: Pick<UsuarioLogueado, 'id'> | null) {
  return useQuery({ ...notificacionesQueryOptions(usuario?.id ?? 0), enabled: !!usuario });
}
