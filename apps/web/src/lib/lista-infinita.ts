import type { InfiniteScrollCustomEvent, RefresherCustomEvent } from '@ionic/react';

/** What a list read a page at a time offers (TanStack Query's infinite query). */
export interface ListaInfinita {
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
}

/**
 * The pull to refresh and the infinite scroll of a paged list (orders, equipos): each reads again
 * or the next page, and stops its spinner when that settles, also on failure.
 */
export function manejadoresDeLista(lista: ListaInfinita) {
  return {
    async refrescar(e: RefresherCustomEvent) {
      try {
        await lista.refetch();
      } finally {
        await e.detail.complete();
      }
    },
    async cargarMas(e: InfiniteScrollCustomEvent) {
      try {
        if (lista.hasNextPage && !lista.isFetchingNextPage) await lista.fetchNextPage();
      } finally {
        await e.target.complete();
      }
    },
  };
}
