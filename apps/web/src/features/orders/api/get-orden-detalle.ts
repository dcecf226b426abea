import { RUTAS, type OrdenDetalle } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { llamar } from '../../../lib/http';
import { ordenesKeys } from '../keys';

/** GET /api/v3/ordenDTO/{id}: the order as read, with what the reader may do with it. */
export function getOrdenDetalle(id: number, signal?: AbortSignal): Promise<OrdenDetalle> {
  return llamar(RUTAS.ordenDetalle, { params: { id }, signal });
}

export function ordenDetalleQueryOptions(id: number) {
  return queryOptions({
    queryKey: ordenesKeys.detalle(id),
    queryFn: ({ signal }) => getOrdenDetalle(id, signal),
    // The screens show their own error state (not found, no access) with a retry button.
    meta: { errorSilencioso: true },
  });
}

export function useOrdenDetalle(id: number | null) {
  return useQuery({ ...ordenDetalleQueryOptions(id ?? 0), enabled: id !== null });
}
