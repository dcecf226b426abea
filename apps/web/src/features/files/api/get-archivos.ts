import { API_ARCHIVOS, zArchivo, type Archivo } from '@delego/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { archivosKeys } from '../keys';

export const zListaArchivos = zArchivo.array();

/** GET /api/v2/archivos/{id}: the order's files, with who uploaded them and when. */
export function getArchivos(ordenId: number, signal?: AbortSignal): Promise<Archivo[]> {
  return http.get(API_ARCHIVOS.lista(ordenId), { esquema: zListaArchivos, signal });
}

export function archivosQueryOptions(ordenId: number) {
  return queryOptions({
    queryKey: archivosKeys.lista(ordenId),
    queryFn: ({ signal }) => getArchivos(ordenId, signal),
    // The screens show their own error state (not found, no access) with a retry button.
    meta: { errorSilencioso: true },
  });
}

export function useArchivos(ordenId: number | null) {
  return useQuery({ ...archivosQueryOptions(ordenId ?? 0), enabled: ordenId !== null });
}
