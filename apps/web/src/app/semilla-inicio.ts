import { zPaginaOrdenes } from '@delego/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ordenesKeys } from '../domain/orden/keys';
import { FILTROS_INICIALES, cuerpoDeFiltros } from '../features/orders/model/filtros';
import { zonaEmpresa } from '../lib/zona-empresa';

/** The pages the first-stage Inicio read (features/orders/inicio-ligero), and when. */
export interface SemillaInicio {
  paginas: readonly unknown[];
  obtenidaEn: number;
}

/**
 * Puts the first-stage Inicio's pages in the full app's cache as the answer of the default list,
 * so Inicio shows them at once instead of asking again. They are checked with the contract's
 * schema first: a page that does not pass is dropped and the list is simply asked for.
 * Returns whether they were taken.
 */
export function sembrarInicio(queryClient: QueryClient, semilla: SemillaInicio): boolean {
  const paginas = [];
  for (const cruda of semilla.paginas) {
    const leida = zPaginaOrdenes.safeParse(cruda);
    if (!leida.success) return false;
    paginas.push(leida.data);
  }
  if (paginas.length === 0) return false;
  queryClient.setQueryData(
    ordenesKeys.lista(cuerpoDeFiltros(FILTROS_INICIALES, zonaEmpresa())),
    { pages: paginas, pageParams: paginas.map((_, i) => i) },
    { updatedAt: semilla.obtenidaEn },
  );
  return true;
}
