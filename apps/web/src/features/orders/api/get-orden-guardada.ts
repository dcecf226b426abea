import { API_ORDENES, zOrdenGuardada, type OrdenGuardada } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenesKeys } from '../keys';

/** GET /api/v2/orden/{id}: the order as saved, references as ids (the edit form starts from it). */
export function getOrdenGuardada(id: number, signal?: AbortSignal): Promise<OrdenGuardada> {
  return http.get(API_ORDENES.orden(id), { esquema: zOrdenGuardada, signal });
}

export function ordenGuardadaQueryOptions(id: number) {
  return queryOptions({
    queryKey: ordenesKeys.guardada(id),
    queryFn: ({ signal }) => getOrdenGuardada(id, signal),
    meta: { errorSilencioso: true },
    // An edit form must start from what is saved now.
    staleTime: 0,
  });
}

export function useOrdenGuardada(id: number | null) {
  return useQuery({ ...ordenGuardadaQueryOptions(id ?? 0), enabled: id !== null });
}
