import { API_ORDENES, zOrdenDetalle, type OrdenDetalle } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenCambiada } from '../cache';

export interface CambioEstado {
  id: number;
  estado: number;
  comentarios: string;
}

/** PUT /api/v2/estado/{id} {estado, comentarios}: every change carries a comment (SPEC §4). */
export function cambiarEstado({ id, ...cuerpo }: CambioEstado): Promise<OrdenDetalle> {
  return http.put(API_ORDENES.estado(id), cuerpo, { esquema: zOrdenDetalle });
}

export function useCambiarEstado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarEstado,
    meta: { errorSilencioso: true },
    onSuccess: (orden) => ordenCambiada(queryClient, orden),
  });
}
