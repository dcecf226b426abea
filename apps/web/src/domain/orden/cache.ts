import type { OrdenDetalle } from '@delego/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { planKeys } from '../plans';
import { ordenesKeys } from './keys';

/**
 * What a change to an order makes stale. The server answers every change with the order as read
 * now, so the detail is replaced at once; the lists, the saved form and the history refetch.
 */
export function ordenCambiada(queryClient: QueryClient, orden: OrdenDetalle): void {
  queryClient.setQueryData(ordenesKeys.detalle(orden.id), orden);
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.listas() });
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.guardada(orden.id) });
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.historial(orden.id) });
}

/** A new order also takes one from the plan's quota (the menu's plan panel) and may add a client to the filter. */
export function ordenCreada(queryClient: QueryClient, orden: OrdenDetalle): void {
  ordenCambiada(queryClient, orden);
  void queryClient.invalidateQueries({ queryKey: planKeys.all });
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.catalogo('clientes-usados') });
}

/**
 * A deleted order leaves every list; its own queries are dropped. The page that deleted it is still
 * mounted while it goes back, and a query dropped under a page that still reads it would be asked
 * for again (a 404 from the server): each one is dropped when its last reader has gone.
 */
export function ordenEliminada(queryClient: QueryClient, id: number): void {
  for (const queryKey of [ordenesKeys.detalle(id), ordenesKeys.guardada(id), ordenesKeys.historial(id)]) {
    soltarSinLectores(queryClient, queryKey);
  }
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.listas() });
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.catalogo('clientes-usados') });
}

/** The key of the deletion of an order (its variables are the order's id). */
export const ELIMINAR_ORDEN = [...ordenesKeys.all, 'eliminar'] as const;

/**
 * Whether this app is deleting, or has deleted, order `id` (a deletion kept in the mutation cache):
 * its live message then asks nothing of that order again, as its page is already going back.
 */
export function eliminadaAqui(queryClient: QueryClient, id: number): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: ELIMINAR_ORDEN, exact: true })
    .some((m) => m.state.variables === id && m.state.status !== 'error');
}

/** Drops the queries under `queryKey` now if nobody reads them, else when their last reader goes. */
function soltarSinLectores(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient.cancelQueries({ queryKey });
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey })) {
    if (query.getObserversCount() === 0) {
      cache.remove(query);
      continue;
    }
    const dejar = cache.subscribe((evento) => {
      if (evento.query !== query) return;
      if (evento.type === 'removed') dejar();
      else if (evento.type === 'observerRemoved' && query.getObserversCount() === 0) {
        dejar();
        cache.remove(query);
      }
    });
  }
}
