import type { Filtros, OrdenDetalle } from '@delego/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ordenesKeys } from '../../../domain/orden';
import { respuestasGuardadas } from '../../../lib/cache-persistente';
import { ordenesQueryOptions } from '../api/get-ordenes';
import { buscarEnGuardadas } from '../model/busqueda-sin-conexion';

type Cuerpo = Omit<Filtros, 'pagina'>;

/**
 * Offline, a search never asked with a connection has nothing kept: it is answered on the phone,
 * among the orders of the same list without the search (`base`), as kept on the device (the
 * persister restores it: networkMode offlineFirst runs the query once). Only while `activa`; null
 * when that list was never kept either. The descriptions come from the orders opened on this
 * device, in memory or kept.
 */
export function useBusquedaSinConexion(base: Cuerpo, buscar: string, activa: boolean) {
  const queryClient = useQueryClient();
  const lista = useInfiniteQuery({ ...ordenesQueryOptions(base), enabled: activa });
  const guardados = useQuery({
    // Not under 'ordenes': it is read from the device, never kept nor refreshed with the orders.
    queryKey: ['busqueda-sin-conexion', 'detalles'],
    queryFn: detallesGuardados,
    enabled: activa,
    // Read again when stale (30 s), so what was opened since counts too.
    gcTime: 0,
    networkMode: 'always',
  });
  return useMemo(() => {
    if (!activa || !lista.data || lista.isPlaceholderData) return null;
    const ordenes = lista.data.pages.flatMap((p) => p.ordenes);
    const detalleDe = (id: number) =>
      queryClient.getQueryData<OrdenDetalle>(ordenesKeys.detalle(id))?.detalle ?? guardados.data?.get(id);
    return { guardadas: ordenes.length, halladas: buscarEnGuardadas(ordenes, buscar, detalleDe), lista };
  }, [activa, lista, buscar, guardados.data, queryClient]);
}

/** The descriptions of the orders kept on this device, by id. */
async function detallesGuardados(): Promise<Map<number, string>> {
  const detalles = new Map<number, string>();
  for (const { data } of await respuestasGuardadas([...ordenesKeys.all, 'detalle'])) {
    const orden = data as Partial<OrdenDetalle> | null;
    if (orden && typeof orden.id === 'number' && typeof orden.detalle === 'string')
      detalles.set(orden.id, orden.detalle);
  }
  return detalles;
}
