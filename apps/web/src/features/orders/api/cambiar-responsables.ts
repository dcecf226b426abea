import { API_ORDENES, zOrdenDetalle, type OrdenDetalle } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenCambiada } from '../cache';

export interface CambioResponsables {
  id: number;
  /** One id (cambio-responsable) or several (responsables-multiples). */
  responsable: number | number[];
  comentarios?: string | null;
}

/** PUT /api/v3/responsable/{id} {responsable, comentarios}: replaces the responsables. */
export function cambiarResponsables({ id, ...cuerpo }: CambioResponsables): Promise<OrdenDetalle> {
  return http.put(API_ORDENES.responsable(id), cuerpo, { esquema: zOrdenDetalle });
}

export function useCambiarResponsables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarResponsables,
    meta: { errorSilencioso: true },
    onSuccess: (orden) => ordenCambiada(queryClient, orden),
  });
}
