import { API_ORDENES, zOrdenDetalle, type OrdenDetalle } from '@delego/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ordenCambiada } from '../cache';

/** POST /api/v2/titulo/{id} {titulo}. */
export function cambiarTitulo({ id, titulo }: { id: number; titulo: string }): Promise<OrdenDetalle> {
  return http.post(API_ORDENES.titulo(id), { titulo }, { esquema: zOrdenDetalle });
}

export function useCambiarTitulo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cambiarTitulo,
    meta: { errorSilencioso: true },
    onSuccess: (orden) => ordenCambiada(queryClient, orden),
  });
}
