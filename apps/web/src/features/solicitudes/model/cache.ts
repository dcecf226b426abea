import type { Solicitud } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ordenesKeys } from '../../../domain/orden';
import { planKeys } from '../../../domain/plans';
import { solicitudesKeys } from '../keys';

/**
 * A request accepted or rejected: the answer replaces its detail, the inbox and the menu's badge
 * refetch; an accepted one is a new order, which lists show and the plan's quota counts.
 */
export function solicitudAtendida(queryClient: QueryClient, solicitud: Solicitud): void {
  queryClient.setQueryData(solicitudesKeys.detalle(solicitud.id), solicitud);
  void queryClient.invalidateQueries({ queryKey: solicitudesKeys.listas() });
  void queryClient.invalidateQueries({ queryKey: solicitudesKeys.pendientes() });
  if (solicitud.orden) {
    void queryClient.invalidateQueries({ queryKey: ordenesKeys.listas() });
    void queryClient.invalidateQueries({ queryKey: planKeys.all });
  }
}

/**
 * Something changed in the requests (one arrived, a colleague accepted one): every query of them
 * refetches, except the photos' bytes, which never change.
 */
export function refrescarSolicitudes(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: solicitudesKeys.all,
    predicate: (q) => !q.queryKey.includes('foto'),
  });
}
