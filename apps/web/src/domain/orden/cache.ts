import type { OrdenDetalle } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
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

/** A deleted order leaves every list; its own queries are dropped. */
export function ordenEliminada(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: ordenesKeys.detalle(id) });
  queryClient.removeQueries({ queryKey: ordenesKeys.guardada(id) });
  queryClient.removeQueries({ queryKey: ordenesKeys.historial(id) });
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.listas() });
  void queryClient.invalidateQueries({ queryKey: ordenesKeys.catalogo('clientes-usados') });
}
