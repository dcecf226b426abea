import type { Notificacion } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { notificacionesKeys } from '../keys';
import { anunciarNotificacion } from './avisos';
import { agregarNotificacion } from './lista';

/**
 * A notification arrived on /usuario/{id}: it joins the cached list (so the unread count and the
 * screen update without a request) and is announced for the toast.
 */
export function notificacionRecibida(queryClient: QueryClient, usuarioId: number, n: Notificacion): void {
  const clave = notificacionesKeys.lista(usuarioId);
  if (queryClient.getQueryData<Notificacion[]>(clave)) {
    queryClient.setQueryData<Notificacion[]>(clave, (lista) => agregarNotificacion(lista ?? [], n));
  } else {
    void queryClient.invalidateQueries({ queryKey: clave });
  }
  anunciarNotificacion(n);
}
