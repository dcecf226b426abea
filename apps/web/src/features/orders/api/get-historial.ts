import { API_ORDENES, zEventoOrden, type EventoOrden } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenesKeys } from '../keys';

const zLista = zEventoOrden.array();

/** GET /api/v2/historial/detalle/{id}: the order's events, oldest first. */
export function getHistorial(id: number, signal?: AbortSignal): Promise<EventoOrden[]> {
  return http.get(API_ORDENES.historial(id), { esquema: zLista, signal });
}

export function historialQueryOptions(id: number) {
  return queryOptions({
    queryKey: ordenesKeys.historial(id),
    queryFn: ({ signal }) => getHistorial(id, signal),
    meta: { errorSilencioso: true },
  });
}

export function useHistorial(id: number | null) {
  return useQuery({ ...historialQueryOptions(id ?? 0), enabled: id !== null });
}
