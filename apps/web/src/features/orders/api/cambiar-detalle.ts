import { API_ORDENES, zOrdenDetalle, type OrdenDetalle } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenCambiada } from '../cache';

/** POST /api/v2/detalle/{id} {detalle}. */
export function cambiarDetalle({ id, detalle }: { id: number; detalle: string }): Promise<OrdenDetalle> {
  return http.post(API_ORDENES.detalleTexto(id), { detalle }, { esquema: zOrdenDetalle });
}

export function useCambiarDetalle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarDetalle,
    meta: { errorSilencioso: true },
    onSuccess: (orden) => ordenCambiada(queryClient, orden),
  });
}
