import { API_REGISTRO, zRegistroOrden, type RegistroOrden } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { registroKeys } from '../keys';

/** GET /api/v2/registro-gastos/{id}: the order's hours and expenses, with totals. */
export function getRegistro(ordenId: number, signal?: AbortSignal): Promise<RegistroOrden> {
  return http.get(API_REGISTRO.registro(ordenId), { esquema: zRegistroOrden, signal });
}

export function registroQueryOptions(ordenId: number) {
  return queryOptions({
    queryKey: registroKeys.registro(ordenId),
    queryFn: ({ signal }) => getRegistro(ordenId, signal),
    meta: { errorSilencioso: true },
  });
}

export function useRegistro(ordenId: number | null) {
  return useQuery({ ...registroQueryOptions(ordenId ?? 0), enabled: ordenId !== null });
}
